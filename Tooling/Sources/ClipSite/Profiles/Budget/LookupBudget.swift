/// How much relay work share-page requests may cause: token buckets per client and overall.
///
/// Each profile lookup that has to go to the network takes a token from the requesting client's
/// bucket and one from the overall bucket; a request answered from the cache, or one that joins
/// a lookup already running, takes none. When either bucket is empty the lookup does not start
/// and the page is served without its preview (see ``ShareProfileCache/Lookup/isThrottled``).
/// A request that waits for a lookup slot takes its tokens when it gets one, so a wait that runs
/// out costs nothing. The budget bounds how much lookup work starts; how much runs at once, and
/// how fairly clients share it, is ``ShareProfileCache/Policy/maximumConcurrentLookups`` and
/// ``ShareProfileCache/Policy/lookupsPerClient``.
///
/// ```swift
/// var policy = ShareProfileCache.Policy.serving
/// policy.budget = LookupBudget(perClient: .init(burst: 5, perSecond: 0.2), overall: .init(burst: 20, perSecond: 5))
/// ```
package struct LookupBudget: Sendable, Hashable {
    /// Each client's bucket (a client is what the server names one: an IPv4 address, an IPv6 /64).
    package var perClient: TokenBucket.Rate
    /// The bucket every lookup draws from, whoever asks.
    package var overall: TokenBucket.Rate
    /// The most client buckets remembered; beyond it the least recently used are forgotten
    /// (full ones first). The overall bucket still bounds clients that come back fresh.
    package var maximumTrackedClients: Int

    /// Creates a budget; the defaults suit a public link domain: a client may start 10 lookups at
    /// once and one every 5 seconds after that, and the server 50 at once and 10 a second overall.
    package init(
        perClient: TokenBucket.Rate = .init(burst: 10, perSecond: 0.2),
        overall: TokenBucket.Rate = .init(burst: 50, perSecond: 10),
        maximumTrackedClients: Int = 10_000
    ) {
        self.perClient = perClient
        self.overall = overall
        self.maximumTrackedClients = max(1, maximumTrackedClients)
    }
}

/// The state of a ``LookupBudget``: the overall bucket and the client buckets, bounded in number.
///
/// Not thread-safe by itself; ``ShareProfileCache`` keeps it inside its actor.
package struct LookupAdmission {
    package let budget: LookupBudget
    private var overall: TokenBucket
    private var clients: [String: (bucket: TokenBucket, lastUsed: UInt64)] = [:]
    private var sequence: UInt64 = 0

    package init(budget: LookupBudget, now: Double) {
        self.budget = budget
        overall = TokenBucket(rate: budget.overall, now: now)
    }

    /// The number of client buckets remembered.
    package var trackedClients: Int { clients.count }

    /// Admits one lookup for `client` (`nil`: a caller with no address, which only the overall
    /// bucket limits) when both its bucket and the overall one have a token, and takes them.
    package mutating func admit(client: String?, now: Double) -> Bool {
        guard overall.canTake(now: now) else { return false }
        if let client {
            sequence &+= 1
            var entry = clients[client] ?? (TokenBucket(rate: budget.perClient, now: now), sequence)
            entry.lastUsed = sequence
            let admitted = entry.bucket.take(now: now)
            if clients[client] == nil, clients.count >= budget.maximumTrackedClients { evict(now: now) }
            clients[client] = entry
            guard admitted else { return false }
        }
        return overall.take(now: now)
    }

    /// Whether ``admit(client:now:)`` would admit a lookup for `client` at `now`, without taking
    /// a token or remembering the client: a request that waits for a lookup slot asks this first,
    /// and takes its tokens only when it gets the slot.
    mutating func wouldAdmit(client: String?, now: Double) -> Bool {
        guard overall.canTake(now: now) else { return false }
        guard let client else { return true }
        var bucket = clients[client]?.bucket ?? TokenBucket(rate: budget.perClient, now: now)
        return bucket.canTake(now: now)
    }

    /// Forgets full buckets (forgetting them changes nothing), then the least recently used tenth.
    private mutating func evict(now: Double) {
        clients = clients.filter { _, entry in
            var bucket = entry.bucket
            return !bucket.isFull(now: now)
        }
        guard clients.count >= budget.maximumTrackedClients else { return }
        let excess = clients.count - budget.maximumTrackedClients + max(1, budget.maximumTrackedClients / 10)
        for (key, _) in clients.sorted(by: { $0.value.lastUsed < $1.value.lastUsed }).prefix(excess) {
            clients[key] = nil
        }
    }
}
