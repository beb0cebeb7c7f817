import ClipKit
import Foundation
import Testing

/// Offering a payload given as JSON: strict for the types the caller knows, as it is for others.
@Suite struct HandoffStoreJSONTests {
    @Test func jsonUnderAKnownTypesNameIsDecodedAsThatType() throws {
        let fixture = try HandoffFixture()
        let store = try fixture.store()
        let json: JSONValue = .object(["npub": .string(Samples.npub), "displayName": .string("Alice")])
        let offer = try store.offer(json: json, typeName: "roadflare.driver", knownTypes: [NoteHandoff.self, RoadFlareDriverHandoff.self])
        #expect(offer.typeName == "roadflare.driver")
        #expect(store.claim(RoadFlareDriverHandoff.self) == RoadFlareDriverHandoff(npub: Samples.npub, displayName: "Alice"))
    }

    @Test func jsonThatDoesNotFitTheKnownTypeIsRefusedAndNothingIsOffered() throws {
        let fixture = try HandoffFixture()
        let store = try fixture.store()
        #expect {
            try store.offer(json: .object(["npub": .string("npub1nope")]), typeName: "roadflare.driver", knownTypes: [RoadFlareDriverHandoff.self])
        } throws: { error in
            guard case HandoffError.payloadRejected(.undecodablePayload(typeName: "roadflare.driver", let reason)) = error else { return false }
            return reason.contains("not an npub")
        }
        #expect(!fixture.entryExists)
    }

    @Test func jsonUnderAnotherNameIsCarriedAsItIs() throws {
        let fixture = try HandoffFixture()
        let store = try fixture.store()
        // Not a valid driver, but the name is not a known type's, so no driver rule applies.
        let json: JSONValue = .object(["npub": .string("npub1nope"), "items": .array([.number(1), .null])])
        try store.offer(json: json, typeName: "shop.cart", knownTypes: [RoadFlareDriverHandoff.self])
        let envelope = try #require(store.claimEnvelope())
        #expect(envelope.typeName == "shop.cart")
        #expect(envelope.payload == json)
    }

    @Test func aBadTypeNameIsRefused() throws {
        let fixture = try HandoffFixture()
        let store = try fixture.store()
        #expect(throws: HandoffError.invalidTypeName("shop cart")) {
            try store.offer(json: .object([:]), typeName: "shop cart", knownTypes: [])
        }
        #expect(!fixture.entryExists)
    }
}
