import ClipKit
import Foundation

/// Why a driver preview shows no profile, with a message a person can read.
public enum DriverPreviewFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The link's driver key is not a valid npub; the associated value says what is wrong.
    case invalidDriverLink(String)
    /// None of the relays answered within `waitedSeconds`.
    case noRelayAnswered(relays: Int, waitedSeconds: Int)
    /// Relays answered, but none had a profile for this driver.
    case profileNotFound(relaysAnswered: Int)
    /// Loading was stopped before any profile arrived.
    case stopped

    /// Whether "Get RoadFlare" may still leave the driver's npub for the app.
    ///
    /// Only a valid key can be handed off. When relays fail, the key is still good, and the
    /// full app fetches the profile itself after installing, so the person is not stuck.
    public var allowsHandoff: Bool {
        if case .invalidDriverLink = self { return false }
        return true
    }

    /// Whether asking the relays again could help.
    public var allowsRetry: Bool {
        allowsHandoff
    }

    /// A message for the person.
    public var description: String {
        switch self {
        case .invalidDriverLink:
            return "This driver link is damaged, so the driver can't be shown. Ask the driver to share their link again."
        case .noRelayAnswered(0, _):
            return "No relays are set up to look up drivers, so the driver can't be shown. You can still get the app and add the driver there."
        case .noRelayAnswered(let relays, let seconds):
            let asked = relays == 1 ? "the relay" : "any of the \(relays) relays"
            return "Couldn't reach \(asked) within \(seconds) seconds. Check your connection and try again, or get the app and add the driver there."
        case .profileNotFound(let relays):
            let asked = relays == 1 ? "The relay that answered has" : "None of the \(relays) relays that answered has"
            return "\(asked) a profile for this driver yet. You can still get the app and add the driver there."
        case .stopped:
            return "Loading the driver was stopped. Try again, or get the app and add the driver there."
        }
    }
}

extension DriverPreviewFailure: ClipKitError {
}
