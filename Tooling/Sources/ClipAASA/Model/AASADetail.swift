import ClipKit

/// One entry of `applinks.details`: a set of apps and the URL patterns they open.
///
/// The modern form (iOS 13 and later) lists `appIDs` and `components`; the legacy form has one
/// `appID` and `paths`, where a path starting with `NOT ` excludes. When an entry has both
/// `components` and `paths`, iOS 13 and later use `components` and ignore `paths`.
public struct AASADetail: Sendable, Hashable {
    /// The application identifiers, `appIDs`: `TEAMID.bundleID` each.
    public var appIDs: [String]?
    /// The legacy single application identifier, `appID`.
    public var legacyAppID: String?
    /// The URL patterns, `components`, in evaluation order: the first that matches decides.
    public var components: [AASAComponent]?
    /// The legacy path patterns, `paths`, in evaluation order; `NOT ` in front excludes.
    public var legacyPaths: [String]?
    /// App-level matching defaults, `defaults`, overriding the domain's.
    public var defaults: AASAMatchingDefaults?

    /// Creates a modern entry.
    public init(appIDs: [String], components: [AASAComponent], defaults: AASAMatchingDefaults? = nil) {
        self.appIDs = appIDs
        self.components = components
        self.defaults = defaults
    }

    /// Creates an entry from any mix of modern and legacy keys, as a file may hold them.
    public init(
        appIDs: [String]?, legacyAppID: String?, components: [AASAComponent]?,
        legacyPaths: [String]?, defaults: AASAMatchingDefaults?
    ) {
        self.appIDs = appIDs
        self.legacyAppID = legacyAppID
        self.components = components
        self.legacyPaths = legacyPaths
        self.defaults = defaults
    }

    /// The keys the system reads in a detail.
    public static let knownKeys: Set<String> = ["appID", "appIDs", "components", "paths", "defaults"]

    /// Every app this entry applies to, as iOS reads it: `appIDs` when the entry has that key
    /// (even an empty list), otherwise the legacy `appID`.
    ///
    /// An entry with both keys applies to its `appIDs` alone; iOS ignores the `appID` beside them,
    /// as Apple's `swcutil` shows.
    public var applicationIdentifiers: [String] {
        if let appIDs { return appIDs }
        return legacyAppID.map { [$0] } ?? []
    }

    /// The legacy `appID` when iOS ignores it: the entry also has `appIDs`, which do not name it.
    public var ignoredLegacyAppID: String? {
        guard let appIDs, let legacyAppID, !appIDs.contains(legacyAppID) else { return nil }
        return legacyAppID
    }

    /// The patterns the system evaluates: `components` when present, otherwise the legacy
    /// `paths` turned into path-only components (`NOT ` becoming `exclude`).
    public var effectiveComponents: [AASAComponent] {
        if let components { return components }
        return (legacyPaths ?? []).map(AASAComponent.init(legacyPath:))
    }

    /// Whether the evaluated patterns come from the legacy `paths`.
    public var usesLegacyPaths: Bool { components == nil && legacyPaths != nil }

    /// The entry as JSON.
    public var json: JSONValue {
        var members: [String: JSONValue] = [:]
        if let appIDs { members["appIDs"] = .array(appIDs.map(JSONValue.string)) }
        if let legacyAppID { members["appID"] = .string(legacyAppID) }
        if let components { members["components"] = .array(components.map(\.json)) }
        if let legacyPaths { members["paths"] = .array(legacyPaths.map(JSONValue.string)) }
        if let defaults { members["defaults"] = defaults.json }
        return .object(members)
    }
}
