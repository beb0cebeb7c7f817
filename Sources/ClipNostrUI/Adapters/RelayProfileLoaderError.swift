import ClipKit
import Foundation

/// Why a ``RelayProfileLoader`` cannot be built from a manifest.
public enum RelayProfileLoaderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The manifest has no `nostr.relays`.
    case noRelays
    /// A listed relay is not one ClipNostr connects to.
    case invalidRelay(String, reason: String)

    /// A sentence that says what is wrong and what to do.
    public var description: String {
        switch self {
        case .noRelays:
            return "clipkit.json lists no nostr.relays; add the wss:// relays that hold your drivers' profiles"
        case .invalidRelay(let relay, let reason):
            return "nostr.relays lists '\(relay.prefix(80))', which ClipNostr will not connect to: \(reason)"
        }
    }
}

extension RelayProfileLoaderError: ClipKitError {
    /// What to do about it, when the message says.
    public var recoverySuggestion: String? {
        if case .noRelays = self { return "Add the wss:// relays that hold your drivers' profiles to nostr.relays in clipkit.json." }
        return nil
    }
}
