import Foundation

/// A wall clock the test moves by hand, for APIs that take `now: () -> Date`.
public final class TestWallClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    /// Creates a clock at `start`; by default 2023-11-14 22:13:20 UTC (Unix time 1,700,000,000).
    public init(startingAt start: Date = Date(timeIntervalSince1970: 1_700_000_000)) {
        current = start
    }

    /// The current time; a test may also set it.
    public var now: Date {
        get { lock.withLock { current } }
        set { lock.withLock { current = newValue } }
    }

    /// Reads the clock: the closure to hand to an API that takes the current time.
    public var reading: @Sendable () -> Date { { [self] in now } }

    /// Moves the clock forward by `seconds`.
    public func advance(by seconds: TimeInterval) { lock.withLock { current = current.addingTimeInterval(seconds) } }
}
