import Foundation

/// A time-limited cache around a ``ShareProfileProvider``.
///
/// - A found profile (or a definite "none") is kept for ``Policy/timeToLive``; a failed lookup
///   for the shorter ``Policy/failureTimeToLive``, so a relay outage heals quickly.
/// - Concurrent requests for the same profile share one lookup.
/// - A caller waits at most ``Policy/lookupTimeout``; the lookup goes on and fills the cache
///   for the next request, so a slow source delays one page, never the server.
/// - At most ``Policy/capacity`` entries are kept; the oldest go first.
public actor ShareProfileCache: ShareProfileProvider {
    /// How long answers are kept and how long callers wait.
    public struct Policy: Sendable, Hashable {
        /// Seconds a found profile (or a definite absence) stays cached.
        public var timeToLive: TimeInterval
        /// Seconds a failed or timed-out lookup stays cached before it is retried.
        public var failureTimeToLive: TimeInterval
        /// Seconds a caller waits for a lookup before it goes on without a profile.
        public var lookupTimeout: TimeInterval
        /// The most entries kept.
        public var capacity: Int

        /// Creates a policy; the defaults suit link previews (ten minutes, thirty seconds, two seconds).
        public init(
            timeToLive: TimeInterval = 600, failureTimeToLive: TimeInterval = 30,
            lookupTimeout: TimeInterval = 2, capacity: Int = 10_000
        ) {
            self.timeToLive = timeToLive
            self.failureTimeToLive = failureTimeToLive
            self.lookupTimeout = lookupTimeout
            self.capacity = max(1, capacity)
        }
    }

    /// One answer from the cache.
    public struct Lookup: Sendable, Hashable {
        /// The profile, when one was found in time.
        public var profile: ShareProfile?
        /// Until when this answer holds; a page rendered from it should not be cached longer.
        public var expiresAt: Date
    }

    private enum Outcome: Sendable {
        case answered(ShareProfile?)
        case failed

        var profile: ShareProfile? {
            if case .answered(let profile) = self { return profile }
            return nil
        }
    }

    private struct Entry {
        var outcome: Outcome
        var expiresAt: Date
        var sequence: UInt64
    }

    /// The cache's policy.
    public let policy: Policy
    private let provider: any ShareProfileProvider
    private let now: @Sendable () -> Date
    private var entries: [ShareProfileRequest: Entry] = [:]
    private var lookups: [ShareProfileRequest: Task<Outcome, Never>] = [:]
    private var sequence: UInt64 = 0

    /// Wraps `provider`.
    ///
    /// - Parameter now: The clock; tests pass one they control.
    public init(
        provider: any ShareProfileProvider, policy: Policy = Policy(),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.provider = provider
        self.policy = policy
        self.now = now
    }

    /// The number of cached answers, expired ones included until they are replaced.
    public var count: Int { entries.count }

    /// The profile for `request`, from the cache or from the provider; `nil` after a failure or timeout.
    public func profile(for request: ShareProfileRequest) async throws -> ShareProfile? {
        await lookup(request).profile
    }

    /// The profile for `request` and how long the answer holds.
    public func lookup(_ request: ShareProfileRequest) async -> Lookup {
        let started = now()
        if let entry = entries[request], entry.expiresAt > started {
            return Lookup(profile: entry.outcome.profile, expiresAt: entry.expiresAt)
        }
        let task = lookups[request] ?? startLookup(request)
        guard let outcome = await Self.value(of: task, waitingAtMost: policy.lookupTimeout) else {
            return Lookup(profile: nil, expiresAt: now().addingTimeInterval(min(policy.failureTimeToLive, policy.lookupTimeout)))
        }
        if let entry = entries[request] {
            return Lookup(profile: entry.outcome.profile, expiresAt: entry.expiresAt)
        }
        return Lookup(profile: outcome.profile, expiresAt: now().addingTimeInterval(timeToLive(of: outcome)))
    }

    /// Forgets every cached answer.
    public func removeAll() {
        entries.removeAll()
    }

    private func startLookup(_ request: ShareProfileRequest) -> Task<Outcome, Never> {
        let provider = self.provider
        let task = Task<Outcome, Never> {
            let outcome: Outcome
            do {
                outcome = .answered(try await provider.profile(for: request))
            } catch {
                outcome = .failed
            }
            self.store(outcome, for: request)
            return outcome
        }
        lookups[request] = task
        return task
    }

    private func store(_ outcome: Outcome, for request: ShareProfileRequest) {
        lookups[request] = nil
        if entries[request] == nil, entries.count >= policy.capacity { evict() }
        sequence &+= 1
        entries[request] = Entry(outcome: outcome, expiresAt: now().addingTimeInterval(timeToLive(of: outcome)), sequence: sequence)
    }

    private func timeToLive(of outcome: Outcome) -> TimeInterval {
        switch outcome {
        case .answered: return policy.timeToLive
        case .failed: return policy.failureTimeToLive
        }
    }

    /// Drops expired entries, then the oldest tenth if the cache is still full.
    private func evict() {
        let current = now()
        entries = entries.filter { $0.value.expiresAt > current }
        guard entries.count >= policy.capacity else { return }
        let excess = entries.count - policy.capacity + max(1, policy.capacity / 10)
        let oldest = entries.sorted { $0.value.sequence < $1.value.sequence }.prefix(excess)
        for (key, _) in oldest { entries[key] = nil }
    }

    /// The task's value, or `nil` when `seconds` pass first (the task keeps running).
    private static func value(of task: Task<Outcome, Never>, waitingAtMost seconds: TimeInterval) async -> Outcome? {
        let gate = FirstResult<Outcome?>()
        return await withCheckedContinuation { continuation in
            gate.install(continuation)
            Task { gate.resume(with: await task.value) }
            Task {
                try? await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
                gate.resume(with: nil)
            }
        }
    }
}

/// Resumes a continuation with the first value offered and ignores the rest.
final class FirstResult<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Value, Never>?
    private var pending: Value?
    private var finished = false

    func install(_ continuation: CheckedContinuation<Value, Never>) {
        lock.lock()
        if finished, let pending {
            lock.unlock()
            continuation.resume(returning: pending)
            return
        }
        self.continuation = continuation
        lock.unlock()
    }

    func resume(with value: Value) {
        lock.lock()
        guard !finished else { lock.unlock(); return }
        finished = true
        if let continuation {
            self.continuation = nil
            lock.unlock()
            continuation.resume(returning: value)
        } else {
            pending = value
            lock.unlock()
        }
    }
}
