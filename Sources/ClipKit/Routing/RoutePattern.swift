import Foundation

/// A parsed URL pattern such as `https://bsky.app/start/{handle}/{rkey}`.
///
/// A pattern is an `https` URL without port, user, query or fragment. Each path segment is a
/// literal or a capture, `{name}`, which matches exactly one non-empty segment.
public struct RoutePattern: Sendable, Equatable, CustomStringConvertible {
    /// One path segment of a pattern.
    public enum Segment: Sendable, Equatable {
        /// A segment that must appear as written (compared case-sensitively, after percent-decoding).
        case literal(String)
        /// A segment captured into the named parameter.
        case capture(String)
    }

    /// The host, lower-cased.
    public let host: String
    /// The path segments, in order.
    public let segments: [Segment]
    /// The pattern as written in the manifest.
    public let source: String

    /// The names of the captured parameters, in path order.
    public var captureNames: [String] {
        segments.compactMap { if case .capture(let name) = $0 { return name } else { return nil } }
    }

    /// The path up to the first capture, as a prefix such as `/share/d/`; used for AASA components.
    public var literalPathPrefix: String {
        var path = ""
        for segment in segments {
            guard case .literal(let text) = segment else { return path + "/" }
            path += "/" + text
        }
        return path.isEmpty ? "/" : path
    }

