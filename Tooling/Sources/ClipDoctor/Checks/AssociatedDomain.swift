/// One entry of `com.apple.developer.associated-domains`: `service:host[?mode=…]`.
package struct AssociatedDomain: Sendable, Hashable {
    /// The entry as written.
    package var raw: String
    /// `appclips`, `applinks`, `webcredentials`, `activitycontinuation`, …
    package var service: String
    /// The host, lower-cased, without wildcard prefix, path or query.
    package var host: String
    /// Whether the host starts with `*.`.
    package var isWildcard: Bool
    /// A path after the host, which entries must not have.
    package var path: String?
    /// The alternate mode (`developer`, `managed`, `developer+managed`), when the entry has `?mode=`.
    package var mode: String?

    /// Parses an entry; `nil` when it has no `service:` prefix.
    package init?(_ raw: String) {
        guard let colon = raw.firstIndex(of: ":") else { return nil }
        self.raw = raw
        service = String(raw[..<colon]).lowercased()
        var rest = Substring(raw[raw.index(after: colon)...])
        mode = nil
        if let question = rest.firstIndex(of: "?") {
            let query = rest[rest.index(after: question)...]
            for item in query.split(separator: "&") where item.hasPrefix("mode=") {
                mode = String(item.dropFirst("mode=".count))
            }
            if mode == nil { mode = String(query) }
            rest = rest[..<question]
        }
        path = nil
        if let slash = rest.firstIndex(of: "/") {
            path = String(rest[slash...])
            rest = rest[..<slash]
        }
        isWildcard = rest.hasPrefix("*.")
        host = String(isWildcard ? rest.dropFirst(2) : rest).lowercased()
        guard !service.isEmpty else { return nil }
    }

    /// Whether this entry names `domain` (exactly, or as a subdomain when it is a wildcard).
    package func covers(_ domain: String) -> Bool {
        isWildcard ? domain.hasSuffix("." + host) : domain == host
    }
}
