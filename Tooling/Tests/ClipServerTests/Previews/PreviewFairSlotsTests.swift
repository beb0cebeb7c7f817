import ClipKit
import ClipLoopback
import ClipNostr
import ClipServer
import ClipSite
import ClipTestSupport
import ClipToolingTestSupport
import Foundation
import Testing

/// Lookup slots shared fairly between clients, over real HTTP (curl from several loopback source
/// addresses) to the server with the serving policy (16 slots, the default budget), against two
/// real relays: one answers at once, the other sits behind the counting proxy holding everything
/// it sends for 4 seconds, so a lookup for a key no relay has runs until its deadline.
@Suite(.serialized, .timeLimit(.minutes(2))) struct PreviewFairSlotsTests {
    @Test func twoBusyClientsLeaveSlotsForAThird() async throws {
        let relay = try await LocalRelay.start()
        let visitor = try await PreviewRelayFixture.publishDriver(key: "fair-slots-visitor", name: "Vera Visitor", to: relay)
        let slowRelay = try await LocalRelay.start()
        defer { slowRelay.stop() }
        let slow = try await CountingRelayProxy.start(upstreamPort: slowRelay.port, delayMilliseconds: 4000)
        defer { slow.stop() }
        // As `clipkit serve` sets it up: two subscriptions per lookup on each relay's connection.
        let policy = ShareProfileCache.Policy.serving
        let fixture = try await PreviewRelayFixture(
            policy: policy, fetcher: .init(maximumSubscriptionsPerRelay: 2 * policy.maximumConcurrentLookups), relay: relay,
            moreRelays: [slow.url]
        )
        let busy = ["127.0.0.2", "127.0.0.3"]
        // Twenty requests for keys no relay has, ten from each of two clients: each within its
        // client's budget (a burst of 10), together more than the 16 slots.
        let flood = Task {
            try await withThrowingTaskGroup(of: CurlResponse.self) { group in
                for index in 0..<20 {
                    let npub = try PreviewRelayFixture.unknownNpub()
                    group.addTask { try await fixture.driverPage(npub, from: busy[index % 2]) }
                }
                return try await group.reduce(into: [CurlResponse]()) { $0.append($1) }
            }
        }
        let profiles = try #require(fixture.profiles)
        // The busy clients' lookups run (the slow relay keeps them to their deadline); each client
        // holds its share of the slots and its further requests wait.
        let share = policy.lookupsPerClient
        #expect(await PreviewRelayFixture.eventually(within: 5) { await profiles.lookupsInFlight == 2 * share })
        #expect(await profiles.lookupsHeld(by: busy[0]) == share)
        #expect(await profiles.lookupsHeld(by: busy[1]) == share)
        #expect(await PreviewRelayFixture.eventually(within: 5) { await profiles.lookupsWaiting > 0 })

        let asked = ContinuousClock.now
        let page = try await fixture.driverPage(visitor, from: "127.0.0.4")
        let waited = ContinuousClock.now - asked
        #expect(page.status == 200)
        #expect(page.body.contains("Vera Visitor"), "the third client gets its preview (after \(waited)): \(page.body.prefix(600))")
        #expect(page.headers["cache-control"]?.hasPrefix("public, max-age=") == true)

        let floodPages = try await flood.value
        #expect(floodPages.count == 20)
        #expect(floodPages.allSatisfy { $0.status == 200 })
        // No lookup outlived the page's wait by much: every slot is free again soon after.
        #expect(await PreviewRelayFixture.eventually(within: policy.lookupTimeout + 1) { await profiles.lookupsInFlight == 0 })
        #expect(await profiles.statistics.waited > 0)
        await fixture.stop()
    }
}