    /// The pattern written for an AASA component path: captures become `*`.
    public var wildcardPath: String {
        let parts = segments.map { segment -> String in
            switch segment {
            case .literal(let text): return text
            case .capture: return "*"
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The pattern as written.
    public var description: String { source }

    /// The URL this pattern matches with `values` in its captures, each percent-encoded as one path
    /// segment; `nil` when a capture has no value or an empty one.
    ///
    /// Literal segments are written as the pattern has them. The result has no query or fragment.
    public func url(filling values: [String: String]) -> String? {
        var path = ""
        for segment in segments {
            switch segment {
            case .literal(let text):
                path += "/" + text
            case .capture(let name):
                guard let value = values[name], !value.isEmpty,
                      let encoded = value.addingPercentEncoding(withAllowedCharacters: Self.segmentCharacters)
                else { return nil }
                path += "/" + encoded
            }
        }
        return "https://" + host + path
    }

    /// The characters a path segment may carry unencoded (RFC 3986 `pchar` without `%`).
    private static let segmentCharacters = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@")

    /// Parses a pattern.
    ///
    /// - Throws: ``RoutePatternError`` naming what is wrong with the pattern.
    public init(parsing source: String) throws {
        try self.init(checking: source)
    }

    /// The initializer above with its error typed, for this package.
    package init(checking source: String) throws(RoutePatternError) {
        self.source = source
        let prefix = "https://"
        guard source.lowercased().hasPrefix(prefix) else { throw RoutePatternError.notHTTPS(source) }
        let rest = source.dropFirst(prefix.count)
        if rest.contains("?") || rest.contains("#") { throw RoutePatternError.hasQueryOrFragment(source) }
        let hostEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        let hostPart = String(rest[rest.startIndex..<hostEnd])
        if hostPart.contains("@") || hostPart.contains(":") { throw RoutePatternError.hostHasUserOrPort(source) }
        if let problem = HostnameRules.problem(with: hostPart) { throw RoutePatternError.badHost(source, problem) }
        host = hostPart.lowercased()

        var path = rest[hostEnd...]
        if path.hasPrefix("/") { path = path.dropFirst() }
        if path.hasSuffix("/") { path = path.dropLast() }
        var parsed: [Segment] = []
        var seen: Set<String> = []
        if !path.isEmpty {
            for raw in path.split(separator: "/", omittingEmptySubsequences: false) {
                let text = String(raw)
                if text.isEmpty { throw RoutePatternError.emptySegment(source) }
                if text.hasPrefix("{") || text.hasSuffix("}") {
                    guard text.hasPrefix("{"), text.hasSuffix("}"), text.count > 2 else { throw RoutePatternError.badCapture(source, text) }
                    let name = String(text.dropFirst().dropLast())
                    guard RoutePattern.isIdentifier(name) else { throw RoutePatternError.badCapture(source, text) }
                    guard seen.insert(name).inserted else { throw RoutePatternError.duplicateCapture(source, name) }
                    parsed.append(.capture(name))
                } else {
                    if text.contains("{") || text.contains("}") || text.contains("*") { throw RoutePatternError.badLiteral(source, text) }
                    guard let decoded = text.removingPercentEncoding,
                          ASCIISet.alphanumerics(and: "-._~%!$&'()+,;=:@").containsAll(text) else {
                        throw RoutePatternError.badLiteral(source, text)
                    }
                    parsed.append(.literal(decoded))
                }
            }
        }
        segments = parsed
    }

    /// Creates a pattern from parts that ``init(parsing:)`` produced before, such as the route table
    /// that code generated from `clipkit.json` holds; the source is not parsed again.
    ///
    /// - Parameters:
    ///   - host: The host; it is compared in lower case, as parsing leaves it.
    ///   - segments: The path segments, literals percent-decoded.
    ///   - source: The pattern as written in the manifest.
    public init(host: String, segments: [Segment], source: String) {
        self.host = host.lowercased()
        self.segments = segments
        self.source = source
    }

    /// Whether `name` can name a capture: a letter, then letters, digits or `_`.
    package static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCIILowercaseLetter || first.isASCIIUppercaseLetter else {
            return false
        }
        return name.count <= 64 && ASCIISet.alphanumerics(and: "_").containsAll(name)
    }
}

/// Why a route pattern could not be parsed.
public enum RoutePatternError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The pattern does not start with `https://`; carries the pattern.
    case notHTTPS(String)
    /// The pattern has a query or a fragment; carries the pattern.
    case hasQueryOrFragment(String)
    /// The pattern's host names a user or a port; carries the pattern.
    case hostHasUserOrPort(String)
    /// The pattern's host is not a valid host name; carries the pattern and the reason.
    case badHost(String, String)
    /// The pattern has an empty path segment (`//`); carries the pattern.
    case emptySegment(String)
    /// A segment in braces is not a valid capture; carries the pattern and the segment.
    case badCapture(String, String)
    /// The pattern captures a name twice; carries the pattern and the name.
    case duplicateCapture(String, String)
    /// A segment has characters not allowed in a URL path; carries the pattern and the segment.
    case badLiteral(String, String)

    /// A sentence that says what is wrong and how to write it instead.
    public var description: String {
        switch self {
        case .notHTTPS(let pattern):
            return "pattern '\(pattern)' must start with https:// (App Clips and universal links only use https)"
        case .hasQueryOrFragment(let pattern):
            return "pattern '\(pattern)' must not contain '?' or '#': the query is kept and passed to the route as it comes"
        case .hostHasUserOrPort(let pattern):
            return "pattern '\(pattern)' must not name a user or a port in its host"
        case .badHost(let pattern, let problem):
            return "pattern '\(pattern)' has an invalid host: \(problem)"
        case .emptySegment(let pattern):
            return "pattern '\(pattern)' has an empty path segment ('//')"
        case .badCapture(let pattern, let segment):
            return "pattern '\(pattern)': '\(segment)' is not a capture; write {name} with a letter first, then letters, digits or '_'"
        case .duplicateCapture(let pattern, let name):
            return "pattern '\(pattern)' captures '{\(name)}' twice"
        case .badLiteral(let pattern, let segment):
            return "pattern '\(pattern)': segment '\(segment)' has characters not allowed in a URL path (a capture must fill the whole segment)"
        }
    }
}

extension RoutePatternError: ClipKitError {
    /// What to do about it, when the message says.
    public var recoverySuggestion: String? {
        switch self {
        case .notHTTPS: return "Start the pattern with https://."
        case .hasQueryOrFragment: return "Remove the query and the fragment from the pattern; the query is passed to the route as it comes."
        case .hostHasUserOrPort: return "Give the host alone, without a user or a port."
        case .badCapture: return "Write a capture as {name}, with a letter first, then letters, digits or '_'."
        case .duplicateCapture: return "Give each capture of the pattern its own name."
        case .badLiteral: return "A capture must fill a whole segment; keep other segments to characters allowed in a URL path."
        default: return nil
        }
    }
}
