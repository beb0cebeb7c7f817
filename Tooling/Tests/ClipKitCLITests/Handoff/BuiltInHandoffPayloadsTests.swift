import ClipKit
import ClipKitCLI
import ClipWebBridge
import Testing

/// The CLI knows the reference clips' payload types by name: RoadFlare's from ClipKit, Bluesky's
/// from ClipWebBridge.
@Suite struct BuiltInHandoffPayloadsTests {
    @Test func builtInTypesAreFoundByName() {
        #expect(BuiltInHandoffPayloads.type(named: "roadflare.driver") == RoadFlareDriverHandoff.self)
        #expect(BuiltInHandoffPayloads.type(named: "bluesky.starterPack") == BlueskyStarterPackHandoff.self)
        #expect(BuiltInHandoffPayloads.type(named: "shop.cart") == nil)
    }
}
