import ClipKit
import ClipLoopback
import ClipNostr
import ClipServer
import ClipSite
import ClipTestSupport
import ClipToolingTestSupport
import Foundation
import Testing

/// Share-page previews against a real relay, counted from the relay's side: one shared
/// connection, one subscription per npub however many requests ask, negative caching, token
/// buckets per client and overall, a cap on subscriptions in flight, reconnection, bounded caches.
@Suite(.serialized) struct PreviewRelayLimitsTests {
    /// A budget loose enough that only the limit a test is about can be reached.
    static let roomy = LookupBudget(perClient: .init(burst: 1000, perSecond: 0), overall: .init(burst: 1000, perSecond: 0))

    @Test func concurrentRequestsForOneUnknownNpubMakeOneSubscription() async throws {
        // A slow relay keeps the first lookup running while the other requests arrive.
        let fixture = try await PreviewRelayFixture(
            policy: .init(lookupTimeout: 10, budget: Self.roomy), relayDelayMilliseconds: 400
        )
        let npub = try PreviewRelayFixture.unknownNpub()
        let responses = try await withThrowingTaskGroup(of: CurlResponse.self) { group in
            for index in 0..<12 {
                // Both routes that name the npub: one key, one lookup.
                let path = index % 2 == 0 ? "/share/d/" : "/share/r/"
                group.addTask { try await Curl.request(fixture.server.baseURL + path + npub) }
            }
            return try await group.reduce(into: [CurlResponse]()) { $0.append($1) }
        }
        #expect(responses.count == 12)
        #expect(responses.allSatisfy { $0.status == 200 && $0.headers["cache-control"] != "no-store" })
        let counts = try await fixture.proxy.counts()
        #expect(counts.connections == 1)
        #expect(counts.profileRequests == 1)
        let statistics = try #require(await fixture.profiles?.statistics)
        #expect(statistics.lookupsStarted == 1)
        #expect(statistics.lookupsJoined + statistics.hits == 11)
        await fixture.stop()
    }

    @Test func unknownNpubsAreCachedNegativelyForTheirShortLifetime() async throws {
        let fixture = try await PreviewRelayFixture(policy: .init(absenceTimeToLive: 45, budget: Self.roomy))
        let npub = try PreviewRelayFixture.unknownNpub()
        let first = try await fixture.driverPage(npub)
        #expect(first.status == 200)
        // The page is cached no longer than the negative entry (the default for pages is 300 s).
        #expect(PreviewRelayFixture.maxAge(of: first).map { (40...45).contains($0) } == true)
        // The rider route names the same key: answered from the negative entry, not the relay.
        let second = try await Curl.request(fixture.server.baseURL + "/share/r/" + npub)
        #expect(second.status == 200)
        #expect(PreviewRelayFixture.maxAge(of: second).map { (1...45).contains($0) } == true)
        #expect(try await fixture.proxy.counts().profileRequests == 1)
        let statistics = try #require(await fixture.profiles?.statistics)
        #expect(statistics.lookupsStarted == 1)
        #expect(statistics.hits == 1)
        await fixture.stop()
    }

    @Test func aFailedLookupIsCachedForTheFailureLifetime() async throws {
        // Nothing listens behind this relay address: every attempt fails.
        let deadPort = try LoopbackPort.free()
        let connections = SharedRelayConnections(configuration: .init(initialBackoff: .seconds(30)))
        let provider = NostrShareProfileProvider(relays: [try RelayURL("ws://127.0.0.1:\(deadPort)")], fetcher: ProfileFetcher(transportFactory: connections))
        let site = try ServerFixtures.site("roadflare", provider: provider, policy: .init(failureTimeToLive: 7, budget: Self.roomy))
        let server = try await RunningServer(site: site)
        let npub = try PreviewRelayFixture.unknownNpub()
        let first = try await Curl.request(server.baseURL + "/share/d/" + npub)
        #expect(first.status == 200)
        #expect(PreviewRelayFixture.maxAge(of: first).map { (1...7).contains($0) } == true)
        _ = try await Curl.request(server.baseURL + "/share/r/" + npub)
        #expect(await site.profiles?.statistics.lookupsStarted == 1)
        let relayCounts = try #require(await connections.statistics().values.first)
        #expect(relayCounts.connectionFailures == 1)
        #expect(relayCounts.connectionsOpened == 0)
        await server.stop()
        await connections.close()
    }

    @Test func eachClientHasItsOwnBucket() async throws {
        let budget = LookupBudget(perClient: .init(burst: 2, perSecond: 0), overall: .init(burst: 100, perSecond: 0))
        let fixture = try await PreviewRelayFixture(policy: .init(budget: budget))
        let npubs = try (0..<4).map { _ in try PreviewRelayFixture.unknownNpub() }
        for npub in npubs.prefix(2) {
            let page = try await fixture.driverPage(npub, from: "127.0.0.1")
            #expect(page.headers["cache-control"]?.hasPrefix("public, max-age=") == true)
        }
        // The third new npub from the same client: the generic page, still 200, never cached.
        let throttled = try await fixture.driverPage(npubs[2], from: "127.0.0.1")
        #expect(throttled.status == 200)
        #expect(throttled.headers["cache-control"] == "no-store")
        #expect(throttled.body.contains(npubs[2]))
        // Pages already looked up still come from the cache for that client.
        #expect(try await fixture.driverPage(npubs[0], from: "127.0.0.1").headers["cache-control"] != "no-store")
        // Another client has its own tokens.
        let other = try await fixture.driverPage(npubs[2], from: "127.0.0.2")
        #expect(other.headers["cache-control"]?.hasPrefix("public, max-age=") == true)
        #expect(try await fixture.proxy.counts().profileRequests == 3)
        #expect(await fixture.profiles?.statistics.throttled == 1)
        await fixture.stop()
    }

