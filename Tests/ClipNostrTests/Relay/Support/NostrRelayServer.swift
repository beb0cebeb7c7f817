import ClipLoopback
import ClipNostr
import ClipTestSupport

extension LocalRelay {
    /// The relay's address as a ``RelayURL``.
    var relayURL: RelayURL {
        get throws { try RelayURL(url) }
    }
}
