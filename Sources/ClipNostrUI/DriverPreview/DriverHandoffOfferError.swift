import Foundation
import ClipKit

/// Why the handoff could not be offered.
public enum DriverHandoffOfferError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The state does not allow it: still loading, or the link's key is invalid.
    case notAvailable(DriverPreviewState)
    /// An offer is being written already.
    case alreadyOffering
    /// Writing the handoff failed.
    case notSaved(HandoffError)

    /// A sentence that says why.
    public var description: String {
        switch self {
        case .notAvailable(.loading):
            return "the driver is still loading; offer the handoff once the preview shows or loading fails"
        case .notAvailable(let state):
            return "the handoff cannot be offered in the state '\(state.description)'"
        case .alreadyOffering:
            return "the handoff is being offered already"
        case .notSaved(let error):
            return "the driver could not be saved for the app: \(error.description)"
        }
    }
}

extension DriverHandoffOfferError: ClipKitError {
    /// What to do about it, when the message says.
    public var recoverySuggestion: String? {
        switch self {
        case .notAvailable(.loading): return "Offer the handoff once the preview shows or loading fails."
        case .notSaved(let error): return error.recoverySuggestion
        default: return nil
        }
    }
}
