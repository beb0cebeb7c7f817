import ClipKit
import Foundation
import Testing

/// The two reference payloads decode strictly, so the app never acts on a malformed handoff.
@Suite struct HandoffPayloadTests {
    private func decode<Payload: Decodable>(_ json: String, as type: Payload.Type) throws -> Payload {
        try JSONDecoder().decode(Payload.self, from: Data(json.utf8))
    }

    @Test func aDriverHandoffRoundTripsAndLeavesOutWhatItLacks() throws {
        let encoded = try JSONEncoder().encode(RoadFlareDriverHandoff(npub: Samples.npub))
        #expect(String(decoding: encoded, as: UTF8.self) == #"{"npub":"\#(Samples.npub)"}"#)
        #expect(try decode(#"{"npub":"\#(Samples.npub)","displayName":"Ålice 🚗","profileCreatedAt":1700000000}"#, as: RoadFlareDriverHandoff.self)
            == RoadFlareDriverHandoff(npub: Samples.npub, displayName: "Ålice 🚗", profileCreatedAt: 1_700_000_000))
    }

    @Test(arguments: [
        #"{"npub":"npub1sg6plzptd64u62a878hep2kev88swjh3tw00gjsfl8f237lmu63q0uf63"}"#,  // one short
        #"{"npub":"nsec1sg6plzptd64u62a878hep2kev88swjh3tw00gjsfl8f237lmu63q0uf63m"}"#,  // not an npub
        #"{"npub":"npub1SG6PLZPTD64U62A878HEP2KEV88SWJH3TW00GJSFL8F237LMU63Q0UF63M"}"#,  // upper case
        #"{"npub":"npub1bg6plzptd64u62a878hep2kev88swjh3tw00gjsfl8f237lmu63q0uf63m"}"#,  // 'b' is not bech32
        #"{"npub":"npub1sg6plzptd64u62a878hep2kev88swjh3tw00gjsfl8f237lmu63q0uf63m","profileCreatedAt":-1}"#,
        #"{"npub":"npub1sg6plzptd64u62a878hep2kev88swjh3tw00gjsfl8f237lmu63q0uf63m","profileCreatedAt":"1700000000"}"#,
        #"{"npub":"npub1sg6plzptd64u62a878hep2kev88swjh3tw00gjsfl8f237lmu63q0uf63m","pubkey":"ab"}"#,  // unknown member
        #"{"displayName":"Alice"}"#,
    ])
    func malformedDriverHandoffsDoNotDecode(_ json: String) {
        #expect(throws: DecodingError.self) { try decode(json, as: RoadFlareDriverHandoff.self) }
    }

    @Test func aDisplayNameIsCapped() {
        let long = String(repeating: "a", count: RoadFlareDriverHandoff.maximumDisplayNameLength + 1)
        #expect(RoadFlareDriverHandoff(npub: Samples.npub, displayName: long).problem?.contains("256") == true)
        #expect(RoadFlareDriverHandoff(npub: Samples.npub, displayName: String(long.dropLast())).problem == nil)
    }

    @Test(arguments: [
        "https://bsky.app/start/alice.bsky.social/3jzfcijpj2z2a",
        "https://bsky.app/starter-pack/did:plc:z72i7hdynmk6r22z27h6tvur/3jzfcijpj2z2a",
        "https://go.bsky.app/4f1Ab2c",
        "at://did:plc:z72i7hdynmk6r22z27h6tvur/app.bsky.graph.starterpack/3jzfcijpj2z2a",
    ])
    func starterPackURIsBlueskyUsesAreAccepted(_ uri: String) throws {
        #expect(BlueskyStarterPackHandoff.problem(withURI: uri) == nil)
        let decoded = try decode(#"{"starterPackUri":"\#(uri)"}"#, as: BlueskyStarterPackHandoff.self)
        #expect(decoded.starterPackURI == uri)
    }

    @Test(arguments: [
        "", "bsky.app/start/a/b", "http://bsky.app/start/a/b", "javascript:alert(1)", "https://", "at://",
        "https://user:pw@bsky.app/start/a/b", "https://bsky.app/start/a b/c", "https://bsky.app/\n",
    ])
    func otherStarterPackURIsAreRefused(_ uri: String) {
        #expect(BlueskyStarterPackHandoff.problem(withURI: uri) != nil)
    }

    @Test func anOverlongStarterPackURIIsRefused() {
        let uri = "https://bsky.app/start/a/" + String(repeating: "b", count: BlueskyStarterPackHandoff.maximumURIBytes)
        #expect(BlueskyStarterPackHandoff.problem(withURI: uri)?.contains("2048") == true)
    }

    @Test func builtInTypesAreFoundByName() {
        #expect(BuiltInHandoffPayloads.type(named: "roadflare.driver") == RoadFlareDriverHandoff.self)
        #expect(BuiltInHandoffPayloads.type(named: "bluesky.starterPack") == BlueskyStarterPackHandoff.self)
        #expect(BuiltInHandoffPayloads.type(named: "shop.cart") == nil)
    }
}
