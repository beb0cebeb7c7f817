import ClipKit

/// Matching defaults, `defaults`, at the domain level (`applinks.defaults`) or the app level
/// (a detail's `defaults`).
///
/// A component's own setting wins over its detail's defaults, which win over the domain's; what
/// nobody sets is `true`.
public struct AASAMatchingDefaults: Sendable, Hashable {
    /// Whether matching respects case.
    public var caseSensitive: Bool?
    /// Whether patterns are written percent-encoded.
    public var percentEncoded: Bool?

    /// Creates defaults.
    public init(caseSensitive: Bool? = nil, percentEncoded: Bool? = nil) {
        self.caseSensitive = caseSensitive
        self.percentEncoded = percentEncoded
    }

    /// The keys the system reads in `defaults`.
    public static let knownKeys: Set<String> = ["caseSensitive", "percentEncoded"]

    /// The defaults as JSON.
    public var json: JSONValue {
        var members: [String: JSONValue] = [:]
        if let caseSensitive { members["caseSensitive"] = .bool(caseSensitive) }
        if let percentEncoded { members["percentEncoded"] = .bool(percentEncoded) }
        return .object(members)
    }
}

/// The matching settings in effect for one component, after the defaults cascade.
public struct AASAMatchingOptions: Sendable, Hashable {
    /// Whether matching respects case.
    public var caseSensitive: Bool
    /// Whether patterns are written percent-encoded.
    public var percentEncoded: Bool

    /// Creates resolved settings.
    public init(caseSensitive: Bool = true, percentEncoded: Bool = true) {
        self.caseSensitive = caseSensitive
        self.percentEncoded = percentEncoded
    }

    /// The settings for `component`: its own, else its detail's defaults, else the domain's, else `true`.
    public init(component: AASAComponent, detailDefaults: AASAMatchingDefaults?, domainDefaults: AASAMatchingDefaults?) {
        caseSensitive = component.caseSensitive ?? detailDefaults?.caseSensitive ?? domainDefaults?.caseSensitive ?? true
        percentEncoded = component.percentEncoded ?? detailDefaults?.percentEncoded ?? domainDefaults?.percentEncoded ?? true
    }
}
