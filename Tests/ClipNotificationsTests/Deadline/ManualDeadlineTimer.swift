@_spi(ClipKitTooling) import ClipNotifications
import Foundation

/// A deadline timer whose time only moves when the test advances it.
final class ManualDeadlineTimer: DeadlineTimer, @unchecked Sendable {
    private struct Sleeper {
        let deadline: TimeInterval
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    private var now: TimeInterval = 0
    private var sleepers: [UUID: Sleeper] = [:]
    private var cancelledBeforeSleeping: Set<UUID> = []

    private var currentTime: TimeInterval {
        lock.lock()
        defer { lock.unlock() }
        return now
    }

    /// How many sleeps are waiting.
    var waitingSleeps: Int {
        lock.lock()
        defer { lock.unlock() }
        return sleepers.count
    }

    func sleep(seconds: TimeInterval) async throws {
        let identifier = UUID()
        let deadline = currentTime + seconds
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                lock.lock()
                if cancelledBeforeSleeping.remove(identifier) != nil {
                    lock.unlock()
                    continuation.resume(throwing: CancellationError())
                } else if deadline <= now {
                    lock.unlock()
                    continuation.resume()
                } else {
                    sleepers[identifier] = Sleeper(deadline: deadline, continuation: continuation)
                    lock.unlock()
                }
            }
        } onCancel: {
            lock.lock()
            let sleeper = sleepers.removeValue(forKey: identifier)
            if sleeper == nil { cancelledBeforeSleeping.insert(identifier) }
            lock.unlock()
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward and wakes the sleeps that are due.
    func advance(by seconds: TimeInterval) {
        lock.lock()
        now += seconds
        let due = sleepers.filter { $0.value.deadline <= now }
        for identifier in due.keys { sleepers[identifier] = nil }
        lock.unlock()
        for sleeper in due.values { sleeper.continuation.resume() }
    }

    /// Waits (in real time, briefly) until `count` sleeps are waiting.
    func waitForSleeps(_ count: Int) async throws {
        let deadline = Date().addingTimeInterval(10)
        while waitingSleeps < count {
            guard Date() < deadline else { throw TimedOut(what: "\(count) sleeps on the manual timer") }
            try await Task.sleep(nanoseconds: 1_000_000)
        }
    }
}

/// Something a test waited for did not happen in time.
struct TimedOut: Error, CustomStringConvertible {
    let what: String
    var description: String { "timed out waiting for \(what)" }
}
