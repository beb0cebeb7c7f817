import ClipLoopback
@_spi(ClipKitTooling) import ClipNostr
import ClipNostrWebSocket
import ClipTestSupport
import Foundation
import Testing

/// ClipNostr against real relays: events are signed and published by nostr-sdk, stored by
/// `nostr-relay`, and fetched by ``ProfileFetcher``, whose answer is cross-checked with nostr-sdk's own
/// `fetch_events`.
@Suite("Real relays", .realRelays)
struct RealRelayIntegrationTests {
    let relays: [RelayURL]
    let now = Int64(Date().timeIntervalSince1970)

    init() throws {
        relays = try RealRelays.current.map { try $0.relayURL }
        try #require(relays.count == 3, "the suite's trait starts three relays")
    }

    /// A fetcher that waits for every relay: these tests are about which event wins, so the grace
    /// window (tested with hostile relays) must not cut off a relay slowed by a busy machine.
    let patientPool = ProfileFetcher(configuration: ProfileFetchConfiguration(timeout: .seconds(20), graceWindow: .seconds(20)), transportFactory: WebSocketClientTransportFactory())

    /// A key label no other test (or earlier run) uses.
    func freshKey(_ name: String) -> String {
        "\(name)-\(UUID().uuidString)"
    }

    @Test("the newest profile wins across relays, and nostr-sdk agrees")
    func newestWins() async throws {
        let key = freshKey("driver")
        let signed = try await RelayFixtures.sign([
            .init(key: key, content: #"{"name":"first"}"#, createdAt: now - 300),
            .init(key: key, content: #"{"name":"second"}"#, createdAt: now - 200),
            .init(key: key, content: #"{"name":"ana","display_name":"Ana","car_make":"Toyota","car_model":"Prius","car_color":"blue","picture":"https://roadflare.app/ana.png"}"#, createdAt: now - 100),
        ])
        let (first, second, newest) = (signed[0].event, signed[1].event, signed[2].event)
        // Relay 0 holds only the oldest; relay 1 the newest then (published after it) an older
        // one, so it stores both; relay 2 only the middle one.
        _ = try await RelayFixtures.publish([first], to: [relays[0]])
        _ = try await RelayFixtures.publish([newest, second], to: [relays[1]])
        _ = try await RelayFixtures.publish([second], to: [relays[2]])

        let final = try #require(await patientPool.fetchProfile(of: signed[0].pubkey, from: relays).finalUpdate())
        let found = try #require(final.profile)
        #expect(found.event.id == newest.id)
        #expect(found.relay == relays[1])
        #expect(found.profile.displayName == "Ana")
        #expect(found.profile.picture?.absoluteString == "https://roadflare.app/ana.png")
        #expect(found.profile.custom["car_make"]?.stringValue == "Toyota")
        #expect(final.change == .finished(.allRelaysFinished))
        #expect(final.relays.allSatisfy { $0.state == .finished(.endOfStoredEvents) })

        let reference = try await RelayFixtures.fetchNewestProfileID(of: signed[0].pubkey, from: relays, timeout: 5)
        #expect(reference == found.event.id)
    }

    @Test("the first verified profile is reported before the final answer")
    func improvingResults() async throws {
        let key = freshKey("improving")
        let signed = try await RelayFixtures.sign([
            .init(key: key, content: #"{"name":"older"}"#, createdAt: now - 50),
            .init(key: key, content: #"{"name":"newer"}"#, createdAt: now - 10),
        ])
        _ = try await RelayFixtures.publish([signed[0].event], to: [relays[0]])
        _ = try await RelayFixtures.publish([signed[1].event], to: [relays[1]])
        var updates: [ProfileFetchUpdate] = []
        for await update in try patientPool.fetchProfile(of: signed[0].pubkey, from: [relays[0], relays[1]]) {
            updates.append(update)
        }
        let profiles = updates.filter { $0.change == .newProfile }.compactMap(\.profile?.event.id)
        #expect(!profiles.isEmpty)
        #expect(profiles.last == signed[1].event.id)
        #expect(updates.last?.profile?.event.id == signed[1].event.id)
        #expect(updates.last?.isFinal == true)
        #expect(updates.dropLast().allSatisfy { !$0.isFinal })
        let first = try #require(updates.last?.firstProfileAfter)
        let total = try #require(updates.last?.elapsed)
        #expect(first <= total)
    }

    @Test("an author with no profile ends with every relay at EOSE and no profile")
    func unknownAuthor() async throws {
        let signed = try await RelayFixtures.sign([.init(key: freshKey("nobody"), content: "{}", createdAt: now)])
        let fetcher = ProfileFetcher(configuration: ProfileFetchConfiguration(timeout: .seconds(10)), transportFactory: WebSocketClientTransportFactory())
        let final = try #require(await fetcher.fetchProfile(of: signed[0].pubkey, from: relays).finalUpdate())
        #expect(final.profile == nil)
        #expect(final.change == .finished(.allRelaysFinished))
        #expect(final.relays.count == 3)
        #expect(final.relays.allSatisfy { $0.state == .finished(.endOfStoredEvents) && $0.eventsReceived == 0 })
    }

    @Test("a relay that refuses connections is reported as failed and does not hold the answer")
    func deadRelayBesideRealOnes() async throws {
        let key = freshKey("dead-relay")
        let signed = try await RelayFixtures.sign([.init(key: key, content: #"{"name":"here"}"#, createdAt: now - 5)])
        _ = try await RelayFixtures.publish([signed[0].event], to: [relays[2]])
        let dead = try RelayURL("ws://127.0.0.1:\(try LoopbackPort.free())")
        let fetcher = ProfileFetcher(configuration: ProfileFetchConfiguration(timeout: .seconds(10)), transportFactory: WebSocketClientTransportFactory())
        let final = try #require(await fetcher.fetchProfile(of: signed[0].pubkey, from: [dead, relays[2]]).finalUpdate())
        #expect(final.profile?.event.id == signed[0].event.id)
        #expect(final.relays.first?.state.outcome?.name == "failed")
        #expect(final.change == .finished(.allRelaysFinished))
        #expect(final.elapsed < .seconds(5))
    }
}
