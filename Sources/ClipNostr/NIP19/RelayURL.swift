import ClipKit
import Foundation

/// A relay address that ClipNostr is willing to connect to: `wss://` anywhere, `ws://` only on the
/// loopback interface (for local relays and tests).
///
/// Relay URLs arrive from untrusted places — nprofile hints, share links — so they are checked
/// before use: at most `maximumLength` bytes, no spaces or control characters, a host, no
/// user name or password, no fragment.
public struct RelayURL: Sendable, Equatable, CustomStringConvertible {
    /// The longest relay URL accepted, in UTF-8 bytes.
    @_spi(ClipKitTooling) public static let maximumLength = 512

    /// The URL as text, with its scheme in lowercase.
    public let string: String
    /// The host, as written.
    public let host: String
    /// Whether the host is the loopback interface (`localhost`, `127.x.x.x`, `::1`).
    @_spi(ClipKitTooling) public let isLoopback: Bool

    /// Checks `text` and creates the relay URL.
    public init(_ text: String) throws {
        try self.init(checking: text)
    }

    /// The initializer above with its error typed, for this package.
    package init(checking text: String) throws(RelayURLError) {
        guard !text.isEmpty else { throw RelayURLError.empty }
        guard text.utf8.count <= Self.maximumLength else { throw RelayURLError.tooLong(text.utf8.count, limit: Self.maximumLength) }
        guard text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F && $0.isASCII }) else {
            throw RelayURLError.invalidCharacters
        }
        guard let separator = text.range(of: "://") else { throw RelayURLError.unsupportedScheme("") }
        let scheme = text[..<separator.lowerBound].lowercased()
        guard scheme == "wss" || scheme == "ws" else { throw RelayURLError.unsupportedScheme(scheme) }
        let normalized = scheme + text[separator.lowerBound...]
        guard let components = URLComponents(string: normalized), let host = components.host, !host.isEmpty else {
            throw RelayURLError.missingHost
        }
        guard components.user == nil, components.password == nil else { throw RelayURLError.hasCredentials }
        guard components.fragment == nil else { throw RelayURLError.hasFragment }
        let loopback = Self.isLoopbackHost(host)
        if scheme == "ws", !loopback { throw RelayURLError.insecureRemote(host) }
        string = normalized
        self.host = host
        isLoopback = loopback
    }

    /// The URL as text.
    public var description: String { string }

    /// The URL as a Foundation `URL`.
    public var url: URL? { URL(string: string) }

    /// What decides which server the URL reaches, so two spellings of one relay compare equal:
    /// scheme, lowercased host, the port unless it is the scheme's default, and the path without
    /// trailing slashes, plus the query. `wss://Relay.example/` and `wss://relay.example:443` have
    /// one identity.
    public var identity: String {
        guard let components = URLComponents(string: string) else { return string }
        let scheme = components.scheme?.lowercased() ?? ""
        let host = components.host?.lowercased() ?? ""
        let defaultPort = scheme == "wss" ? 443 : 80
        let port = components.port.flatMap { $0 == defaultPort ? nil : ":\($0)" } ?? ""
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        let query = components.percentEncodedQuery.map { "?\($0)" } ?? ""
        return "\(scheme)://\(host)\(port)\(path)\(query)"
    }

    static func isLoopbackHost(_ host: String) -> Bool {
        let lowered = host.lowercased()
        if lowered == "localhost" || lowered == "::1" || lowered == "[::1]" { return true }
        let octets = lowered.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4, octets[0] == "127" else { return false }
        return octets.allSatisfy { octet in
            !octet.isEmpty && octet.count <= 3 && octet.allSatisfy(\.isASCII) && octet.allSatisfy(\.isNumber)
                && (Int(octet) ?? 256) <= 255
        }
    }
}

/// Why a relay URL was refused.
public enum RelayURLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The URL is empty.
    case empty
    /// The URL has more bytes than allowed.
    case tooLong(Int, limit: Int)
    /// The URL has spaces, control characters or non-ASCII characters.
    case invalidCharacters
    /// The scheme is not `wss` (or `ws` on loopback).
    case unsupportedScheme(String)
    /// The URL has no host.
    case missingHost
    /// The URL carries a user name or password.
    case hasCredentials
    /// The URL has a `#fragment`.
    case hasFragment
    /// `ws://` to a host other than loopback: the connection would not be encrypted.
    case insecureRemote(String)

    /// What is wrong, for a person.
    public var description: String {
        switch self {
        case .empty: return "the relay URL is empty"
        case .tooLong(let count, let limit): return "the relay URL has \(count) bytes, more than \(limit)"
        case .invalidCharacters: return "the relay URL has spaces, control or non-ASCII characters"
        case .unsupportedScheme(let scheme):
            return scheme.isEmpty ? "the relay URL has no scheme; use wss://" : "relay URLs use wss://, not \(scheme)://"
        case .missingHost: return "the relay URL has no host"
        case .hasCredentials: return "the relay URL carries a user name or password"
        case .hasFragment: return "the relay URL has a #fragment"
        case .insecureRemote(let host): return "ws:// is only allowed for loopback relays; use wss://\(host)"
        }
    }
}

extension RelayURLError: ClipKitError {
    /// What to do about it, when the message says.
    public var recoverySuggestion: String? {
        switch self {
        case .unsupportedScheme: return "Use a wss:// relay URL."
        case .insecureRemote(let host): return "Use wss://\(host)."
        default: return nil
        }
    }
}
