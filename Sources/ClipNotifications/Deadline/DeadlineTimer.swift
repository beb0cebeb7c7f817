import Foundation

/// Measures a ``DeadlineGuard``'s time budget; tests inject one they advance by hand.
@_spi(ClipKitTooling)
public protocol DeadlineTimer: Sendable {
    /// Returns once `seconds` have passed.
    ///
    /// - Throws: `CancellationError` when the calling task is cancelled first.
    func sleep(seconds: TimeInterval) async throws
}

/// The real passage of time (`Task.sleep`).
@_spi(ClipKitTooling)
public struct SystemDeadlineTimer: DeadlineTimer {
    /// Creates the timer.
    public init() {}

    /// Sleeps the calling task for `seconds` (negative or not a number: not at all; at most a
    /// century).
    public func sleep(seconds: TimeInterval) async throws {
        let nanoseconds = seconds.isNaN ? 0 : min(max(seconds, 0), 3_155_760_000) * 1_000_000_000
        try await Task.sleep(nanoseconds: UInt64(nanoseconds))
    }
}
