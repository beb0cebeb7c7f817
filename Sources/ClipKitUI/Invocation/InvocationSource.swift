import Foundation

/// Where an invocation reached the clip or the app.
public enum InvocationSource: Sendable, Hashable, CustomStringConvertible {
    /// A web-browsing user activity (`NSUserActivityTypeBrowsingWeb`): its `webpageURL`. Cold
    /// launches carry it in the scene's connection options, later ones in a continuation.
    case webpage(URL)
    /// A tapped notification: its content's `targetContentIdentifier` (APNs `target-content-id`),
    /// which names the experience URL, since notification launches carry no invocation URL.
    case notification(targetContentIdentifier: String?)

    /// A short line for logs.
    public var description: String {
        switch self {
        case .webpage(let url): return "web link \(url.absoluteString)"
        case .notification(let identifier?): return "notification for \(identifier)"
        case .notification(nil): return "notification without a target content identifier"
        }
    }
}
