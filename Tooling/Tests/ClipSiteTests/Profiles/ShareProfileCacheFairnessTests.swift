import ClipSite
import Foundation
import Testing

/// How ``ShareProfileCache`` shares its lookup slots between clients: a cap per client, a fair
/// queue that gives the next free slot to the waiting client holding the fewest, a wait bounded
/// by the page's wait, and the page's wait as each lookup's deadline.
@Suite struct ShareProfileCacheFairnessTests {
    static func request(_ id: String) -> ShareProfileRequest {
        ShareProfileRequest(route: "driverShare", parameters: ["id": id])
    }

    @Test func aClientHoldsAtMostItsShareOfTheSlots() async throws {
        let provider = ReleasableProvider()
        // No wait at all: a request that finds no slot for its client is answered at once.
        let cache = ShareProfileCache(provider: provider, policy: .init(lookupTimeout: 0, maximumConcurrentLookups: 4, maximumLookupsPerClient: 2))
        func ask(_ id: String, _ client: String?) async -> Bool {
            await cache.lookup(Self.request(id), client: client).isThrottled
        }
        #expect(await ask("a1", "198.51.100.1") == false)
        #expect(await ask("a2", "198.51.100.1") == false)
        // Two slots are free, but this client holds its share.
        #expect(await ask("a3", "198.51.100.1") == true)
        #expect(await ask("b1", "198.51.100.2") == false)
        #expect(await ask("b2", "198.51.100.2") == false)
        #expect(await cache.lookupsInFlight == 4)
        #expect(await ask("c1", "198.51.100.3") == true, "every slot is held")
        #expect(await cache.lookupsHeld(by: "198.51.100.1") == 2)
        #expect(await provider.started == ["a1", "a2", "b1", "b2"])
        // Once one of the first client's lookups ends, a newcomer gets the slot.
        await provider.release("a1")
        #expect(await eventually { await cache.lookupsInFlight == 3 })
        #expect(await ask("c1", "198.51.100.3") == false)
        #expect(await provider.started == ["a1", "a2", "b1", "b2", "c1"])
        #expect(await cache.statistics.throttled == 2)
        await provider.releaseAll()
    }

    @Test func requestsWithoutAClientAreNotHeldToAShare() async {
        let provider = ReleasableProvider()
        let cache = ShareProfileCache(provider: provider, policy: .init(lookupTimeout: 0, maximumConcurrentLookups: 3, maximumLookupsPerClient: 1))
        for id in ["n1", "n2", "n3"] {
            #expect(await cache.lookup(Self.request(id)).isThrottled == false)
        }
        #expect(await cache.lookup(Self.request("n4")).isThrottled, "the slots still bound them")
        #expect(await cache.lookupsHeld(by: nil) == 3)
        await provider.releaseAll()
    }

    @Test func theDefaultShareIsAQuarterOfTheSlotsRoundedUp() {
        #expect(ShareProfileCache.Policy.serving.lookupsPerClient == 4)
        #expect(ShareProfileCache.Policy(maximumConcurrentLookups: 10).lookupsPerClient == 3)
        #expect(ShareProfileCache.Policy(maximumConcurrentLookups: 1).lookupsPerClient == 1)
        #expect(ShareProfileCache.Policy(maximumConcurrentLookups: 4, maximumLookupsPerClient: 9).lookupsPerClient == 4)
        #expect(ShareProfileCache.Policy(maximumConcurrentLookups: 8, maximumLookupsPerClient: 0).lookupsPerClient == 1)
    }

