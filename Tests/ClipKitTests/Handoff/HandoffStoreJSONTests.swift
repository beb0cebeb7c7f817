@_spi(ClipKitTooling) import ClipKit
import Foundation
import Testing

/// Offering a payload given as JSON: any object under any type name when the store lists no types;
/// with the manifest's `handoff.types`, only those types, with the members they need — for JSON and
/// typed payloads alike.
@Suite struct HandoffStoreJSONTests {
    static let ticketType = ClipManifest.HandoffType(name: TicketHandoff.handoffTypeName, requiredMembers: ["code"], optionalMembers: ["holder", "issuedAt"])
    static let cartType = ClipManifest.HandoffType(name: "shop.cart", requiredMembers: ["items"])

    func store(_ fixture: HandoffFixture, types: [ClipManifest.HandoffType]) throws -> HandoffStore {
        try HandoffStore(defaults: fixture.defaults, lifetime: 3600, types: types, clock: fixture.clock.reading, diagnostics: fixture.log.handler)
    }

    @Test func withoutTypesAnyObjectGoesUnderAnyNameAsItIs() throws {
        let fixture = try HandoffFixture()
        let store = try fixture.store()
        let json: JSONValue = .object(["ticket": .string("A12"), "items": .array([.number(1), .null])])
        let offer = try store.offer(json: json, typeName: "com.example.anything")
        #expect(offer.typeName == "com.example.anything")
        let envelope = try #require(store.claimEnvelope())
        #expect(envelope.typeName == "com.example.anything")
        #expect(envelope.payload == json)
    }

    @Test func aListedTypeIsOfferedAndTheAppDecodesItAsItsOwnType() throws {
        let fixture = try HandoffFixture()
        let store = try store(fixture, types: [Self.cartType, Self.ticketType])
        let json: JSONValue = .object(["code": .string("A12"), "holder": .string("Alice")])
        let offer = try store.offer(json: json, typeName: TicketHandoff.handoffTypeName)
        #expect(offer.typeName == TicketHandoff.handoffTypeName)
        #expect(store.claim(TicketHandoff.self) == TicketHandoff(code: "A12", holder: "Alice"))
        #expect(store.claim(TicketHandoff.self) == nil)
    }

    @Test func aTypeTheManifestDoesNotListIsRefusedAndNothingIsOffered() throws {
        let fixture = try HandoffFixture()
        let store = try store(fixture, types: [Self.cartType, Self.ticketType])
        #expect(throws: HandoffError.typeNotListed("com.example.other", listed: ["shop.cart", TicketHandoff.handoffTypeName])) {
            try store.offer(json: .object(["code": .string("A12")]), typeName: "com.example.other")
        }
        #expect(throws: HandoffError.typeNotListed(NoteHandoff.handoffTypeName, listed: ["shop.cart", TicketHandoff.handoffTypeName])) {
            try store.offer(Samples.note)
        }
        #expect(!fixture.entryExists)
        #expect(HandoffError.typeNotListed("com.example.other", listed: ["shop.cart"]).description.contains("add it to handoff.types"))
    }

    @Test func aPayloadWithoutARequiredMemberIsRefused() throws {
        let fixture = try HandoffFixture()
        let store = try store(fixture, types: [Self.ticketType])
        for payload: JSONValue in [.object(["holder": .string("Alice")]), .object(["code": .null]), .array([]), .string("A12")] {
            #expect {
                try store.offer(json: payload, typeName: TicketHandoff.handoffTypeName)
            } throws: { error in
                guard case HandoffError.payloadDoesNotFitType(let type, let reason) = error else { return false }
                return type == TicketHandoff.handoffTypeName && (reason.contains("'code'") || reason.contains("JSON object"))
            }
        }
        #expect(!fixture.entryExists)
    }

    @Test func aMemberOutsideTheListsIsRefusedWhenTheTypeSaysWhichMembersItHas() throws {
        let fixture = try HandoffFixture()
        let store = try store(fixture, types: [Self.ticketType, Self.cartType])
        #expect {
            try store.offer(json: .object(["code": .string("A12"), "seat": .string("14C")]), typeName: TicketHandoff.handoffTypeName)
        } throws: { error in
            guard case HandoffError.payloadDoesNotFitType(_, let reason) = error else { return false }
            return reason.contains("'seat'") && reason.contains("code, holder, issuedAt")
        }
        // A type without an optional list allows other members.
        try store.offer(json: .object(["items": .array([]), "coupon": .string("TEA10")]), typeName: "shop.cart")
        #expect(store.claimEnvelope()?.typeName == "shop.cart")
    }

    @Test func typedOffersAreCheckedAgainstTheListedTypeToo() throws {
        let fixture = try HandoffFixture()
        let narrow = ClipManifest.HandoffType(name: TicketHandoff.handoffTypeName, requiredMembers: ["code", "holder"], optionalMembers: [])
        let store = try store(fixture, types: [narrow])
        #expect {
            try store.offer(TicketHandoff(code: "A12"))
        } throws: { error in
            guard case HandoffError.payloadDoesNotFitType(_, let reason) = error else { return false }
            return reason.contains("'holder'")
        }
        try store.offer(TicketHandoff(code: "A12", holder: "Alice"))
        #expect(store.claim(TicketHandoff.self) == TicketHandoff(code: "A12", holder: "Alice"))
    }

    @Test func aStoreBuiltFromAManifestTakesItsTypes() throws {
        let fixture = try HandoffFixture()
        var manifest = ClipManifest(
            teamID: "6Y98438M9X", app: .init(bundleID: "com.example.App", appStoreID: "1"), clip: .init(bundleID: "com.example.App.Clip", minimumIOS: "15.0", invocations: [.digital]),
            appGroup: "group.com.example.App", domains: ["example.com"], routes: [], handoff: .init(ttlSeconds: 600, types: [Self.ticketType])
        )
        #expect(try HandoffStore(defaults: fixture.defaults, manifest: manifest).types == [Self.ticketType])
        manifest.handoff.types = []
        #expect(try HandoffStore(defaults: fixture.defaults, manifest: manifest).types.isEmpty)
    }

    @Test func aBadTypeNameIsRefused() throws {
        let fixture = try HandoffFixture()
        let store = try fixture.store()
        #expect(throws: HandoffError.invalidTypeName("shop cart")) {
            try store.offer(json: .object([:]), typeName: "shop cart")
        }
        #expect(!fixture.entryExists)
    }
}
