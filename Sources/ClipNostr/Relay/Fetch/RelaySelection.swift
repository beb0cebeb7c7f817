import Foundation

/// Chooses the relays a fetch asks: hints from an `nprofile` first, then relays named on the
/// command line or by the app, then the manifest's — each checked, repeats removed, capped.
@_spi(ClipKitTooling)
public struct RelaySelection: Sendable {
    /// The relays to ask, in order.
    public let relays: [RelayURL]
    /// Relay URLs that were refused, with the reason.
    public let refused: [(url: String, reason: RelayURLError)]
    /// Valid relays left out because the cap was reached.
    public let leftOut: [RelayURL]

    /// Merges relay lists in priority order.
    ///
    /// - Parameters:
    ///   - sources: Lists of relay URLs as text, most trusted first.
    ///   - limit: The most relays kept.
    public init(_ sources: [[String]], limit: Int) {
        var valid: [RelayURL] = []
        var refused: [(url: String, reason: RelayURLError)] = []
        for text in sources.joined() {
            do {
                valid.append(try RelayURL(text))
            } catch {
                refused.append((text, error))
            }
        }
        let unique = Self.deduplicated(valid)
        relays = Array(unique.prefix(max(0, limit)))
        leftOut = Array(unique.dropFirst(max(0, limit)))
        self.refused = refused
    }

    /// `relays` without repeats, keeping the first of each; `wss://Relay.example/` and
    /// `wss://relay.example:443` count as the same relay.
    public static func deduplicated(_ relays: [RelayURL]) -> [RelayURL] {
        var seen = Set<String>()
        return relays.filter { seen.insert(identity(of: $0)).inserted }
    }

    /// The part of a relay URL that decides which server it reaches: scheme, lowercased host,
    /// port (the default one left out), and path without a trailing slash, plus the query.
    static func identity(of relay: RelayURL) -> String {
        guard let components = URLComponents(string: relay.string) else { return relay.string }
        let scheme = components.scheme?.lowercased() ?? ""
        let host = components.host?.lowercased() ?? ""
        let defaultPort = scheme == "wss" ? 443 : 80
        let port = components.port.flatMap { $0 == defaultPort ? nil : ":\($0)" } ?? ""
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        let query = components.percentEncodedQuery.map { "?\($0)" } ?? ""
        return "\(scheme)://\(host)\(port)\(path)\(query)"
    }
}