    @Test func theNextFreeSlotGoesToTheWaitingClientHoldingFewest() async throws {
        let provider = ReleasableProvider()
        let cache = ShareProfileCache(provider: provider, policy: .init(lookupTimeout: 30, maximumConcurrentLookups: 2, maximumLookupsPerClient: 2))
        let first = "198.51.100.1", second = "198.51.100.2"
        // One after the other: two tasks made together may start in either order, and the order of
        // `started` below is what the test reads.
        let a1 = Task { await cache.lookup(Self.request("a1"), client: first) }
        #expect(await eventually { await provider.started == ["a1"] })
        let a2 = Task { await cache.lookup(Self.request("a2"), client: first) }
        #expect(await eventually { await provider.started == ["a1", "a2"] })
        // The first client asks again before the second client comes: it waits first.
        let a3 = Task { await cache.lookup(Self.request("a3"), client: first) }
        #expect(await eventually { await cache.lookupsWaiting == 1 })
        let b1 = Task { await cache.lookup(Self.request("b1"), client: second) }
        #expect(await eventually { await cache.lookupsWaiting == 2 })

        await provider.release("a1")
        #expect(await a1.value.profile?.name == "a1")
        // The first client still holds one slot and the second none: the second gets the slot.
        #expect(await eventually { await provider.started.count == 3 })
        #expect(await provider.started == ["a1", "a2", "b1"])
        #expect(await cache.lookupsWaiting == 1)

        await provider.release("b1")
        let answer = await b1.value
        #expect(answer.profile?.name == "b1")
        #expect(!answer.isThrottled)
        // Now only the first client waits: its request gets the slot.
        #expect(await eventually { await provider.started.count == 4 })
        #expect(await provider.started == ["a1", "a2", "b1", "a3"])
        await provider.releaseAll()
        #expect(await a2.value.profile?.name == "a2")
        #expect(await a3.value.profile?.name == "a3")
        #expect(await cache.statistics.waited == 2)
        #expect(await cache.statistics.throttled == 0)
    }

    @Test func aRequestStillWaitingWhenThePageWaitEndsGoesOnWithoutAProfile() async {
        let provider = ReleasableProvider()
        let cache = ShareProfileCache(provider: provider, policy: .init(lookupTimeout: 0.3, maximumConcurrentLookups: 1))
        let holder = Task { await cache.lookup(Self.request("a1"), client: "198.51.100.1") }
        #expect(await eventually { await provider.started == ["a1"] })
        let asked = ContinuousClock.now
        let waited = await cache.lookup(Self.request("b1"), client: "198.51.100.2")
        let elapsed = ContinuousClock.now - asked
        #expect(waited.isThrottled)
        #expect(waited.profile == nil)
        #expect(elapsed >= .milliseconds(250), "it waited for a slot: \(elapsed)")
        #expect(elapsed < .seconds(5))
        #expect(await cache.lookupsWaiting == 0)
        #expect(await cache.statistics.waited == 1)
        #expect(await cache.statistics.throttled == 1)
        // The request that gave up does not start a lookup when the slot frees later.
        await provider.release("a1")
        _ = await holder.value
        #expect(await eventually { await cache.lookupsInFlight == 0 })
        #expect(await provider.started == ["a1"])
    }

    @Test func noSlotWaitAnswersAtOnce() async {
        let provider = ReleasableProvider()
        let cache = ShareProfileCache(provider: provider, policy: .init(lookupTimeout: 30, maximumConcurrentLookups: 1, maximumSlotWait: 0))
        let holder = Task { await cache.lookup(Self.request("a1"), client: "198.51.100.1") }
        #expect(await eventually { await provider.started == ["a1"] })
        let asked = ContinuousClock.now
        #expect(await cache.lookup(Self.request("b1"), client: "198.51.100.2").isThrottled)
        #expect(ContinuousClock.now - asked < .seconds(5))
        #expect(await cache.statistics.waited == 0)
        await provider.release("a1")
        #expect(await holder.value.profile?.name == "a1")
    }

    @Test func waitingRequestsForOneKeyShareOneLookup() async {
        let provider = ReleasableProvider()
        let cache = ShareProfileCache(provider: provider, policy: .init(lookupTimeout: 30, maximumConcurrentLookups: 1))
        let holder = Task { await cache.lookup(Self.request("a1"), client: "198.51.100.1") }
        #expect(await eventually { await provider.started == ["a1"] })
        let second = Task { await cache.lookup(Self.request("x"), client: "198.51.100.2") }
        let third = Task { await cache.lookup(Self.request("x"), client: "198.51.100.3") }
        #expect(await eventually { await cache.lookupsWaiting == 2 })
        await provider.release("a1")
        await provider.release("x")
        #expect(await second.value.profile?.name == "x")
        #expect(await third.value.profile?.name == "x")
        _ = await holder.value
        #expect(await provider.started == ["a1", "x"])
        #expect(await cache.statistics.lookupsJoined == 1)
    }

