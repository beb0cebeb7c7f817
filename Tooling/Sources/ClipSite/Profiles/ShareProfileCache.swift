import Foundation

/// A time-limited, bounded cache around a ``ShareProfileProvider``.
///
/// - A found profile is kept for ``Policy/timeToLive``; a definite "none" for
///   ``Policy/absenceTimeToLive`` and a failed lookup for ``Policy/failureTimeToLive`` (a short
///   negative cache, so a relay outage heals quickly and unknown keys are not asked for again and
///   again).
/// - Requests with the same ``ShareProfileProvider/lookupKey(for:)`` share one lookup and one entry
///   (for Nostr: one per public key, whatever route or npub spelling led to it).
/// - A caller waits at most ``Policy/lookupTimeout``; the lookup goes on and fills the cache
///   for the next request, so a slow source delays one page, never the server.
/// - At most ``Policy/maximumConcurrentLookups`` lookups run at once, and with a
///   ``Policy/budget`` each new lookup needs a token from its client's bucket and the overall one.
///   A request over either limit is answered at once without a profile, marked
///   ``Lookup/isThrottled``, and nothing is cached for it.
/// - At most ``Policy/capacity`` entries are kept; expired ones go first, then the least
///   recently used.
package actor ShareProfileCache: ShareProfileProvider {
    /// How long answers are kept, how long callers wait and how much lookup work may run.
    package struct Policy: Sendable, Hashable {
        /// Seconds a found profile stays cached.
        package var timeToLive: TimeInterval
        /// Seconds a definite absence (the source has no profile for the key) stays cached.
        package var absenceTimeToLive: TimeInterval
        /// Seconds a failed or timed-out lookup stays cached before it is retried.
        package var failureTimeToLive: TimeInterval
        /// Seconds a caller waits for a lookup before it goes on without a profile.
        package var lookupTimeout: TimeInterval
        /// The most entries kept.
        package var capacity: Int
        /// The most lookups running at once (for Nostr: relay subscriptions per relay); a request
        /// that would start one more is answered without a profile.
        package var maximumConcurrentLookups: Int
        /// Token buckets that new lookups draw from, per client and overall; `nil` sets no rate.
        package var budget: LookupBudget?

        /// Creates a policy; the defaults suit link previews (ten minutes for a profile, one for an
        /// absence, thirty seconds for a failure, two seconds of waiting) and set no rate budget.
        package init(
            timeToLive: TimeInterval = 600, failureTimeToLive: TimeInterval = 30,
            lookupTimeout: TimeInterval = 2, capacity: Int = 10_000,
            absenceTimeToLive: TimeInterval = 60, maximumConcurrentLookups: Int = 64,
            budget: LookupBudget? = nil
        ) {
            self.timeToLive = timeToLive
            self.absenceTimeToLive = absenceTimeToLive
            self.failureTimeToLive = failureTimeToLive
            self.lookupTimeout = lookupTimeout
            self.capacity = max(1, capacity)
            self.maximumConcurrentLookups = max(1, maximumConcurrentLookups)
            self.budget = budget
        }

        /// The policy of a public server (`clipkit serve`): the defaults with 16 lookups at once
        /// and the default ``LookupBudget``.
        package static let serving = Policy(maximumConcurrentLookups: 16, budget: LookupBudget())
    }

    /// One answer from the cache.
    package struct Lookup: Sendable, Hashable {
        /// The profile, when one was found in time.
        package var profile: ShareProfile?
        /// Until when this answer holds; a page rendered from it should not be cached longer.
        package var expiresAt: Date
        /// Whether the lookup was not started because a limit was reached (concurrency or
        /// budget): the answer holds for this request only and must not be cached.
        package var isThrottled: Bool

        /// Creates an answer.
        package init(profile: ShareProfile?, expiresAt: Date, isThrottled: Bool = false) {
            self.profile = profile
            self.expiresAt = expiresAt
            self.isThrottled = isThrottled
        }
    }

    /// What the cache has counted since it was created.
    package struct Statistics: Sendable, Hashable {
        /// Lookups started (each one call to the provider).
        package var lookupsStarted = 0
        /// Requests that joined a lookup already running.
        package var lookupsJoined = 0
        /// Requests answered from an entry.
        package var hits = 0
        /// Requests answered without a profile because a limit was reached.
        package var throttled = 0
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
        var lastUsed: UInt64
    }

    /// The cache's policy.
    package let policy: Policy
    private let provider: any ShareProfileProvider
    private let now: @Sendable () -> Date
    private var entries: [String: Entry] = [:]
    private var lookups: [String: Task<Outcome, Never>] = [:]
    private var admission: LookupAdmission?
    private var sequence: UInt64 = 0
    /// What the cache has counted so far.
    package private(set) var statistics = Statistics()

    /// Wraps `provider`.
    ///
    /// - Parameters:
    ///   - provider: Where profiles are looked up.
    ///   - policy: How many lookups run at once, how long answers hold, and the lookup budget.
    ///   - now: The clock; tests pass one they control.
    package init(
        provider: any ShareProfileProvider, policy: Policy = Policy(),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.provider = provider
        self.policy = policy
        self.now = now
        admission = policy.budget.map { LookupAdmission(budget: $0, now: now().timeIntervalSinceReferenceDate) }
    }

    /// The number of cached answers, expired ones included until they are replaced.
    package var count: Int { entries.count }

    /// The number of lookups running now.
    package var lookupsInFlight: Int { lookups.count }

    /// The number of client buckets the budget remembers now.
    package var trackedClients: Int { admission?.trackedClients ?? 0 }

    /// The profile for `request`, from the cache or from the provider; `nil` after a failure or timeout.
    package func profile(for request: ShareProfileRequest) async throws -> ShareProfile? {
        await lookup(request).profile
    }

    /// The provider's key for `request`.
    package nonisolated func lookupKey(for request: ShareProfileRequest) -> String? {
        provider.lookupKey(for: request)
    }

    /// The profile for `request` and how long the answer holds.
    ///
    /// - Parameters:
    ///   - request: The routed share URL whose profile is wanted.
    ///   - client: Who asks, as the server names clients (an IPv4 address, an IPv6 /64); a new
    ///     lookup takes a token from this client's bucket. `nil` draws on the overall bucket only.
    package func lookup(_ request: ShareProfileRequest, client: String? = nil) async -> Lookup {
        let started = now()
        guard let key = provider.lookupKey(for: request) else {
            return Lookup(profile: nil, expiresAt: started.addingTimeInterval(policy.timeToLive))
        }
        if let entry = entries[key], entry.expiresAt > started {
            sequence &+= 1
            entries[key]?.lastUsed = sequence
            statistics.hits += 1
            return Lookup(profile: entry.outcome.profile, expiresAt: entry.expiresAt)
        }
        let task: Task<Outcome, Never>
        if let running = lookups[key] {
            statistics.lookupsJoined += 1
            task = running
        } else {
            guard lookups.count < policy.maximumConcurrentLookups,
                  admission?.admit(client: client, now: started.timeIntervalSinceReferenceDate) ?? true
            else {
                statistics.throttled += 1
                return Lookup(profile: nil, expiresAt: started, isThrottled: true)
            }
            task = startLookup(request, key: key)
        }
        guard let outcome = await Self.value(of: task, waitingAtMost: policy.lookupTimeout) else {
            return Lookup(profile: nil, expiresAt: now().addingTimeInterval(min(policy.failureTimeToLive, policy.lookupTimeout)))
        }
        if let entry = entries[key] {
            return Lookup(profile: entry.outcome.profile, expiresAt: entry.expiresAt)
        }
        return Lookup(profile: outcome.profile, expiresAt: now().addingTimeInterval(timeToLive(of: outcome)))
    }

    /// Forgets every cached answer.
    package func removeAll() {
        entries.removeAll()
    }

    private func startLookup(_ request: ShareProfileRequest, key: String) -> Task<Outcome, Never> {
        let provider = self.provider
        statistics.lookupsStarted += 1
        let task = Task<Outcome, Never> {
            let outcome: Outcome
            do {
                outcome = .answered(try await provider.profile(for: request))
            } catch {
                outcome = .failed
            }
            self.store(outcome, for: key)
            return outcome
        }
        lookups[key] = task
        return task
    }

    private func store(_ outcome: Outcome, for key: String) {
        lookups[key] = nil
        if entries[key] == nil, entries.count >= policy.capacity { evict() }
        sequence &+= 1
        entries[key] = Entry(outcome: outcome, expiresAt: now().addingTimeInterval(timeToLive(of: outcome)), lastUsed: sequence)
    }

    private func timeToLive(of outcome: Outcome) -> TimeInterval {
        switch outcome {
        case .answered(.some): return policy.timeToLive
        case .answered(.none): return policy.absenceTimeToLive
        case .failed: return policy.failureTimeToLive
        }
    }

    /// Drops expired entries, then the least recently used tenth if the cache is still full.
    private func evict() {
        let current = now()
        entries = entries.filter { $0.value.expiresAt > current }
        guard entries.count >= policy.capacity else { return }
        let excess = entries.count - policy.capacity + max(1, policy.capacity / 10)
        let oldest = entries.sorted { $0.value.lastUsed < $1.value.lastUsed }.prefix(excess)
        for (key, _) in oldest { entries[key] = nil }
    }

    /// The task's value, or `nil` when `seconds` pass first (the task keeps running).
    private static func value(of task: Task<Outcome, Never>, waitingAtMost seconds: TimeInterval) async -> Outcome? {
        let gate = FirstResult<Outcome?>()
        return await withCheckedContinuation { continuation in
            gate.install(continuation)
            let timer = Task {
                try? await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
                gate.resume(with: nil)
            }
            Task {
                gate.resume(with: await task.value)
                timer.cancel()
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