    @Test func theOverallBucketBoundsAllClientsTogether() async throws {
        let budget = LookupBudget(perClient: .init(burst: 100, perSecond: 0), overall: .init(burst: 3, perSecond: 0))
        let fixture = try await PreviewRelayFixture(policy: .init(budget: budget))
        var throttled = 0
        for (index, source) in ["127.0.0.2", "127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5"].enumerated() {
            let page = try await fixture.driverPage(try PreviewRelayFixture.unknownNpub(), from: source)
            #expect(page.status == 200)
            if page.headers["cache-control"] == "no-store" {
                throttled += 1
                #expect(index >= 3)
            }
        }
        #expect(throttled == 2)
        #expect(try await fixture.proxy.counts().profileRequests == 3)
        await fixture.stop()
    }

    @Test func subscriptionsInFlightStayUnderTheLimit() async throws {
        // No wait for a slot: a request that finds none goes on without a preview at once.
        let fixture = try await PreviewRelayFixture(
            policy: .init(lookupTimeout: 10, maximumConcurrentLookups: 2, maximumLookupsPerClient: 2, maximumSlotWait: 0, budget: Self.roomy),
            fetcher: .init(maximumSubscriptionsPerRelay: 2), relayDelayMilliseconds: 1500
        )
        let npubs = try (0..<8).map { _ in try PreviewRelayFixture.unknownNpub() }
        let responses = try await withThrowingTaskGroup(of: CurlResponse.self) { group in
            for npub in npubs { group.addTask { try await fixture.driverPage(npub) } }
            return try await group.reduce(into: [CurlResponse]()) { $0.append($1) }
        }
        #expect(responses.allSatisfy { $0.status == 200 })
        let throttled = responses.filter { $0.headers["cache-control"] == "no-store" }.count
        let counts = try await fixture.proxy.counts()
        #expect(counts.peakSubscriptionsOpen <= 2)
        #expect(counts.profileRequests == npubs.count - throttled)
        #expect(throttled >= 1)
        // Every subscription was closed again.
        #expect(await PreviewRelayFixture.eventually(within: 5) { (try? await fixture.proxy.counts().subscriptionsOpen) == 0 })
        await fixture.stop()
    }

    @Test func thePoolReconnectsAfterTheRelayRestarts() async throws {
        let relay = try await LocalRelay.start()
        let port = relay.port
        let first = try await PreviewRelayFixture.publishDriver(key: "restart-a", name: "Ana Before", to: relay)
        let fixture = try await PreviewRelayFixture(
            policy: .init(budget: Self.roomy),
            fetcher: .init(initialBackoff: .milliseconds(100), maximumBackoff: .milliseconds(400), minimumHealthyDuration: .zero),
            relay: relay
        )
        #expect(try await fixture.driverPage(first).body.contains("Ana Before"))
        relay.stop()
        #expect(await PreviewRelayFixture.eventually(within: 10) {
            await fixture.connections.statistics().values.first?.disconnections == 1
        })
        let restarted = try await LocalRelay.start(port: port, virtualEnvironment: TestEnvironment.virtualEnvironment)
        let second = try await PreviewRelayFixture.publishDriver(key: "restart-b", name: "Bea After", to: restarted)
        #expect(await PreviewRelayFixture.eventually(within: 15) {
            await fixture.connections.statistics().values.first?.isConnected == true
        })
        let page = try await fixture.driverPage(second)
        #expect(page.body.contains("Bea After"))
        // One WebSocket connection before the restart and one after, as the relay saw them (the
        // relay answered 101) and as the fetcher counts them. TCP connections the relay never
        // answered are counted apart (`tcpConnections`), and a failure message shows both.
        let counts = try await fixture.proxy.counts()
        let fetcher = try #require(await fixture.connections.statistics().values.first)
        #expect(counts.connections == 2, "relay side: \(counts); fetcher: \(fetcher)")
        #expect(counts.connectionsOpen == 1, "relay side: \(counts); fetcher: \(fetcher)")
        #expect(fetcher.connectionsOpened == 2, "relay side: \(counts); fetcher: \(fetcher)")
        await fixture.stop()
        restarted.stop()
    }

    @Test func cachesAndClientBucketsStayWithinTheirCaps() async throws {
        let budget = LookupBudget(perClient: .init(burst: 100, perSecond: 0), overall: .init(burst: 100, perSecond: 0), maximumTrackedClients: 3)
        let fixture = try await PreviewRelayFixture(
            policy: .init(capacity: 5, budget: budget), serverConfiguration: ClipServerConfiguration(pageCacheCapacity: 5)
        )
        var npubs: [String] = []
        for index in 0..<14 {
            let npub = try PreviewRelayFixture.unknownNpub()
            npubs.append(npub)
            let page = try await fixture.driverPage(npub, from: "127.0.0.\(2 + index % 7)")
            #expect(page.headers["cache-control"]?.hasPrefix("public, max-age=") == true)
            #expect(try #require(await fixture.profiles?.count) <= 5)
            #expect(try #require(await fixture.profiles?.trackedClients) <= 3)
        }
        #expect(try await fixture.proxy.counts().profileRequests == 14)
        // The oldest npub was evicted from both caches: asking again is a new lookup.
        _ = try await fixture.driverPage(npubs[0], from: "127.0.0.2")
        #expect(try await fixture.proxy.counts().profileRequests == 15)
        // The newest is still cached.
        _ = try await fixture.driverPage(npubs[13], from: "127.0.0.2")
        #expect(try await fixture.proxy.counts().profileRequests == 15)
        await fixture.stop()
    }
}
