import Foundation
import ClipKit

/// Why a ``ClipSession`` could not hand off.
public enum ClipSessionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No link the clip handles is on screen.
    case noInvocation
    /// The route names no handoff type in `clipkit.json`, so its parameters have no type to go under.
    case routeNamesNoHandoffType(String)
    /// The store refused the payload or could not write it.
    case handoffFailed(HandoffError)

    /// What went wrong and what to do.
    public var description: String {
        switch self {
        case .noInvocation:
            return "there is nothing to hand off yet: no link the clip handles is on screen"
        case .routeNamesNoHandoffType(let route):
            return "route '\(route)' names no handoff type; add \"handoff\": \"<type>\" to it in clipkit.json, listed in handoff.types"
        case .handoffFailed(let error):
            return "the handoff could not be left for the app: \(error.description)"
        }
    }
}

extension ClipSessionError: ClipKitError {
    /// What to do about it, when the message says.
    public var recoverySuggestion: String? {
        switch self {
        case .noInvocation: return nil
        case .routeNamesNoHandoffType: return "Add \"handoff\": \"<type>\" to the route in clipkit.json, listed in handoff.types."
        case .handoffFailed(let error): return error.recoverySuggestion
        }
    }
}
