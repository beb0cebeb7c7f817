import ClipSite
import ClipTestSupport
import Foundation
import Testing

@Suite struct ShareProfileCacheTests {
    let request = ShareProfileRequest(route: "driverShare", parameters: ["npub": "npub1a"])
    let profile = ShareProfile(name: "Dana")

    @Test func answersAreCachedForTheirTimeToLive() async throws {
        let clock = TestWallClock()
        let provider = ControlledProvider(answers: ["npub1a": profile])
        let cache = ShareProfileCache(provider: provider, policy: .init(timeToLive: 60), now: { clock.now })
        #expect(await cache.lookup(request).profile == profile)
        #expect(await cache.lookup(request).profile == profile)
        #expect(await provider.calls == 1)
        clock.advance(by: 59)
        _ = await cache.lookup(request)
        #expect(await provider.calls == 1)
        clock.advance(by: 2)
        await provider.set(answers: ["npub1a": ShareProfile(name: "Dana 2")])
        #expect(await cache.lookup(request).profile?.name == "Dana 2")
        #expect(await provider.calls == 2)
    }

    @Test func failuresAreRetriedSooner() async throws {
        let clock = TestWallClock()
        let provider = ControlledProvider(answers: ["npub1a": profile], failing: true)
        let cache = ShareProfileCache(provider: provider, policy: .init(timeToLive: 600, failureTimeToLive: 10), now: { clock.now })
        let failed = await cache.lookup(request)
        #expect(failed.profile == nil)
        #expect(failed.expiresAt == clock.now.addingTimeInterval(10))
        await provider.set(failing: false)
        clock.advance(by: 11)
        #expect(await cache.lookup(request).profile == profile)
        #expect(await provider.calls == 2)
    }

    @Test func concurrentRequestsShareOneLookup() async throws {
        let provider = ControlledProvider(answers: ["npub1a": profile], delay: 0.2)
        // The timeout is not what this test is about (the next one is): give the shared lookup
        // room, so a starved scheduler on a busy machine cannot turn it into a timeout.
        let cache = ShareProfileCache(provider: provider, policy: .init(lookupTimeout: 3600))
        let results = await withTaskGroup(of: ShareProfile?.self) { group in
            for _ in 0..<20 { group.addTask { await cache.lookup(request).profile } }
            return await group.reduce(into: [ShareProfile?]()) { $0.append($1) }
        }
        #expect(results.count == 20)
        #expect(results.allSatisfy { $0 == profile })
        #expect(await provider.calls == 1)
    }

    @Test func aSlowProviderDelaysOneAnswerOnlyUpToTheTimeout() async throws {
        let provider = ControlledProvider(answers: ["npub1a": profile], delay: 0.5)
        let cache = ShareProfileCache(provider: provider, policy: .init(lookupTimeout: 0.05))
        let first = await cache.lookup(request)
        // Had the caller waited for the provider, it would have the profile.
        #expect(first.profile == nil)
        #expect(await provider.calls == 1)
        // The lookup went on and fills the cache for later requests.
        try await Task.sleep(nanoseconds: 700_000_000)
        #expect(await cache.lookup(request).profile == profile)
        #expect(await provider.calls == 1)
    }

    @Test func theCacheHoldsAtMostItsCapacity() async throws {
        let provider = ControlledProvider()
        let cache = ShareProfileCache(provider: provider, policy: .init(capacity: 50))
        for index in 0..<500 {
            _ = await cache.lookup(ShareProfileRequest(route: "r", parameters: ["id": "\(index)"]))
        }
        #expect(await cache.count <= 50)
        #expect(await provider.calls == 500)
    }
}
