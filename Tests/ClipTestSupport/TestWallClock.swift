import Foundation

/// A wall clock the test moves by hand, for APIs that take `now: () -> Date`.
public final class TestWallClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current = Date(timeIntervalSince1970: 1_700_000_000)

    /// Creates a clock at 2023-11-14 22:13:20 UTC (Unix time 1,700,000,000).
    public init() {}

    /// The current time.
    public var now: Date { lock.withLock { current } }

    /// Moves the clock forward by `seconds`.
    public func advance(by seconds: TimeInterval) { lock.withLock { current = current.addingTimeInterval(seconds) } }
}
