import Foundation

/// A clock that moves only when a test advances it, so deadlines are exact and never flaky.
public final class ManualClock: Clock, @unchecked Sendable {
    /// A point on the clock: how far it was advanced from zero.
    public struct Instant: InstantProtocol {
        /// The time since the clock started.
        public var offset: Duration
        /// The instant `duration` later.
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        /// The time from this instant to `other`.
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        /// Whether `lhs` comes before `rhs`.
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    private var current = Instant(offset: .zero)
    private var sleepers: [UUID: Sleeper] = [:]
    private var cancelledBeforeSleeping: Set<UUID> = []

    /// Creates a clock at zero with no sleepers.
    public init() {}

    /// The current instant; moves only with ``advance(by:)``.
    public var now: Instant { lock.withLock { current } }
    /// Zero: the clock moves exactly as far as a test advances it.
    public var minimumResolution: Duration { .zero }

    /// How many tasks are sleeping on this clock.
    public var sleeperCount: Int { lock.withLock { sleepers.count } }

    /// Suspends until a test advances the clock to `deadline`, or throws when the task is cancelled.
    public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow: Result<Void, any Error>? = lock.withLock {
                    if cancelledBeforeSleeping.remove(id) != nil { return .failure(CancellationError()) }
                    if deadline <= current { return .success(()) }
                    sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return nil
                }
                if let resumeNow { continuation.resume(with: resumeNow) }
            }
        } onCancel: {
            let sleeper: Sleeper? = lock.withLock {
                if let sleeper = sleepers.removeValue(forKey: id) { return sleeper }
                cancelledBeforeSleeping.insert(id)
                return nil
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock forward and wakes every sleeper whose deadline has come.
    public func advance(by duration: Duration) {
        let due: [Sleeper] = lock.withLock {
            current = current.advanced(by: duration)
            let ready = sleepers.filter { $0.value.deadline <= current }
            for id in ready.keys { sleepers[id] = nil }
            return Array(ready.values)
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Waits (on real time, briefly yielding) until `count` tasks sleep on this clock.
    public func waitForSleepers(_ count: Int) async {
        while sleeperCount < count { await Task.yield() }
    }
}
