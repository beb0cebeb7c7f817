import ClipKit

/// The `applinks` section: the apps that open the domain's URLs as universal links, and which URLs.
public struct AASAAppLinks: Sendable, Hashable {
    /// The legacy `apps` key. Files for iOS 12 and earlier had to carry it as an empty array; the
    /// system ignores it since iOS 13. `nil` when the key is absent.
    public var legacyApps: [String]?
    /// Domain-level matching defaults, `defaults`; each detail's defaults override them.
    public var defaults: AASAMatchingDefaults?
    /// Custom substitution variables, `substitutionVariables`: each name stands for any of its strings.
    public var substitutionVariables: [String: [String]]?
    /// The apps and the URLs each handles, `details`, in the order the system evaluates them.
    public var details: [AASADetail]
    /// Whether the file writes `details` in its oldest form, an object keyed by application
    /// identifier (`{"TEAMID.bundle.id": {"paths": […]}}`). iOS still reads it; the entries are
    /// then evaluated in the order of their identifiers, each with its key as its `appID`.
    public var detailsKeyedByAppID = false

    /// Creates the section.
    public init(
        details: [AASADetail], defaults: AASAMatchingDefaults? = nil,
        substitutionVariables: [String: [String]]? = nil, legacyApps: [String]? = nil
    ) {
        self.details = details
        self.defaults = defaults
        self.substitutionVariables = substitutionVariables
        self.legacyApps = legacyApps
    }

    /// The keys the system reads in `applinks`.
    public static let knownKeys: Set<String> = ["apps", "defaults", "details", "substitutionVariables"]

    /// The section as JSON.
    public var json: JSONValue {
        var members: [String: JSONValue] = ["details": .array(details.map(\.json))]
        if detailsKeyedByAppID {
            var keyed: [String: JSONValue] = [:]
            for detail in details {
                guard let appID = detail.legacyAppID, case .object(var entry) = detail.json else { continue }
                entry["appID"] = nil
                keyed[appID] = .object(entry)
            }
            members["details"] = .object(keyed)
        }
        if let legacyApps { members["apps"] = .array(legacyApps.map(JSONValue.string)) }
        if let defaults { members["defaults"] = defaults.json }
        if let substitutionVariables {
            members["substitutionVariables"] = .object(substitutionVariables.mapValues { .array($0.map(JSONValue.string)) })
        }
        return .object(members)
    }
}
