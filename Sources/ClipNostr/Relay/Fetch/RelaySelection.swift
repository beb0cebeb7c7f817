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
                valid.append(try RelayURL(checking: text))
            } catch {
                refused.append((text, error))
            }
        }
        let unique = Self.deduplicated(valid)
        relays = Array(unique.prefix(max(0, limit)))
        leftOut = Array(unique.dropFirst(max(0, limit)))
        self.refused = refused
    }

    /// `relays` without repeats, keeping the first of each: two URLs with one
    /// ``RelayURL/identity`` (`wss://Relay.example/` and `wss://relay.example:443`) are one relay.
    public static func deduplicated(_ relays: [RelayURL]) -> [RelayURL] {
        var seen = Set<String>()
        return relays.filter { seen.insert($0.identity).inserted }
    }
}
