import Foundation

/// A time-limited, bounded cache around a ``ShareProfileProvider``.
///
/// - A found profile is kept for ``Policy/timeToLive``; a definite "none" for
///   ``Policy/absenceTimeToLive`` and a failed lookup for ``Policy/failureTimeToLive`` (a short
///   negative cache, so a relay outage heals quickly and unknown keys are not asked for again and
///   again).
/// - Requests with the same ``ShareProfileProvider/lookupKey(for:)`` share one lookup and one entry
///   (for Nostr: one per public key, whatever route or npub spelling led to it).
/// - A caller waits at most ``Policy/lookupTimeout`` (the page's wait), and a lookup is given
///   about as long (``Policy/lookupAllowance``) as its deadline
///   (``ShareProfileProvider/profile(for:before:)``), so it holds its slot no longer than a page
///   waits; a lookup that outlives its caller's wait fills the cache for the next request.
/// - At most ``Policy/maximumConcurrentLookups`` lookups run at once (the slots), and one client
///   holds at most ``Policy/lookupsPerClient`` of them. A request that finds no slot for it waits,
///   within the page's wait, in a fair queue: the next free slot goes to the waiting client that
///   holds the fewest slots (the earliest of those). A request still waiting when the page's wait
///   (or ``Policy/maximumSlotWait``) is over is answered without a profile, marked
///   ``Lookup/isThrottled``.
/// - With a ``Policy/budget`` each new lookup needs a token from its client's bucket and the
///   overall one; a request over either is answered at once without a profile, marked
///   ``Lookup/isThrottled``. Nothing is cached for a throttled request.
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
        /// Seconds a caller waits for a lookup before it goes on without a profile (the page's
        /// wait), counted from its request, time in the queue for a slot included; also each
        /// lookup's deadline, so a lookup holds its slot no longer.
        package var lookupTimeout: TimeInterval
        /// The most entries kept.
        package var capacity: Int
        /// The most lookups running at once (the lookup slots; for Nostr: relay subscriptions per
        /// relay); a request that finds no free slot waits for one within the page's wait.
        package var maximumConcurrentLookups: Int
        /// The most slots one client holds at once; `nil` means a quarter of
        /// ``maximumConcurrentLookups``, rounded up (see ``lookupsPerClient``). Requests without a
        /// client (the operator's own tools) are not capped.
        package var maximumLookupsPerClient: Int?
        /// Seconds a request waits in the queue for a lookup slot, at most the page's wait;
        /// `nil` means the page's wait (``lookupTimeout``), `0` answers at once without a profile.
        package var maximumSlotWait: TimeInterval?
        /// Token buckets that new lookups draw from, per client and overall; `nil` sets no rate.
        package var budget: LookupBudget?

        /// Creates a policy; the defaults suit link previews (ten minutes for a profile, one for an
        /// absence, thirty seconds for a failure, two seconds of waiting, a quarter of the slots
        /// per client) and set no rate budget.
        package init(
            timeToLive: TimeInterval = 600, failureTimeToLive: TimeInterval = 30,
            lookupTimeout: TimeInterval = 2, capacity: Int = 10_000,
            absenceTimeToLive: TimeInterval = 60, maximumConcurrentLookups: Int = 64,
            maximumLookupsPerClient: Int? = nil, maximumSlotWait: TimeInterval? = nil, budget: LookupBudget? = nil
        ) {
            self.timeToLive = timeToLive
            self.absenceTimeToLive = absenceTimeToLive
            self.failureTimeToLive = failureTimeToLive
            self.lookupTimeout = lookupTimeout
            self.capacity = max(1, capacity)
            self.maximumConcurrentLookups = max(1, maximumConcurrentLookups)
            self.maximumLookupsPerClient = maximumLookupsPerClient.map { max(1, $0) }
            self.maximumSlotWait = maximumSlotWait
            self.budget = budget
        }

        /// The most slots one client holds at once: ``maximumLookupsPerClient``, or a quarter of
        /// ``maximumConcurrentLookups`` rounded up; at least one, at most all of them.
        package var lookupsPerClient: Int {
            let total = max(1, maximumConcurrentLookups)
            return min(total, max(1, maximumLookupsPerClient ?? (total + 3) / 4))
        }

        /// The time each lookup is given, its deadline counted from its start: the page's wait
        /// less a margin (a tenth of it, at most 200 ms) for the answer to reach the page in time.
        package var lookupAllowance: Duration {
            let wait = lookupTimeout.isFinite ? max(0, lookupTimeout) : 0
            return LookupDeadline.duration(seconds: wait - min(0.2, wait / 10))
        }

        /// The policy of a public server (`clipkit serve`): the defaults with 16 lookups at once
        /// (4 per client) and the default ``LookupBudget``.
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
        /// Requests that found no free slot for their client and waited in the queue.
        package var waited = 0
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

    /// A lookup holding a slot, and the client it holds it for.
    private struct RunningLookup {
        var task: Task<Outcome, Never>
        var client: String?
    }

    /// How a request that waited for a slot goes on.
    private enum Grant: Sendable {
        /// It has the lookup (its own, or one started meanwhile for the same key) to wait for.
        case lookup(Task<Outcome, Never>)
        /// Its wait ended, or its budget ran out: it goes on without a profile.
        case throttled
    }

    /// A request waiting in the queue for a slot.
    private struct Waiter {
        var id: UInt64
        var key: String
        var request: ShareProfileRequest
        var client: String?
        var continuation: CheckedContinuation<Grant, Never>
        var timer: Task<Void, Never>?
    }

    /// The cache's policy.
    package let policy: Policy
    private let provider: any ShareProfileProvider
    private let now: @Sendable () -> Date
    private var entries: [String: Entry] = [:]
    private var lookups: [String: RunningLookup] = [:]
    /// Slots held, by client (`nil`: requests without a client).
    private var slotsHeld: [String?: Int] = [:]
    /// Requests waiting for a slot, in the order they came.
    private var waiters: [Waiter] = []
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

    /// The number of lookups running now (the slots in use).
    package var lookupsInFlight: Int { lookups.count }

    /// The number of requests waiting for a slot now.
    package var lookupsWaiting: Int { waiters.count }

    /// The number of slots `client` holds now.
    package func lookupsHeld(by client: String?) -> Int {
        slotsHeld[client] ?? 0
    }

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
    ///     lookup takes one of this client's slots and a token from its bucket. `nil` is not held
    ///     to a client's share of the slots and draws on the overall bucket only.
    package func lookup(_ request: ShareProfileRequest, client: String? = nil) async -> Lookup {
        let arrived = ContinuousClock.now
        let pageDeadline = arrived + LookupDeadline.duration(seconds: policy.lookupTimeout)
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
            task = running.task
        } else if hasFreeSlot(for: client) {
            guard admission?.admit(client: client, now: started.timeIntervalSinceReferenceDate) ?? true else {
                return throttled(at: started)
            }
            task = startLookup(request, key: key, client: client)
        } else {
            // No slot for this client now: wait for one within the page's wait, unless there is
            // no wait or the budget would refuse the lookup anyway.
            let slotWait = min(policy.maximumSlotWait ?? policy.lookupTimeout, policy.lookupTimeout)
            let slotDeadline = min(pageDeadline, arrived + LookupDeadline.duration(seconds: slotWait))
            guard slotDeadline > ContinuousClock.now,
                  admission?.wouldAdmit(client: client, now: started.timeIntervalSinceReferenceDate) ?? true
            else { return throttled(at: started) }
            statistics.waited += 1
            switch await waitForSlot(request, key: key, client: client, until: slotDeadline) {
            case .lookup(let granted): task = granted
            case .throttled: return throttled(at: now())
            }
        }
        guard let outcome = await LookupDeadline.value(before: pageDeadline, of: { await task.value }) else {
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

    /// The answer to a request that a limit kept from a lookup; counted, never cached.
    private func throttled(at time: Date) -> Lookup {
        statistics.throttled += 1
        return Lookup(profile: nil, expiresAt: time, isThrottled: true)
    }

    /// Whether a slot is free and `client` holds fewer than its share (a request without a
    /// client has no share to keep to).
    private func hasFreeSlot(for client: String?) -> Bool {
        guard lookups.count < policy.maximumConcurrentLookups else { return false }
        return client == nil || lookupsHeld(by: client) < policy.lookupsPerClient
    }

    /// Queues the request until a slot is granted to it (``dispatch()``), a lookup for its key
    /// starts, or `deadline` passes.
    private func waitForSlot(
        _ request: ShareProfileRequest, key: String, client: String?, until deadline: ContinuousClock.Instant
    ) async -> Grant {
        sequence &+= 1
        let id = sequence
        return await withCheckedContinuation { continuation in
            let timer = Task { [weak self] in
                try? await Task.sleep(until: deadline, clock: .continuous)
                guard !Task.isCancelled else { return }
                await self?.expire(waiter: id)
            }
            waiters.append(Waiter(id: id, key: key, request: request, client: client, continuation: continuation, timer: timer))
        }
    }

    /// Ends the wait of waiter `id`, if it is still waiting: it goes on without a profile.
    private func expire(waiter id: UInt64) {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
        waiters.remove(at: index).continuation.resume(returning: .throttled)
    }

    /// Hands free slots to waiting requests, fairly: each time, to a request of the client that
    /// holds the fewest slots among those still under their share, the earliest of them.
    private func dispatch() {
        while lookups.count < policy.maximumConcurrentLookups, let index = nextWaiter() {
            let waiter = waiters.remove(at: index)
            waiter.timer?.cancel()
            if let running = lookups[waiter.key] {
                statistics.lookupsJoined += 1
                waiter.continuation.resume(returning: .lookup(running.task))
            } else if admission?.admit(client: waiter.client, now: now().timeIntervalSinceReferenceDate) ?? true {
                waiter.continuation.resume(returning: .lookup(startLookup(waiter.request, key: waiter.key, client: waiter.client)))
            } else {
                waiter.continuation.resume(returning: .throttled)
            }
        }
    }

    /// The index of the waiter the next free slot goes to, `nil` when every waiting client holds
    /// its share already.
    private func nextWaiter() -> Int? {
        var best: (index: Int, held: Int)?
        for (index, waiter) in waiters.enumerated() {
            let held = lookupsHeld(by: waiter.client)
            guard waiter.client == nil || held < policy.lookupsPerClient else { continue }
            if best == nil || held < (best?.held ?? 0) { best = (index, held) }
        }
        return best?.index
    }

    private func startLookup(_ request: ShareProfileRequest, key: String, client: String?) -> Task<Outcome, Never> {
        let provider = self.provider
        let deadline = ContinuousClock.now + policy.lookupAllowance
        statistics.lookupsStarted += 1
        let task = Task<Outcome, Never> {
            let outcome: Outcome
            do {
                outcome = .answered(try await provider.profile(for: request, before: deadline))
            } catch {
                outcome = .failed
            }
            self.store(outcome, for: key)
            return outcome
        }
        lookups[key] = RunningLookup(task: task, client: client)
        slotsHeld[client, default: 0] += 1
        // Requests waiting for the same key join this lookup instead of waiting for a slot.
        for waiter in waiters where waiter.key == key {
            waiter.timer?.cancel()
            statistics.lookupsJoined += 1
            waiter.continuation.resume(returning: .lookup(task))
        }
        waiters.removeAll { $0.key == key }
        return task
    }

    private func store(_ outcome: Outcome, for key: String) {
        if let finished = lookups.removeValue(forKey: key) {
            let held = lookupsHeld(by: finished.client) - 1
            slotsHeld[finished.client] = held > 0 ? held : nil
        }
        if entries[key] == nil, entries.count >= policy.capacity { evict() }
        sequence &+= 1
        entries[key] = Entry(outcome: outcome, expiresAt: now().addingTimeInterval(timeToLive(of: outcome)), lastUsed: sequence)
        dispatch()
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
