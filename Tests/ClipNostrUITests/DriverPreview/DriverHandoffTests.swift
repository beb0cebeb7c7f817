import ClipKit
@_spi(ClipKitTooling) import ClipNostrUI
import Foundation
import Testing

/// The driver-share flow's payload decodes strictly, so the app never acts on a malformed handoff.
@Suite struct DriverHandoffTests {
    static let npub = "npub1sg6plzptd64u62a878hep2kev88swjh3tw00gjsfl8f237lmu63q0uf63m"

    private func decode<Payload: Decodable>(_ json: String, as type: Payload.Type) throws -> Payload {
        try JSONDecoder().decode(Payload.self, from: Data(json.utf8))
    }

    @Test func aDriverHandoffRoundTripsAndLeavesOutWhatItLacks() throws {
        let encoded = try JSONEncoder().encode(DriverHandoff(npub: Self.npub))
        #expect(String(decoding: encoded, as: UTF8.self) == #"{"npub":"\#(Self.npub)"}"#)
        #expect(try decode(#"{"npub":"\#(Self.npub)","displayName":"Ålice 🚗","profileCreatedAt":1700000000}"#, as: DriverHandoff.self)
            == DriverHandoff(npub: Self.npub, displayName: "Ålice 🚗", profileCreatedAt: 1_700_000_000))
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
        #expect(throws: DecodingError.self) { try decode(json, as: DriverHandoff.self) }
    }

    @Test func aDisplayNameIsCapped() {
        let long = String(repeating: "a", count: DriverHandoff.maximumDisplayNameLength + 1)
        #expect(DriverHandoff(npub: Self.npub, displayName: long).problem?.contains("256") == true)
        #expect(DriverHandoff(npub: Self.npub, displayName: String(long.dropLast())).problem == nil)
    }
}

extension DriverHandoffTests {
    @Test func theFlowsTypeNameIsClipKits() {
        #expect(DriverHandoff.handoffTypeName == "clipkit.driver")
    }
}