    @Test func aWaitingRequestTakesItsTokenOnlyWhenItGetsASlot() async {
        let provider = ReleasableProvider()
        let budget = LookupBudget(perClient: .init(burst: 1, perSecond: 0), overall: .init(burst: 100, perSecond: 0))
        let cache = ShareProfileCache(provider: provider, policy: .init(lookupTimeout: 0.3, maximumConcurrentLookups: 1, budget: budget))
        let holder = Task { await cache.lookup(Self.request("a1"), client: "198.51.100.1") }
        #expect(await eventually { await provider.started == ["a1"] })
        // The first client has spent its token: refused at once, without waiting.
        #expect(await cache.lookup(Self.request("a2"), client: "198.51.100.1").isThrottled)
        #expect(await cache.statistics.waited == 0)
        // The second client waits, and its wait runs out.
        #expect(await cache.lookup(Self.request("b1"), client: "198.51.100.2").isThrottled)
        #expect(await cache.statistics.waited == 1)
        await provider.release("a1")
        _ = await holder.value
        #expect(await eventually { await cache.lookupsInFlight == 0 })
        // Its token is still there.
        let later = Task { await cache.lookup(Self.request("b2"), client: "198.51.100.2") }
        #expect(await eventually { await provider.started == ["a1", "b2"] })
        await provider.release("b2")
        #expect(await later.value.isThrottled == false)
    }

    @Test func eachLookupIsGivenAboutThePageWaitAsItsDeadline() async throws {
        let provider = ReleasableProvider()
        let cache = ShareProfileCache(provider: provider, policy: .init(lookupTimeout: 5))
        let asked = ContinuousClock.now
        let answer = Task { await cache.lookup(Self.request("a1"), client: "198.51.100.1") }
        #expect(await eventually { await provider.started == ["a1"] })
        let deadline = try #require(await provider.deadlines["a1"])
        // The page's wait less a tenth of it (at most 200 ms) for the answer to reach the page.
        #expect(deadline >= asked + .milliseconds(4800))
        #expect(deadline <= ContinuousClock.now + .milliseconds(4800))
        #expect(ShareProfileCache.Policy(lookupTimeout: 1).lookupAllowance == .milliseconds(900))
        await provider.release("a1")
        #expect(await answer.value.profile?.name == "a1")
    }
}

/// Waits until `condition` holds, for at most five seconds; whether it held.
private func eventually(_ condition: () async -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(5)
    while ContinuousClock.now < deadline {
        if await condition() { return true }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return await condition()
}

/// A provider whose lookups wait until the test releases their `id`; it records the order in
/// which lookups started and the deadline each was given.
private actor ReleasableProvider: ShareProfileProvider {
    private(set) var started: [String] = []
    private(set) var deadlines: [String: ContinuousClock.Instant] = [:]
    private var gates: [String: [CheckedContinuation<Void, Never>]] = [:]
    private var released: Set<String> = []

    func profile(for request: ShareProfileRequest) async throws -> ShareProfile? {
        try await profile(for: request, before: .now + .seconds(60))
    }

    func profile(for request: ShareProfileRequest, before deadline: ContinuousClock.Instant) async throws -> ShareProfile? {
        let id = request.parameters["id"] ?? ""
        started.append(id)
        deadlines[id] = deadline
        if !released.contains(id) { await withCheckedContinuation { gates[id, default: []].append($0) } }
        return ShareProfile(name: id)
    }

    func release(_ id: String) {
        released.insert(id)
        for gate in gates.removeValue(forKey: id) ?? [] { gate.resume() }
    }

    func releaseAll() {
        for id in gates.keys { release(id) }
    }
}
