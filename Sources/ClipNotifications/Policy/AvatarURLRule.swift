import Foundation

/// Vets an avatar URL taken from a payload and rewrites it to the size a notification needs.
///
/// The URL comes from the push payload, so it is untrusted: the extension would download it.
/// Only `https` URLs on a public DNS name pass, without credentials, other ports, `..` path
/// segments, whitespace or control characters; the fragment is dropped. A path that starts with one
/// of the ``rewrites`` gets the replacement prefix (Bluesky: `/img/avatar/` →
/// `/img/avatar_thumbnail/`); other paths are kept as they are.
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
    public var allowedHosts: Set<String>?
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
    public func vet(_ text: String) -> Result<URL, PayloadProblem> {
        func refuse(_ reason: String) -> Result<URL, PayloadProblem> { .failure(.refusedURL(reason: reason)) }
        guard text.utf8.count <= maximumBytes else {
            return refuse("longer than \(maximumBytes) bytes")
        }
        guard !text.unicodeScalars.contains(where: Self.isForbidden) else {
            return refuse("contains whitespace, control characters or backslashes")
        }
        guard let components = URLComponents(string: text), let scheme = components.scheme else {
            return refuse("not an absolute URL")
        }
        guard scheme.lowercased() == "https" else {
            return refuse("scheme is \"\(scheme.prefix(16))\"; only https is allowed")
        }
        guard components.percentEncodedUser == nil, components.percentEncodedPassword == nil else {
            return refuse("carries a user name or password")
        }
        guard let rawHost = components.percentEncodedHost, !rawHost.isEmpty else {
            return refuse("has no host")
        }
        if let port = components.port, port != 443 {
            return refuse("uses port \(port); only the default https port is allowed")
        }
        let host = rawHost.lowercased()
        guard Self.isPublicDNSName(host) else {
            return refuse("host \"\(host.prefix(64))\" is not a public DNS name (IP addresses and local names are refused)")
        }
        if let allowedHosts, !allowedHosts.contains(host) {
            return refuse("host \"\(host)\" is not one of the allowed hosts")
        }
        var path = components.percentEncodedPath
        for segment in path.split(separator: "/", omittingEmptySubsequences: false) {
            guard let decoded = String(segment).removingPercentEncoding else {
                return refuse("path has malformed percent-encoding")
            }
            if decoded == ".." || decoded.contains("/") || decoded.contains("\\") {
                return refuse("path has a '..' segment or an encoded separator")
            }
        }
        if let rewrite = rewrites.first(where: { path.hasPrefix($0.prefix) }) {
            path = rewrite.replacement + path.dropFirst(rewrite.prefix.count)
        }
        var vetted = URLComponents()
        vetted.scheme = "https"
        vetted.percentEncodedHost = host
        vetted.percentEncodedPath = path
        vetted.percentEncodedQuery = components.percentEncodedQuery
        guard let url = vetted.url else {
            return refuse("not an absolute URL")
        }
        return .success(url)
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
