import ClipKit
import ClipKitCLI
import Testing

/// `clipkit handoff offer` finds a payload's built-in type from its shape.
@Suite struct BuiltInPayloadFittingTests {
    @Test func aPayloadFitsTheBuiltInTypeItDecodesAs() {
        let npub = "npub1sg6plzptd64u62a878hep2kev88swjh3tw00gjsfl8f237lmu63q0uf63m"
        #expect(BuiltInHandoffPayloads.typeNames(fitting: .object(["starterPackUri": .string("https://go.bsky.app/x")])) == ["bluesky.starterPack"])
        #expect(BuiltInHandoffPayloads.typeNames(fitting: .object(["npub": .string(npub)])) == ["roadflare.driver"])
        #expect(BuiltInHandoffPayloads.typeNames(fitting: .object(["x": .number(1)])).isEmpty)
    }
}
