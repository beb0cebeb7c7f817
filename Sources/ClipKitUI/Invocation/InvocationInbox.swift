import ClipKit
import Foundation

/// Receives invocations from every entry point, routes them with the shared
/// ``ClipKit/InvocationRouter`` and keeps the one the screen should show.
///
/// A clip can hear of the same URL twice on a cold launch (the scene's connection options
/// and `onContinueUserActivity`); the inbox drops a repeat of the current URL that arrives
/// within ``duplicateWindow``. A notification that names no routable experience leaves the
/// current invocation in place; a web link that does not route is delivered as a failure, so
/// the clip can say the link is not supported.
@MainActor
public final class InvocationInbox {
    /// The router both the clip and the full app build from the manifest.
    public let router: InvocationRouter
    /// Seconds within which the same URL counts as one invocation delivered twice.
    public let duplicateWindow: TimeInterval
    /// The invocation the screen should show, if any.
    public private(set) var current: RoutedInvocation?
    /// Every newly delivered invocation.
    public let deliveries = StateBroadcast<RoutedInvocation>()

    private let now: @Sendable () -> Date
    private var receivedAt: Date?
    private var count = 0

    /// Creates an inbox.
    ///
    /// - Parameters:
    ///   - router: The router built from the manifest (with ClipNostr's parameter kinds).
    ///   - duplicateWindow: Seconds within which a repeated URL is dropped; two by default.
    ///   - now: The wall clock; tests pass one they move.
    public init(router: InvocationRouter, duplicateWindow: TimeInterval = 2, now: @escaping @Sendable () -> Date = { Date() }) {
        self.router = router
        self.duplicateWindow = duplicateWindow
        self.now = now
    }

    /// Routes an invocation and, unless it is a repeat or a notification without a target,
    /// makes it the current one.
    @discardableResult
    public func receive(_ source: InvocationSource) -> InvocationDelivery {
        let result: Result<RouteMatch, RoutingFailure>
        let key: String
        switch source {
        case .webpage(let url):
            result = router.route(url)
            key = url.absoluteString
        case .notification(let identifier):
            result = router.route(notificationTargetContentIdentifier: identifier)
            if case .failure(let failure) = result { return .ignored(failure) }
            key = identifier ?? ""
        }
        let date = now()
        if let current, let receivedAt, current.key == key, date.timeIntervalSince(receivedAt) < duplicateWindow {
            return .duplicate(current)
        }
        count += 1
        let invocation = RoutedInvocation(source: source, result: result, sequence: count, key: key)
        current = invocation
        receivedAt = date
        deliveries.send(invocation)
        return .delivered(invocation)
    }
}

/// An invocation after routing: where it came from and which route it matched, or why none did.
public struct RoutedInvocation: Sendable, Equatable, CustomStringConvertible {
    /// Where it came from.
    public let source: InvocationSource
    /// The matched route, or why no route matched.
    public let result: Result<RouteMatch, RoutingFailure>
    /// 1 for the first invocation the inbox delivered, 2 for the next, …; a new sequence number
    /// means "start over" for the screen, even for the same URL.
    public let sequence: Int
    let key: String

    /// The match, when the URL routed.
    public var match: RouteMatch? {
        if case .success(let match) = result { return match }
        return nil
    }

    /// A line for logs and `clipkit simulate`: the route and its parameters, or why none matched.
    public var description: String {
        switch result {
        case .success(let match):
            let parameters = match.parameters.keys.sorted().map { "\($0)=\(match.parameters[$0] ?? "")" }.joined(separator: ", ")
            return "\(source.description) → route '\(match.route)' (\(parameters)), handled by the \(match.handledBy.rawValue)"
        case .failure(let failure):
            return "\(source.description) → no route: \(failure.description)"
        }
    }
}

/// What the inbox did with an invocation.
public enum InvocationDelivery: Sendable, Equatable {
    /// It is the new current invocation.
    case delivered(RoutedInvocation)
    /// It repeats the current invocation within the duplicate window and was dropped.
    case duplicate(RoutedInvocation)
    /// A notification that names no routable experience; the current invocation stays.
    case ignored(RoutingFailure)
}
