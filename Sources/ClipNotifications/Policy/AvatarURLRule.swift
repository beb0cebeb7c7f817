import Foundation

/// Vets an avatar URL taken from a payload and rewrites it to the size a notification needs.
///
/// The URL comes from the push payload, so it is untrusted: the extension would download it.
/// Only `https` URLs on a public DNS name pass, without credentials, other ports, `..` path
/// segments, whitespace or control characters; the fragment is dropped. A path that starts with one
/// of the ``rewrites`` gets the replacement prefix (Bluesky: `/img/avatar/` →
/// `/img/avatar_thumbnail/`); other paths are kept as they are. Characters outside RFC 3986's
/// path and query characters (raw Unicode, quotes, brackets) are refused rather than re-encoded.
public struct AvatarURLRule: Sendable, Hashable {
    /// Replaces one path prefix with another.
    public struct PathRewrite: Sendable, Hashable {
        /// The prefix to look for, percent-encoded as in the URL (`/img/avatar/`).
        public var prefix: String
        /// What replaces it (`/img/avatar_thumbnail/`).
        public var replacement: String

        /// Creates a rewrite of `prefix` to `replacement`.
        public init(prefix: String, replacement: String) {
            self.prefix = prefix
            self.replacement = replacement
        }
    }

    /// The path rewrites, tried in order; the first whose prefix matches is applied.
    public var rewrites: [PathRewrite]
    /// The hosts allowed (lowercase); `nil` allows any public DNS name.
    @_spi(ClipKitTooling) public var allowedHosts: Set<String>?
    /// The longest URL accepted, in UTF-8 bytes.
    public var maximumBytes: Int

    /// Creates a rule.
    public init(rewrites: [PathRewrite] = [], allowedHosts: Set<String>? = nil, maximumBytes: Int = PayloadLimits.standard.maximumURLBytes) {
        self.rewrites = rewrites
        self.allowedHosts = allowedHosts
        self.maximumBytes = maximumBytes
    }

    /// Bluesky's rule: any public `https` host; `/img/avatar/` becomes `/img/avatar_thumbnail/`.
    public static let bluesky = AvatarURLRule(rewrites: [PathRewrite(prefix: "/img/avatar/", replacement: "/img/avatar_thumbnail/")])

    /// The vetted and rewritten URL, or why `text` is refused.
    ///
    /// The URL is taken apart by hand rather than with `URLComponents`, whose leniency differs
    /// between platforms (it re-encodes stray `%`, converts `xn--` hosts); every byte is accounted for.
    @_spi(ClipKitTooling) public func vet(_ text: String) -> Result<URL, PayloadProblem> {
        func refuse(_ reason: String) -> Result<URL, PayloadProblem> { .failure(.refusedURL(reason: reason)) }
        guard text.utf8.count <= maximumBytes else {
            return refuse("longer than \(maximumBytes) bytes")
        }
        guard !text.unicodeScalars.contains(where: Self.isForbidden) else {
            return refuse("contains whitespace, control characters or backslashes")
        }
        guard let colon = text.firstIndex(of: ":"), Self.isScheme(text[..<colon]) else {
            return refuse("not an absolute URL")
        }
        let scheme = text[..<colon]
        guard scheme.lowercased() == "https" else {
            return refuse("scheme is \"\(scheme.prefix(16))\"; only https is allowed")
        }
        let afterScheme = text[text.index(after: colon)...]
        guard afterScheme.hasPrefix("//") else {
            return refuse("not an absolute URL")
        }
        let rest = afterScheme.dropFirst(2)
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        guard !authority.contains("@") else {
            return refuse("carries a user name or password")
        }
        var host = Substring(authority)
        if !authority.hasPrefix("["), let portColon = authority.lastIndex(of: ":") {
            let port = authority[authority.index(after: portColon)...]
            host = authority[..<portColon]
            guard port.isEmpty || port == "443" else {
                return refuse("uses port \(port.prefix(8)); only the default https port is allowed")
            }
        }
        guard !host.isEmpty else {
            return refuse("has no host")
        }
        let lowercasedHost = host.lowercased()
        guard Self.isPublicDNSName(lowercasedHost) else {
            return refuse("host \"\(lowercasedHost.prefix(64))\" is not a public DNS name (IP addresses and local names are refused)")
        }
        if let allowedHosts, !allowedHosts.contains(lowercasedHost) {
            return refuse("host \"\(lowercasedHost)\" is not one of the allowed hosts")
        }
        let withoutFragment = rest[authorityEnd...].prefix { $0 != "#" }
        let queryStart = withoutFragment.firstIndex(of: "?")
        var path = String(withoutFragment[..<(queryStart ?? withoutFragment.endIndex)])
        let query = queryStart.map { withoutFragment[withoutFragment.index(after: $0)...] }
        guard path.utf8.allSatisfy(Self.isPathByte), query?.utf8.allSatisfy({ Self.isPathByte($0) || $0 == UInt8(ascii: "?") }) ?? true else {
            return refuse("path or query holds characters that must be percent-encoded")
        }
        for segment in path.split(separator: "/", omittingEmptySubsequences: false) {
            guard let decoded = Self.percentDecoded(segment) else {
                return refuse("path has malformed percent-encoding")
            }
            if decoded == ".." || decoded.contains("/") || decoded.contains("\\") {
                return refuse("path has a '..' segment or an encoded separator")
            }
        }
        if let rewrite = rewrites.first(where: { path.hasPrefix($0.prefix) }) {
            path = rewrite.replacement + path.dropFirst(rewrite.prefix.count)
        }
        guard let url = URL(string: "https://" + lowercasedHost + path + (query.map { "?" + $0 } ?? "")) else {
            return refuse("not an absolute URL")
        }
        return .success(url)
    }

    private static func isScheme(_ text: Substring) -> Bool {
        guard let first = text.unicodeScalars.first, ("a"..."z").contains(first) || ("A"..."Z").contains(first) else {
            return false
        }
        return text.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || "+-.".unicodeScalars.contains(scalar)
        }
    }

    /// Unreserved characters, sub-delimiters, `:`, `@`, `/` and `%` (RFC 3986 path characters).
    private static func isPathByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return Array("-._~!$&'()*+,;=:@/%".utf8).contains(byte)
        }
    }

    /// The segment with its `%XX` escapes decoded; `nil` when an escape is malformed or the bytes
    /// are not UTF-8. Foundation decodes, so this Foundation-only module needs no hex codec of its own.
    private static func percentDecoded(_ segment: Substring) -> String? {
        String(segment).removingPercentEncoding
    }

    private static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x21 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
            || scalar == "\\" || scalar.properties.isWhitespace
    }

    /// An ASCII DNS name with at least two labels, letters, digits and hyphens only, whose last label
    /// starts with a letter (so no IPv4 literal) and which is not a local name.
    private static func isPublicDNSName(_ host: String) -> Bool {
        guard host.utf8.count <= 253 else { return false }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2 else { return false }
        for label in labels {
            guard !label.isEmpty, label.utf8.count <= 63, !label.hasPrefix("-"), !label.hasSuffix("-") else { return false }
            guard label.utf8.allSatisfy({ byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
            }) else { return false }
        }
        // Top-level domains start with a letter; this refuses IPv4 literals in every spelling
        // (`127.0.0.1`, `0x7f.1`, `2130706433.1`).
        guard let last = labels.last, let first = last.utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) else {
            return false
        }
        return !["local", "localhost", "internal", "arpa"].contains(String(last))
    }
}
