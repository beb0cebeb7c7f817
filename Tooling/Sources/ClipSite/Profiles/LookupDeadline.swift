/// Runs work against a deadline that does not depend on the work noticing cancellation: the
/// caller is resumed at the deadline with `nil`, and the work is cancelled.
///
/// Profile lookups use it for every step that must end by the lookup's deadline (a NIP-05 check,
/// a caller's wait for a lookup), so a slow or silent peer never holds a lookup slot longer.
enum LookupDeadline {
    /// The value of `operation`, or `nil` when `deadline` passes first (or the caller is
    /// cancelled); the operation's task is then cancelled.
    ///
    /// Cancelling the operation does not cancel tasks it merely awaits: waiting for a shared
    /// lookup's `Task.value` this way leaves the lookup running.
    static func value<Value: Sendable>(
        before deadline: ContinuousClock.Instant, of operation: @escaping @Sendable () async -> Value
    ) async -> Value? {
        let gate = FirstResult<Value?>()
        let work = Task { gate.resume(with: await operation()) }
        let timer = Task {
            try? await Task.sleep(until: deadline, clock: .continuous)
            gate.resume(with: nil)
        }
        let value = await withTaskCancellationHandler {
            await withCheckedContinuation { gate.install($0) }
        } onCancel: {
            gate.resume(with: nil)
        }
        timer.cancel()
        work.cancel()
        return value
    }

    /// `seconds` as a duration; a negative or non-finite value counts as zero, and values are
    /// capped at a day so that a misconfigured wait cannot overflow a deadline.
    static func duration(seconds: Double) -> Duration {
        guard seconds.isFinite, seconds > 0 else { return .zero }
        return .milliseconds(Int64((min(seconds, 86_400) * 1000).rounded()))
    }
}
