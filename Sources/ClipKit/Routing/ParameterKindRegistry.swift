/// The set of parameter kinds a router knows, looked up by name.
///
/// Start from ``standard`` and add kinds from other modules:
///
/// ```swift
/// var kinds = ParameterKindRegistry.standard
/// kinds.register(.npub)          // from ClipNostr
/// let router = try InvocationRouter(manifest: manifest, parameterKinds: kinds)
/// ```
public struct ParameterKindRegistry: Sendable {
    private var kinds: [String: ParameterKind]

    /// A registry with no kinds at all.
    public init() {
        kinds = [:]
    }

    /// Adds a kind, replacing any kind registered before under the same name.
    public mutating func register(_ kind: ParameterKind) {
        kinds[kind.name] = kind
    }

    /// A copy of this registry with one more kind.
    public func registering(_ kind: ParameterKind) -> ParameterKindRegistry {
        var copy = self
        copy.register(kind)
        return copy
    }

    /// A registry with this one's kinds and `other`'s; where both have a name, `other`'s kind wins.
    @_spi(ClipKitTooling) public func merging(_ other: ParameterKindRegistry) -> ParameterKindRegistry {
        var copy = self
        for kind in other.kinds.values { copy.register(kind) }
        return copy
    }

    /// The kind registered under `name`, if any.
    public func kind(named name: String) -> ParameterKind? {
        kinds[name]
    }

    /// The kind registered under `name`, for the capture `parameter` of the route `route`.
    ///
    /// - Throws: ``RouterConfigurationError/unknownParameterKind(route:parameter:kind:)`` when no kind
    ///   has that name, which names the route and the parameter.
    public func kind(named name: String, forParameter parameter: String, ofRoute route: String) throws -> ParameterKind {
        guard let kind = kinds[name] else {
            throw RouterConfigurationError.unknownParameterKind(route: route, parameter: parameter, kind: name)
        }
        return kind
    }

    /// The names of every registered kind, sorted.
    public var names: [String] {
        Array(kinds.keys).sorted()
    }

    /// The kinds that ClipKit itself provides: `string`, `integer`, `slug`, `uuid`,
    /// `atIdentifier` and `recordKey`.
    public static let standard: ParameterKindRegistry = {
        var registry = ParameterKindRegistry()
        for kind in ParameterKind.builtIn { registry.register(kind) }
        return registry
    }()
}

extension ParameterKind {
    /// The kinds that ``ParameterKindRegistry/standard`` holds.
    @_spi(ClipKitTooling) public static let builtIn: [ParameterKind] = [.string, .integer, .slug, .uuid, .atIdentifier, .recordKey]

    /// Any non-empty segment of at most 1,024 characters without control characters.
    public static let string = ParameterKind(name: "string", summary: "any non-empty text") { value in
        if value.isEmpty { return .rejected("the segment is empty") }
        if value.count > 1024 { return .rejected("the segment is longer than 1024 characters") }
        if ASCIISet(controls: true).containsAny(value) {
            return .rejected("the segment contains a control character")
        }
        return .accepted(value)
    }

    /// A decimal integer without sign or leading zeros, at most 18 digits.
    public static let integer = ParameterKind(name: "integer", summary: "a decimal number") { value in
        guard !value.isEmpty, value.count <= 18, ASCIISet(digits: true).containsAll(value) else {
            return .rejected("'\(value.truncatedForMessages)' is not a decimal number")
        }
        if value.count > 1, value.hasPrefix("0") { return .rejected("'\(value)' has a leading zero") }
        return .accepted(value)
    }

    /// Letters, digits, `-` and `_`, 1 to 128 characters: short-link codes and slugs.
    public static let slug = ParameterKind(name: "slug", summary: "letters, digits, '-' and '_'") { value in
        guard !value.isEmpty, value.count <= 128 else {
            return .rejected("a slug has 1 to 128 characters")
        }
        guard ASCIISet.alphanumerics(and: "-_").containsAll(value) else {
            return .rejected("'\(value.truncatedForMessages)' has characters other than letters, digits, '-' and '_'")
        }
        return .accepted(value)
    }

    /// An RFC 4122 UUID in its 36-character text form; normalized to lower case.
    public static let uuid = ParameterKind(name: "uuid", summary: "a UUID") { value in
        var hexPositions = true
        for (index, scalar) in value.unicodeScalars.enumerated() {
            let dash = index == 8 || index == 13 || index == 18 || index == 23
            if dash ? scalar != "-" : !scalar.isASCIIHexDigit { hexPositions = false }
        }
        guard value.unicodeScalars.count == 36, hexPositions else {
            return .rejected("'\(value.truncatedForMessages)' is not a UUID")
        }
        return .accepted(value.lowercased())
    }

    /// An AT Protocol identifier: a handle (`alice.bsky.social`) or a DID (`did:plc:…`, `did:web:…`).
    /// Handles are normalized to lower case.
    public static let atIdentifier = ParameterKind(name: "atIdentifier", summary: "a Bluesky handle or DID") { value in
        if value.hasPrefix("did:") {
            let parts = value.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3, !parts[1].isEmpty, ASCIISet(lowercase: true).containsAll(parts[1]),
                  !parts[2].isEmpty, value.count <= 2048,
                  ASCIISet.alphanumerics(and: ".-_:%").containsAll(parts[2]),
                  !value.hasSuffix(":") else {
                return .rejected("'\(value.truncatedForMessages)' is not a valid DID")
            }
            return .accepted(value)
        }
        if let reason = HostnameRules.problem(with: value, requireTopLevelLetter: true) {
            return .rejected("'\(value.truncatedForMessages)' is not a handle: \(reason)")
        }
        return .accepted(value.lowercased())
    }

    /// An AT Protocol record key: 1 to 512 characters of letters, digits and `. - _ : ~`, not `.` or `..`.
    public static let recordKey = ParameterKind(name: "recordKey", summary: "an AT Protocol record key") { value in
        guard !value.isEmpty, value.count <= 512, value != ".", value != "..",
              ASCIISet.alphanumerics(and: ".-_:~").containsAll(value) else {
            return .rejected("'\(value.truncatedForMessages)' is not a record key")
        }
        return .accepted(value)
    }
}
