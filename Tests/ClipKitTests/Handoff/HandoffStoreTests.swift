@_spi(ClipKitTooling) import ClipKit
import ClipManifestReader
import ClipTestSupport
import Foundation
import Testing

/// Offer, claim and peek: the one-shot contract between a clip and its full app.
@Suite struct HandoffStoreTests {
    @Test func claimReturnsTheOfferedPayloadOnceAndTheEntryIsGone() throws {
        let fixture = try HandoffFixture()
        let store = try fixture.store()
        let offer = try store.offer(Samples.ticket)
        #expect(offer.typeName == "com.example.ticket")
        #expect(fixture.entryExists)

        #expect(store.claim(TicketHandoff.self) == Samples.ticket)
        #expect(!fixture.entryExists)
        #expect(store.claim(TicketHandoff.self) == nil)
        // Claiming nothing is a normal outcome, not a diagnostic.
        #expect(fixture.log.entries.isEmpty)
    }

    @Test func peekLeavesTheEntryForTheClaim() throws {
        let fixture = try HandoffFixture()
        let store = try fixture.store()
        try store.offer(Samples.note)
        #expect(store.peek(NoteHandoff.self) == Samples.note)
        #expect(store.peek(NoteHandoff.self) == Samples.note)
        #expect(store.peekEnvelope()?.typeName == "test.note")
        #expect(store.claim(NoteHandoff.self) == Samples.note)
        #expect(store.peek(NoteHandoff.self) == nil)
        #expect(fixture.log.entries.isEmpty)
    }

    @Test func aNewOfferReplacesTheWaitingOne() throws {
        let fixture = try HandoffFixture()
        let store = try fixture.store()
        try store.offer(Samples.ticket)
        let second = TicketHandoff(code: Samples.code, holder: "Bob")
        try store.offer(second)
        #expect(store.claim(TicketHandoff.self) == second)
        #expect(store.claim(TicketHandoff.self) == nil)
    }

    @Test func theEnvelopeCarriesVersionTimesTypeAndPayload() throws {
        let fixture = try HandoffFixture()
        fixture.clock.now = Date(timeIntervalSince1970: 1_700_000_000.75)
        let store = try fixture.store(lifetime: 600)
        let offer = try store.offer(Samples.ticket)
        #expect(offer.createdAt == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(offer.expiresAt == Date(timeIntervalSince1970: 1_700_000_600))

        let stored = try #require(try JSONValue(parsing: Data(contentsOf: fixture.entryFile)).objectValue)
        #expect(Set(stored.keys) == ["schema", "createdAt", "expiresAt", "type", "payload"])
        #expect(stored["schema"] == .number(1))
        #expect(stored["createdAt"] == .number(1_700_000_000))
        #expect(stored["expiresAt"] == .number(1_700_000_600))
        #expect(stored["type"] == .string("com.example.ticket"))
        #expect(stored["payload"]?["code"] == .string(Samples.code))
        #expect(stored["payload"]?["issuedAt"] == .number(1_699_999_000))

        let envelope = try #require(store.claimEnvelope())
        #expect(envelope.schemaVersion == HandoffEnvelope.currentSchemaVersion)
        #expect(try envelope.decodePayload(as: TicketHandoff.self) == Samples.ticket)
    }

    @Test func theLifetimeAndTheTypesComeFromTheManifest() throws {
        let manifest = try ManifestLoader().load(contentsOf: TestEnvironment.file("Examples/bluesky/clipkit.json"))
        let fixture = try HandoffFixture()
        let store = try HandoffStore(defaults: fixture.defaults, manifest: manifest, clock: fixture.clock.reading)
        #expect(store.lifetime == manifest.handoff.ttlSeconds)
        #expect(store.types == manifest.handoff.types)
        #expect(throws: HandoffError.typeNotListed(NoteHandoff.handoffTypeName, listed: ["bluesky.starterPack"])) { try store.offer(Samples.note) }
        let offer = try store.offer(json: .object(["starterPackUri": .string("https://go.bsky.app/x")]), typeName: "bluesky.starterPack")
        #expect(offer.expiresAt.timeIntervalSince(offer.createdAt) == TimeInterval(manifest.handoff.ttlSeconds))
    }

    @Test func anEntryIsClaimableUntilTheMomentItExpires() throws {
        let fixture = try HandoffFixture()
        let store = try fixture.store(lifetime: 60)
        try store.offer(Samples.ticket)
        fixture.clock.advance(by: 59)
        #expect(store.peek(TicketHandoff.self) == Samples.ticket)
        fixture.clock.advance(by: 1)
        #expect(store.claim(TicketHandoff.self) == nil)
        #expect(fixture.log.codes == ["expired"])
    }

