import ClipLoopback
import ClipNostr
import ClipTestSupport
import ClipToolingTestSupport

extension LocalRelay {
    /// The relay's address as a ``RelayURL``.
    var relayURL: RelayURL {
        get throws { try RelayURL(url) }
    }
}
