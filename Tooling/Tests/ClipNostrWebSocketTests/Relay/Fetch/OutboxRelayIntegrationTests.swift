import ClipLoopback
@_spi(ClipKitTooling) import ClipNostr
import ClipNostrWebSocket
import ClipTestSupport
import Foundation
import Testing

/// The outbox model (NIP-65) against real relays: the author's kind-10002 relay list is signed by
/// nostr-sdk and stored on a `nostr-relay` the fetch is given, and the profile sits only on a
/// write relay that list names. ``ProfileFetcher`` must find it there, within its deadline, and say
/// which list led to it.
@Suite("Outbox model on real relays", .realRelays)
struct OutboxRelayIntegrationTests {
    let relays: [RelayURL]
    let now = Int64(Date().timeIntervalSince1970)

    init() throws {
        relays = try RealRelays.current.map { try $0.relayURL }
        try #require(relays.count == 3, "the suite's trait starts three relays")
    }

    func fetcher(writeRelays: Int = 3, timeout: Duration = .seconds(20)) -> ProfileFetcher {
        ProfileFetcher(
            configuration: ProfileFetchConfiguration(timeout: timeout, maximumWriteRelays: writeRelays),
            transportFactory: WebSocketClientTransportFactory()
        )
    }

    /// A profile and a relay list by one fresh key; the list's `r` tags are given as is.
    func author(_ name: String, profileAge: Int64 = 60, relayTags: [[String]]) async throws -> (profile: NostrEvent, relayList: NostrEvent, pubkey: String) {
        let key = "\(name)-\(UUID().uuidString)"
        let signed = try await RelayFixtures.sign([
            .init(key: key, content: #"{"name":"\#(name)"}"#, createdAt: now - profileAge),
            .init(key: key, kind: 10002, content: "", createdAt: now - 30, tags: relayTags),
        ])
        return (signed[0].event, signed[1].event, signed[0].pubkey)
    }

    @Test("a profile only on the author's write relay is found through their relay list, within the deadline")
    func profileOnlyOnTheWriteRelay() async throws {
        let index = relays[0], write = relays[1], readOnly = relays[2]
        let driver = try await author("maria", relayTags: [["r", write.string], ["r", readOnly.string, "read"]])
        #expect(try await RelayFixtures.publish([driver.relayList], to: [index]).first?.acceptedBy.count == 1)
        #expect(try await RelayFixtures.publish([driver.profile], to: [write]).first?.acceptedBy.count == 1)

        let deadline = Duration.seconds(20)
        let final = try #require(await fetcher(timeout: deadline).fetchProfile(of: driver.pubkey, from: [index]).finalUpdate())
        let found = try #require(final.profile, "the profile sits on the write relay the list names")
        #expect(found.event.id == driver.profile.id)
        #expect(found.relay == write)
        #expect(final.elapsed < deadline)
        #expect(final.change == .finished(.allRelaysFinished))

        let list = try #require(final.relayList)
        #expect(list.eventID == driver.relayList.id)
        #expect(list.origin == .relay(index))
        #expect(list.writeRelays == [write], "a read-only relay is not a write relay")
        #expect(final.answeringRelay?.role == .writeRelay(relayList: driver.relayList.id))
        #expect(final.relays.map(\.relay) == [index, write])
        #expect(final.relays.map(\.role) == [.given, .writeRelay(relayList: driver.relayList.id)])
        #expect(final.relays.allSatisfy { $0.state == .finished(.endOfStoredEvents) })

        // nostr-sdk, asked the same write relay, sees the very same profile.
        #expect(try await RelayFixtures.fetchNewestProfileID(of: driver.pubkey, from: [write], timeout: 5) == found.event.id)
        // Without the outbox model the given relay alone has nothing.
        let alone = try #require(await fetcher(writeRelays: 0).fetchProfile(of: driver.pubkey, from: [index]).finalUpdate())
        #expect(alone.profile == nil)
        #expect(alone.relays.count == 1)
    }

    @Test("no more write relays are asked than the configuration allows")
    func writeRelaysAreCapped() async throws {
        let index = relays[0]
        let unused = try RelayURL("ws://127.0.0.1:\(try LoopbackPort.free())")
        let driver = try await author("capped", relayTags: [["r", unused.string], ["r", relays[1].string], ["r", relays[2].string, "write"]])
        _ = try await RelayFixtures.publish([driver.relayList], to: [index])
        _ = try await RelayFixtures.publish([driver.profile], to: [relays[2]])

        let one = try #require(await fetcher(writeRelays: 1).fetchProfile(of: driver.pubkey, from: [index]).finalUpdate())
        #expect(one.relays.count == 2)
        #expect(one.relays.last?.relay == unused)
        #expect(one.relays.last?.state.outcome?.reasonCode == .connectionRefused)
        #expect(one.profile == nil, "the one write relay allowed refuses connections")

        let three = try #require(await fetcher(writeRelays: 3).fetchProfile(of: driver.pubkey, from: [index]).finalUpdate())
        #expect(three.relays.map(\.relay) == [index, unused, relays[1], relays[2]])
        #expect(three.profile?.relay == relays[2])
    }

    @Test("a stale profile on the given relay gives way to the newer one on the write relay")
    func staleProfileSendsTheFetchToTheWriteRelay() async throws {
        let index = relays[0], write = relays[1]
        let key = "stale-\(UUID().uuidString)"
        let signed = try await RelayFixtures.sign([
            .init(key: key, content: #"{"name":"old"}"#, createdAt: now - 200 * 86_400),
            .init(key: key, content: #"{"name":"new"}"#, createdAt: now - 60),
            .init(key: key, kind: 10002, content: "", createdAt: now - 30, tags: [["r", write.string]]),
        ])
        _ = try await RelayFixtures.publish([signed[0].event, signed[2].event], to: [index])
        _ = try await RelayFixtures.publish([signed[1].event], to: [write])

        let final = try #require(await fetcher().fetchProfile(of: signed[0].pubkey, from: [index]).finalUpdate())
        #expect(final.profile?.event.id == signed[1].event.id)
        #expect(final.answeringRelay?.role == .writeRelay(relayList: signed[2].event.id))

        // A fresh profile on the given relay is enough: the write relay is not asked.
        let fresh = try await RelayFixtures.sign([.init(key: key, content: #"{"name":"newest"}"#, createdAt: now - 10)])
        _ = try await RelayFixtures.publish([fresh[0].event], to: [index])
        let settled = try #require(await fetcher().fetchProfile(of: signed[0].pubkey, from: [index]).finalUpdate())
        #expect(settled.profile?.event.id == fresh[0].event.id)
        #expect(settled.relays.map(\.relay) == [index])
        #expect(settled.relayList?.eventID == signed[2].event.id, "the list is still read and reported")
    }

    @Test("a relay list carried by the link sends the fetch to the write relay with no lookup")
    func relayListInTheLink() async throws {
        let write = relays[2]
        let driver = try await author("linked", relayTags: [["r", write.string]])
        _ = try await RelayFixtures.publish([driver.profile], to: [write])
        let fragment = try EventFragment.encode(profile: driver.profile, relayList: driver.relayList)

        let final = try #require(await fetcher().fetchProfile(of: driver.pubkey, from: [], embeddedIn: fragment).finalUpdate())
        #expect(final.embeddedProfile == .shown)
        #expect(final.relayList?.origin == .link)
        #expect(final.relays.map(\.relay) == [write])
        #expect(final.relays.first?.role == .writeRelay(relayList: driver.relayList.id))
        #expect(final.relays.first?.state == .finished(.endOfStoredEvents))
        #expect(final.profile?.event.id == driver.profile.id)
    }
}
