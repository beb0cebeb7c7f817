import ClipKit

/// One URL pattern of a detail's `components`: patterns for the path, query and fragment, and
/// whether a match opens the app or excludes the URL.
///
/// A URL matches when every given part matches; a part left out matches anything (`*`). In a
/// pattern, `*` matches any run of characters (also none, also across `/`), `?` exactly one
/// character, and `$(name)` any of a substitution variable's strings. Path patterns need no
/// leading `/`, and trailing slashes count for nothing on either side (see ``AASAMatcher``).
public struct AASAComponent: Sendable, Hashable {
    /// The path pattern, `/`, matched against the URL's whole path (starting with `/`).
    public var path: String?
    /// The query pattern, `?`: one pattern for the whole query, or patterns by query item name.
    public var query: AASAQueryPattern?
    /// The fragment pattern, `#`, matched against the part after `#`.
    public var fragment: String?
    /// The `exclude` key as written; `nil` when the component leaves it out (and inherits the
    /// defaults' `exclude`, finally `false`).
    public var excludeSetting: Bool?
    /// Whether a URL that matches is kept out of the app, `exclude`. Matching stops either way.
    public var exclude: Bool {
        get { excludeSetting ?? false }
        set { excludeSetting = newValue }
    }
    /// A note for people, `comment`; the system ignores it.
    public var comment: String?
    /// Whether matching respects case, `caseSensitive`; `nil` inherits the defaults (finally `true`).
    public var caseSensitive: Bool?
    /// Whether patterns are written percent-encoded, `percentEncoded`; `nil` inherits the defaults
    /// (finally `true`).
    public var percentEncoded: Bool?

    /// Creates a component.
    public init(
        path: String? = nil, query: AASAQueryPattern? = nil, fragment: String? = nil, exclude: Bool = false,
        comment: String? = nil, caseSensitive: Bool? = nil, percentEncoded: Bool? = nil
    ) {
        self.path = path
        self.query = query
        self.fragment = fragment
        self.excludeSetting = exclude ? true : nil
        self.comment = comment
        self.caseSensitive = caseSensitive
        self.percentEncoded = percentEncoded
    }

    /// The component that a legacy `paths` entry means: `NOT /x` excludes `/x`. Legacy paths
    /// are compared with the URL's path only, case-sensitively.
    public init(legacyPath: String) {
        if legacyPath.hasPrefix(AASAComponent.legacyExclusionPrefix) {
            self.init(path: String(legacyPath.dropFirst(AASAComponent.legacyExclusionPrefix.count)), exclude: true, caseSensitive: true)
        } else {
            self.init(path: legacyPath, caseSensitive: true)
        }
    }

    /// The prefix that turns a legacy `paths` entry into an exclusion.
    public static let legacyExclusionPrefix = "NOT "

    /// Creates a component as a file writes it, `exclude` included when it is `false`.
    public init(
        path: String?, query: AASAQueryPattern?, fragment: String?, excludeSetting: Bool?,
        comment: String?, caseSensitive: Bool?, percentEncoded: Bool?
    ) {
        self.init(path: path, query: query, fragment: fragment, comment: comment, caseSensitive: caseSensitive, percentEncoded: percentEncoded)
        self.excludeSetting = excludeSetting
    }

    /// The keys the system reads in a component.
    public static let knownKeys: Set<String> = ["/", "?", "#", "exclude", "comment", "caseSensitive", "percentEncoded"]

    /// The component as JSON; `exclude` is written when the component sets it.
    public var json: JSONValue {
        var members: [String: JSONValue] = [:]
        if let path { members["/"] = .string(path) }
        if let query { members["?"] = query.json }
        if let fragment { members["#"] = .string(fragment) }
        if let excludeSetting { members["exclude"] = .bool(excludeSetting) }
        if let comment { members["comment"] = .string(comment) }
        if let caseSensitive { members["caseSensitive"] = .bool(caseSensitive) }
        if let percentEncoded { members["percentEncoded"] = .bool(percentEncoded) }
        return .object(members)
    }
}
