import ClipKit
import Foundation
import Testing

/// RoadFlare's driver payload decodes strictly, so the app never acts on a malformed handoff.
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
}
