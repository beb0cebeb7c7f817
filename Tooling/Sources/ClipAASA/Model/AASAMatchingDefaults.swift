import ClipKit

/// Matching defaults, `defaults`, at the domain level (`applinks.defaults`) or the app level
/// (a detail's `defaults`).
///
/// Each key applies to every component that does not set it itself: a component's own key wins
/// over its detail's defaults, which win over the domain's. Besides `caseSensitive` and
/// `percentEncoded` (finally `true`), iOS also applies `/`, `?`, `#` and `exclude` from here, as
/// Apple's `swcutil` shows: `{"defaults": {"/": "/shop/*"}}` limits every component to `/shop/…`.
public struct AASAMatchingDefaults: Sendable, Hashable {
    /// Whether matching respects case.
    public var caseSensitive: Bool?
    /// Whether patterns are written percent-encoded.
    public var percentEncoded: Bool?
    /// The path pattern, `/`, for components without one.
    public var path: String?
    /// The query pattern, `?`, for components without one.
    public var query: AASAQueryPattern?
    /// The fragment pattern, `#`, for components without one.
    public var fragment: String?
    /// `exclude` for components that do not set it.
    public var exclude: Bool?

    /// Creates defaults.
    public init(
        caseSensitive: Bool? = nil, percentEncoded: Bool? = nil, path: String? = nil,
        query: AASAQueryPattern? = nil, fragment: String? = nil, exclude: Bool? = nil
    ) {
        self.caseSensitive = caseSensitive
        self.percentEncoded = percentEncoded
        self.path = path
        self.query = query
        self.fragment = fragment
        self.exclude = exclude
    }

    /// The keys the system reads in `defaults`.
    public static let knownKeys: Set<String> = ["caseSensitive", "percentEncoded", "/", "?", "#", "exclude"]

    /// Whether these defaults set a pattern or `exclude`, which change what components match.
    public var setsPatterns: Bool { path != nil || query != nil || fragment != nil || exclude != nil }

    /// The defaults as JSON.
    public var json: JSONValue {
        var members: [String: JSONValue] = [:]
        if let caseSensitive { members["caseSensitive"] = .bool(caseSensitive) }
        if let percentEncoded { members["percentEncoded"] = .bool(percentEncoded) }
        if let path { members["/"] = .string(path) }
        if let query { members["?"] = query.json }
        if let fragment { members["#"] = .string(fragment) }
        if let exclude { members["exclude"] = .bool(exclude) }
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

extension AASAComponent {
    /// The component as iOS evaluates it: every key it leaves out taken from its detail's
    /// defaults, else the domain's. `caseSensitive` and `percentEncoded` are resolved too.
    public func resolved(detailDefaults: AASAMatchingDefaults?, domainDefaults: AASAMatchingDefaults?) -> AASAComponent {
        let options = AASAMatchingOptions(component: self, detailDefaults: detailDefaults, domainDefaults: domainDefaults)
        return AASAComponent(
            path: path ?? detailDefaults?.path ?? domainDefaults?.path,
            query: query ?? detailDefaults?.query ?? domainDefaults?.query,
            fragment: fragment ?? detailDefaults?.fragment ?? domainDefaults?.fragment,
            exclude: excludeSetting ?? detailDefaults?.exclude ?? domainDefaults?.exclude ?? false,
            comment: comment,
            caseSensitive: options.caseSensitive,
            percentEncoded: options.percentEncoded
        )
    }
}