    @Test func anyCodablePayloadTravelsUnderAnExplicitTypeName() throws {
        struct Cart: Codable, Sendable, Equatable {
            var items: [String]
            var total: Int64
        }
        let fixture = try HandoffFixture()
        let store = try fixture.store()
        let cart = Cart(items: ["tea", "cake"], total: 9_007_199_254_740_993)  // beyond Double's exact range
        try store.offer(cart, typeName: "shop.cart")
        #expect(store.peek(Cart.self, typeName: "shop.cart") == cart)
        #expect(store.claim(Cart.self, typeName: "shop.cart") == cart)
    }

    @Test func offeringChecksWhatItWrites() throws {
        let fixture = try HandoffFixture()
        let store = try fixture.store()
        #expect(throws: HandoffError.invalidTypeName("not a name")) { try store.offer(["a": 1], typeName: "not a name") }

        let badTicket = TicketHandoff(code: "12")
        #expect {
            try store.offer(badTicket)
        } throws: { error in
            guard case HandoffError.payloadRejected(.undecodablePayload(let type, let reason)) = error else { return false }
            return type == "com.example.ticket" && reason.contains("not a ticket code")
        }

        let huge = String(repeating: "x", count: HandoffEnvelope.maximumBytes)
        #expect {
            try store.offer(["blob": huge], typeName: "blob")
        } throws: { error in
            guard case HandoffError.entryTooLarge(let bytes, let limit) = error else { return false }
            return bytes > limit && limit == 64 * 1024
        }
        #expect(!fixture.entryExists)
    }

    @Test func settingUpAStoreChecksKeyAndLifetime() throws {
        let fixture = try HandoffFixture()
        #expect(throws: HandoffError.invalidLifetime(seconds: 0, allowed: HandoffStore.lifetimeRange)) {
            try HandoffStore(defaults: fixture.defaults, lifetime: 0)
        }
        #expect(throws: HandoffError.invalidLifetime(seconds: 2_592_001, allowed: HandoffStore.lifetimeRange)) {
            try HandoffStore(defaults: fixture.defaults, lifetime: 2_592_001)
        }
        #expect(throws: HandoffError.invalidKey("../escape")) {
            try HandoffStore(defaults: fixture.defaults, lifetime: 60, key: "../escape")
        }
    }

    @Test func storesWithDifferentKeysAreIndependent() throws {
        let fixture = try HandoffFixture()
        let tickets = try HandoffStore(defaults: fixture.defaults, lifetime: 60, key: "com.example.ticket", clock: fixture.clock.reading)
        let notes = try HandoffStore(defaults: fixture.defaults, lifetime: 60, key: "test.notes", clock: fixture.clock.reading)
        try tickets.offer(Samples.ticket)
        try notes.offer(Samples.note)
        #expect(notes.claim(NoteHandoff.self) == Samples.note)
        #expect(tickets.claim(TicketHandoff.self) == Samples.ticket)
    }

    @Test func theSystemClearingTheContainerMeansNothingToClaimAndOffersStillWork() throws {
        let fixture = try HandoffFixture()
        let store = try fixture.store()
        try store.offer(Samples.ticket)
        try FileManager.default.removeItem(at: fixture.folder.url.appendingPathComponent("ClipKit"))
        #expect(store.claim(TicketHandoff.self) == nil)
        #expect(store.peek(TicketHandoff.self) == nil)
        #expect(fixture.log.entries.isEmpty)
        try store.offer(Samples.ticket)
        #expect(store.claim(TicketHandoff.self) == Samples.ticket)
    }

    @Test func threadsClaimingTheSameEntryGetItExactlyOnce() async throws {
        let fixture = try HandoffFixture()
        let store = try fixture.store()
        for round in 0..<100 {
            try store.offer(NoteHandoff(text: "\(round)"))
            let winners = await withTaskGroup(of: NoteHandoff?.self) { group in
                for _ in 0..<8 { group.addTask { store.claim(NoteHandoff.self) } }
                return await group.reduce(into: [NoteHandoff]()) { if let won = $1 { $0.append(won) } }
            }
            #expect(winners.map(\.text) == ["\(round)"], "round \(round)")
        }
        #expect(fixture.log.entries.isEmpty)
    }
}
