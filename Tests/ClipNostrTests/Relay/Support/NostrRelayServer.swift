import ClipNostr
import ClipTestSupport

extension NostrRelayProcess {
    /// The relay's address as a ``RelayURL``.
    var relayURL: RelayURL {
        get throws { try RelayURL(url) }
    }
}
