import ClipSite
import ClipTestSupport
import Foundation
import Testing

/// The limits of ``ShareProfileCache``: keys shared across routes, negative caching, lookups in
/// flight, and the token-bucket budget.
@Suite struct ShareProfileCacheLimitsTests {
    @Test func requestsWithOneLookupKeyShareOneEntry() async {
        let provider = KeyedProvider()
        let cache = ShareProfileCache(provider: provider)
        _ = await cache.lookup(ShareProfileRequest(route: "driverShare", parameters: ["npub": "npub1same"]))
        _ = await cache.lookup(ShareProfileRequest(route: "riderShare", parameters: ["npub": "npub1same"]))
        #expect(await provider.calls == 1)
        // A request with no key needs no lookup at all.
        let none = await cache.lookup(ShareProfileRequest(route: "home", parameters: [:]))
        #expect(none.profile == nil)
        #expect(await provider.calls == 1)
    }

    @Test func anAbsenceIsCachedForItsOwnShortLifetime() async {
        let clock = TestWallClock()
        let provider = ControlledProvider()
        let cache = ShareProfileCache(provider: provider, policy: .init(timeToLive: 600, absenceTimeToLive: 20), now: clock.reading)
        let request = ShareProfileRequest(route: "driverShare", parameters: ["npub": "npub1unknown"])
        let first = await cache.lookup(request)
        #expect(first.profile == nil)
        #expect(first.expiresAt == clock.now.addingTimeInterval(20))
        clock.advance(by: 19)
        _ = await cache.lookup(request)
        #expect(await provider.calls == 1)
        clock.advance(by: 2)
        _ = await cache.lookup(request)
        #expect(await provider.calls == 2)
    }

    @Test func lookupsOverTheConcurrencyLimitAreThrottledNotQueued() async {
        let provider = GatedProvider()
        let cache = ShareProfileCache(provider: provider, policy: .init(lookupTimeout: 0, maximumConcurrentLookups: 2))
        var throttled: [Bool] = []
        for index in 0..<5 {
            throttled.append(await cache.lookup(ShareProfileRequest(route: "r", parameters: ["id": "\(index)"])).isThrottled)
        }
        #expect(throttled == [false, false, true, true, true])
        #expect(await cache.lookupsInFlight == 2)
        #expect(await cache.statistics.throttled == 3)
        // Once the running lookups end, new ones may start.
        await provider.open()
        while await cache.lookupsInFlight > 0 { await Task.yield() }
        #expect(await cache.lookup(ShareProfileRequest(route: "r", parameters: ["id": "9"])).isThrottled == false)
        #expect(await provider.calls == 3)
    }

    @Test func theBudgetRefillsWithTime() async {
        let clock = TestWallClock()
        let provider = ControlledProvider()
        let budget = LookupBudget(perClient: .init(burst: 1, perSecond: 0.1), overall: .init(burst: 10, perSecond: 10))
        let cache = ShareProfileCache(provider: provider, policy: .init(budget: budget), now: clock.reading)
        func ask(_ id: Int) async -> ShareProfileCache.Lookup {
            await cache.lookup(ShareProfileRequest(route: "r", parameters: ["id": "\(id)"]), client: "198.51.100.7")
        }
        #expect(await ask(1).isThrottled == false)
        let refused = await ask(2)
        #expect(refused.isThrottled)
        #expect(refused.profile == nil)
        // A throttled answer is not cached: the same request is admitted once the bucket refills.
        clock.advance(by: 10)
        #expect(await ask(2).isThrottled == false)
        #expect(await provider.calls == 2)
        // Cached answers cost no token.
        #expect(await ask(1).isThrottled == false)
        #expect(await provider.calls == 2)
    }
}

/// A provider keyed on the `npub` parameter alone, as the Nostr provider keys on the public key.
private actor KeyedProvider: ShareProfileProvider {
    private(set) var calls = 0

    func profile(for request: ShareProfileRequest) async throws -> ShareProfile? {
        calls += 1
        return ShareProfile(name: "Dana")
    }

    nonisolated func lookupKey(for request: ShareProfileRequest) -> String? {
        request.parameters["npub"]
    }
}

/// A provider whose lookups wait until the test opens the gate.
private actor GatedProvider: ShareProfileProvider {
    private(set) var calls = 0
    private var isOpen = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func profile(for request: ShareProfileRequest) async throws -> ShareProfile? {
        calls += 1
        if !isOpen { await withCheckedContinuation { waiting.append($0) } }
        return nil
    }

    func open() {
        isOpen = true
        for continuation in waiting { continuation.resume() }
        waiting = []
    }
}
