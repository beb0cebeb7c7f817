@_spi(ClipKitTooling) import ClipNostr
import ClipNostrWebSocket
import Foundation
import Testing

/// Relay lists (kind 10002) from relays that lie: a forged or foreign list never sends the fetch to
/// the relays it names, and a write relay that never answers cannot hold the fetch past its
/// deadline. The relays are test doubles (``HostileRelay``), because no real relay program sends
/// forgeries or stalls on purpose; the events are signed by nostr-sdk.
@Suite("Hostile relay lists")
struct HostileRelayListTests {
    /// A relay list by `key`, naming `writeRelay`, signed at the suite's clock.
    func relayList(by key: String, naming writeRelay: RelayURL) async throws -> NostrEvent {
        try await RelayFixtures.sign([
            .init(key: key, kind: 10002, content: "", createdAt: HostileScenario.now - 100, tags: [["r", writeRelay.string]]),
        ])[0].event
    }

    func finalUpdate(of scenario: HostileScenario, from index: HostileRelay, timeout: Duration = .seconds(5)) async throws -> ProfileFetchUpdate {
        let fetcher = HostileScenario.fetcher(timeout: timeout)
        return try #require(await fetcher.fetchProfile(of: scenario.driver, from: [index.url]).finalUpdate())
    }

    @Test("a relay list with a forged signature is dropped and its write relay is never contacted")
    func forgedRelayList() async throws {
        let scenario = try await HostileScenario.load()
        let write = try await HostileRelay(.answer([.event(scenario.newestProfile), .endOfStoredEvents]))
        let genuine = try await relayList(by: "driver", naming: write.url)
        #expect(genuine.pubkey == scenario.driver)
        var forged = genuine.altered { $0.tags = [["r", write.url.string], ["r", "wss://attacker.example"]] }
        forged.id = forged.computedID()
        let index = try await HostileRelay(.answer([.endOfStoredEvents]), relayListReplies: [.event(forged), .endOfStoredEvents])

        let final = try await finalUpdate(of: scenario, from: index)
        #expect(final.relayList == nil)
        #expect(final.profile == nil)
        #expect(final.relays.count == 1)
        #expect(final.relays[0].droppedByReason["invalid-signature"] == 1, "\(final.relays[0].droppedByReason)")
        #expect(write.connectionsOpened == 0)
    }

    @Test("a copy of the relay list with other tags under the same id is a forgery, not a duplicate")
    func tamperedCopyUnderTheSameID() async throws {
        let scenario = try await HostileScenario.load()
        let write = try await HostileRelay(.answer([.event(scenario.newestProfile), .endOfStoredEvents]))
        let genuine = try await relayList(by: "driver", naming: write.url)
        let tampered = genuine.altered { $0.tags = [["r", "wss://attacker.example"]] }
        #expect(tampered.id == genuine.id)
        let index = try await HostileRelay(
            .answer([.endOfStoredEvents]), relayListReplies: [.event(genuine), .event(tampered), .event(genuine), .endOfStoredEvents]
        )
        let final = try await finalUpdate(of: scenario, from: index)
        #expect(final.relayList?.eventID == genuine.id)
        #expect(final.relayList?.writeRelays == [write.url])
        #expect(final.relays[0].droppedByReason["id-mismatch"] == 1, "\(final.relays[0].droppedByReason)")
        #expect(final.relays[0].droppedByReason["duplicate"] == 1, "only the identical copy is a duplicate")
        #expect(final.profile?.event.id == scenario.newestProfile.id)
    }

    @Test("another author's genuine relay list is dropped and its write relay is never contacted")
    func foreignRelayList() async throws {
        let scenario = try await HostileScenario.load()
        let write = try await HostileRelay(.answer([.event(scenario.newestProfile), .endOfStoredEvents]))
        let foreign = try await relayList(by: "impostor", naming: write.url)
        let index = try await HostileRelay(.answer([.endOfStoredEvents]), relayListReplies: [.event(foreign), .endOfStoredEvents])

        let final = try await finalUpdate(of: scenario, from: index)
        #expect(final.relayList == nil)
        #expect(final.relays[0].droppedByReason["wrong-author"] == 1)
        #expect(write.connectionsOpened == 0)
    }

