import ClipKit
import Foundation

/// Receives invocations from every entry point, routes them with the shared
/// ``/ClipKit/InvocationRouter`` and keeps the one the screen should show.
///
/// A clip can hear of the same URL twice on a cold launch (the scene's connection options
/// and `onContinueUserActivity`); the inbox drops a repeat of the current URL that arrives
/// within `duplicateWindow`. A notification that names no routable experience leaves the
/// current invocation in place; a web link that does not route is delivered as a failure, so
/// the clip can say the link is not supported.
@MainActor
public final class InvocationInbox {
    /// The router both the clip and the full app build from the manifest.
    public let router: InvocationRouter
    /// Seconds within which the same URL counts as one invocation delivered twice.
    @_spi(ClipKitTooling) public let duplicateWindow: TimeInterval
    /// The invocation the screen should show, if any.
    public private(set) var current: RoutedInvocation?
    /// Every newly delivered invocation.
    @_spi(ClipKitTooling) public let deliveries = StateBroadcast<RoutedInvocation>()

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
