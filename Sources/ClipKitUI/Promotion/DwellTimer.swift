import Foundation

/// What ``InstallPromotionController/requestAfterMinimumDwell(timer:)`` waits on.
///
/// ``system`` works on every OS ClipKit supports, iOS 15 included. Where the standard library has
/// clocks (iOS 16, macOS 13) any `Clock` can drive the wait instead, which is how tests make it
/// exact:
///
/// ```swift
/// await promotion.requestAfterMinimumDwell()                             // the system's timer
/// await promotion.requestAfterMinimumDwell(timer: DwellTimer(testClock)) // a clock the test moves
/// ```
public struct DwellTimer: Sendable {
    private let wait: @Sendable (TimeInterval) async throws -> Void

    /// The system's timer: `ContinuousClock` where the OS has it, `Task.sleep(nanoseconds:)` on iOS 15.
    public static let system = DwellTimer { seconds in
        if #available(iOS 16.0, macOS 13.0, *) {
            try await ContinuousClock().sleep(for: milliseconds(seconds))
        } else {
            try await taskSleep(seconds: seconds)
        }
    }

    /// A timer that waits with `Task.sleep(nanoseconds:)`, which every supported OS has; what
    /// ``system`` falls back to before iOS 16.
    static let nanosecondSleep = DwellTimer { seconds in try await taskSleep(seconds: seconds) }

    /// A timer whose waits run on `clock`.
    @available(iOS 16.0, macOS 13.0, *)
    public init<C: Clock>(_ clock: C) where C.Duration == Duration {
        wait = { seconds in try await clock.sleep(for: Self.milliseconds(seconds)) }
    }

    private init(wait: @escaping @Sendable (TimeInterval) async throws -> Void) {
        self.wait = wait
    }

    /// Suspends for `seconds` (nothing when it is not positive).
    ///
    /// - Throws: `CancellationError` when the calling task is cancelled first.
    public func sleep(seconds: TimeInterval) async throws {
        guard seconds > 0 else { return }
        try await wait(seconds)
    }

    /// `seconds` as a whole number of milliseconds, rounded up so a wait never ends early.
    @available(iOS 16.0, macOS 13.0, *)
    private static func milliseconds(_ seconds: TimeInterval) -> Duration {
        .milliseconds(Int64(min((seconds * 1000).rounded(.up), Double(Int64.max))))
    }

    /// `seconds` as a whole number of nanoseconds for `Task.sleep(nanoseconds:)`, rounded up and
    /// capped at what `UInt64` holds.
    static func nanoseconds(_ seconds: TimeInterval) -> UInt64 {
        let value = (seconds * 1_000_000_000).rounded(.up)
        guard value > 0 else { return 0 }
        return value >= Double(UInt64.max) ? UInt64.max : UInt64(value)
    }

    private static func taskSleep(seconds: TimeInterval) async throws {
        try await Task.sleep(nanoseconds: nanoseconds(seconds))
    }
}
