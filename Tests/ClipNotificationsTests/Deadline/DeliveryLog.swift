@_spi(ClipKitTooling) import ClipNotifications
import Foundation

/// Records every call of a deadline guard's content handler.
final class DeliveryLog<Content: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [(content: Content, outcome: DeadlineOutcome)] = []

    var handler: @Sendable (Content, DeadlineOutcome) -> Void {
        { [self] content, outcome in
            lock.lock()
            recorded.append((content, outcome))
            lock.unlock()
        }
    }

    var deliveries: [(content: Content, outcome: DeadlineOutcome)] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    /// Waits (in real time) for the first delivery.
    func waitForDelivery(timeout: TimeInterval = 10) async throws -> (content: Content, outcome: DeadlineOutcome) {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let first = deliveries.first { return first }
            guard Date() < deadline else { throw TimedOut(what: "a delivery") }
            try await Task.sleep(nanoseconds: 500_000)
        }
    }
}
