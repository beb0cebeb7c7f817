import ClipNotifications
import Foundation

/// The ninth party of the cross-process test: a thread of the test process that resets the
/// counter whenever it reaches `threshold`, recording each reset's sequence number and the value
/// it cleared, until told to stop.
final class Resetter: @unchecked Sendable {
    private let counter: BadgeCounter
    private let threshold: Int
    private let lock = NSLock()
    private var stopRequested = false
    private var finished = false
    private var recorded: [BadgeUpdate] = []
    private var failure: (any Error)?

    init(counter: BadgeCounter, threshold: Int) {
        self.counter = counter
        self.threshold = threshold
    }

    func start() {
        let thread = Thread { [self] in
            while !lock.protectingStop({ stopRequested }) {
                do {
                    if try counter.value() >= threshold {
                        let update = try counter.reset()
                        lock.protectingStop { recorded.append(update) }
                    } else {
                        usleep(100)
                    }
                } catch {
                    lock.protectingStop { failure = error }
                    break
                }
            }
            lock.protectingStop { finished = true }
        }
        thread.start()
    }

    /// Stops the thread and returns the resets it made.
    func stop() async throws -> [BadgeUpdate] {
        lock.protectingStop { stopRequested = true }
        while !lock.protectingStop({ finished }) {
            try await Task.sleep(nanoseconds: 2_000_000)
        }
        return try lock.protectingStop {
            if let failure { throw failure }
            return recorded
        }
    }
}

private extension NSLock {
    func protectingStop<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