    @Test("a profile sent on the relay-list subscription is dropped as the wrong kind")
    func profileOnTheRelayListSubscription() async throws {
        let scenario = try await HostileScenario.load()
        let index = try await HostileRelay(.answer([.endOfStoredEvents]), relayListReplies: [.event(scenario.newestProfile), .endOfStoredEvents])
        let final = try await finalUpdate(of: scenario, from: index)
        #expect(final.profile == nil)
        #expect(final.relays[0].droppedByReason["wrong-kind"] == 1)
    }

    @Test("a write relay that never answers cannot hold the fetch past its deadline")
    func stalledWriteRelay() async throws {
        let scenario = try await HostileScenario.load()
        let stalled = try await HostileRelay(.stallHandshake)
        let list = try await relayList(by: "driver", naming: stalled.url)
        let index = try await HostileRelay(.answer([.endOfStoredEvents]), relayListReplies: [.event(list), .endOfStoredEvents])

        let deadline = Duration.milliseconds(1500)
        let started = ContinuousClock.now
        let final = try await finalUpdate(of: scenario, from: index, timeout: deadline)
        #expect(ContinuousClock.now - started < deadline + .seconds(1))
        #expect(final.change == .finished(.deadlinePassed))
        #expect(final.relayList?.eventID == list.id)
        #expect(final.relays.map(\.relay) == [index.url, stalled.url])
        // A missing write relay fails this test; indexing past the end would crash the whole run.
        try #require(final.relays.count == 2)
        #expect(final.relays[1].role == .writeRelay(relayList: list.id))
        #expect(final.relays[1].state == .finished(.timedOut))
        #expect(stalled.connectionsOpened == 1)
    }
}

/// A relay list carried in a share link is checked like one from a relay before its write relays
/// are asked.
@Suite("Relay lists carried by links")
struct LinkRelayListTests {
    @Test("a forged relay list in the link is dropped with its reason, and its write relay is never contacted")
    func forgedRelayListInTheLink() async throws {
        let scenario = try await HostileScenario.load()
        let write = try await HostileRelay(.answer([.event(scenario.newestProfile), .endOfStoredEvents]))
        let given = try await HostileRelay(.answer([.event(scenario.olderProfile), .endOfStoredEvents]))
        var list = try await RelayFixtures.sign([
            .init(key: "driver", kind: 10002, content: "", createdAt: HostileScenario.now - 100, tags: [["r", write.url.string]]),
        ])[0].event
        let genuine = try EventFragment.encode(profile: scenario.olderProfile, relayList: list)
        list.tags.append(["r", "wss://attacker.example"])
        list.id = list.computedID()
        let forged = try EventFragment.encode(profile: scenario.olderProfile, relayList: list)

        // A grace window longer than the fetch: it ends when both relays have answered, whatever the load.
        let fetcher = HostileScenario.fetcher(timeout: .seconds(10), graceWindow: .seconds(10))
        let dropped = try #require(await fetcher.fetchProfile(of: scenario.driver, from: [given.url], embeddedIn: forged).finalUpdate())
        #expect(dropped.embeddedProfile == .shown)
        #expect(dropped.embeddedRelayList == .dropped(.failedVerification(.invalidSignature)))
        #expect(dropped.relayList == nil)
        #expect(dropped.relays.map(\.relay) == [given.url])
        #expect(write.connectionsOpened == 0)

        let used = try #require(await fetcher.fetchProfile(of: scenario.driver, from: [given.url], embeddedIn: genuine).finalUpdate())
        #expect(used.embeddedRelayList == .shown)
        #expect(used.relayList?.origin == .link)
        #expect(used.relays.map(\.relay) == [given.url, write.url])
        #expect(used.profile?.event.id == scenario.newestProfile.id, "the write relay had the newer profile")
    }
}
