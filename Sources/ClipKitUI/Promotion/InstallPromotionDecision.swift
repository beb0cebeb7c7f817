import Foundation

/// Whether to show the App Store overlay now, and if not, why not.
public enum InstallPromotionDecision: Sendable, Equatable, CustomStringConvertible {
    /// Show the overlay.
    case present
    /// Do not show it now.
    case hold(InstallPromotionHoldReason)

    /// Whether the decision is to show the overlay.
    public var presents: Bool {
        if case .present = self { return true }
        return false
    }

    /// A sentence for logs and `clipkit simulate`.
    public var description: String {
        switch self {
        case .present: return "present the App Store overlay"
        case .hold(let reason): return "hold the App Store overlay: \(reason.description)"
        }
    }
}

/// Why the App Store overlay is held back.
public enum InstallPromotionHoldReason: Sendable, Equatable, CustomStringConvertible {
    /// The overlay is already on screen.
    case alreadyPresented
    /// The person has not finished the clip's task and has not looked at its content for the
    /// minimum time; the overlay would be a gate. `remaining` is the dwell still to go, or
    /// `nil` when no content has been shown yet.
    case taskNotDone(remaining: TimeInterval?)
    /// An automatic request already showed the overlay in this invocation.
    case alreadyShownThisInvocation
    /// The person dismissed the overlay recently; automatic requests wait until `until`.
    case recentlyDismissed(until: Date)

    /// A sentence that says why.
    public var description: String {
        switch self {
        case .alreadyPresented:
            return "it is already on screen"
        case .taskNotDone(let remaining?):
            return "the person's task is not done and the content needs \(Self.seconds(remaining)) more on screen"
        case .taskNotDone(nil):
            return "the person's task is not done and no content has been shown yet"
        case .alreadyShownThisInvocation:
            return "it was already shown once in this invocation"
        case .recentlyDismissed(let until):
            return "the person dismissed it; automatic prompts wait until \(until.formatted(.iso8601))"
        }
    }

    private static func seconds(_ interval: TimeInterval) -> String {
        "\(Int(interval.rounded(.up))) s"
    }
}
