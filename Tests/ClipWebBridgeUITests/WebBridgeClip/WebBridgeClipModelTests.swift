@_spi(ClipKitTooling) import ClipKit
@_spi(ClipKitTooling) import ClipKitUI
import ClipManifestReader
import ClipNostr
import ClipTestSupport
import ClipWebBridge
import ClipWebBridgeUI
import Foundation
import Testing

@MainActor
@Suite struct WebBridgeClipModelTests {
    /// The app's own type for the starter pack, under the type Bluesky's routes name.
    struct StarterPack: HandoffPayload, Equatable {
        static let handoffTypeName = "bluesky.starterPack"
        var starterPackUri: String
    }

    let handoff: AppGroupFixture
    let manifest: ClipManifest
    let router: InvocationRouter
    let wall = TestWallClock()
    nonisolated static let packURI = "at://did:plc:abc123/app.bsky.graph.starterpack/3kabc"

    init() throws {
        handoff = try AppGroupFixture()
        manifest = try ManifestLoader().load(contentsOf: TestEnvironment.file("Examples/bluesky/clipkit.json"))
        router = try InvocationRouter(manifest: manifest)
    }

    func makeModel(
        _ url: String = "https://bsky.app/start/alice.bsky.social/3kabc", invocationPayload: (any HandoffPayload)? = nil
    ) throws -> (WebBridgeClipModel, InstallPromotionController) {
        let wall = self.wall
        let promotion = InstallPromotionController(memory: InMemoryPromotionMemory(), now: { wall.now })
        let match = try router.route(url).get()
        var options = WebBridgeClipOptions()
        if let invocationPayload { options.invocationPayload = { _ in invocationPayload } }
        let model = try WebBridgeClipModel(
            match: match, router: router, manifest: manifest, store: handoff.store, promotion: promotion, options: options
        )
        return (model, promotion)
    }

    nonisolated static func storeMessage(_ key: String = "starterPackUri", _ value: String = packURI) -> String {
        #"{"action":"store","keyToStoreAs":"\#(key)","jsonToStore":"\#(value)"}"#
    }

    @Test func thePageLoadsWithClipTrueAndKeepsItsQuery() throws {
        #expect(try makeModel().0.contentURL.absoluteString == "https://bsky.app/start/alice.bsky.social/3kabc?clip=true")
        #expect(try makeModel("https://go.bsky.app/Ab12?ref=share").0.contentURL.absoluteString == "https://go.bsky.app/Ab12?ref=share&clip=true")
    }

    @Test func aRouteWithoutWebContentIsRefused() throws {
        let roadflare = try ManifestLoader(parameterKinds: .standard.registering(.npub))
            .load(contentsOf: TestEnvironment.file("Examples/roadflare/clipkit.json"))
        let roadflareRouter = try InvocationRouter(manifest: roadflare, parameterKinds: .standard.registering(.npub))
        let match = try roadflareRouter.route("https://roadflare.app/share/d/npub180cvv07tjdrrgpa0j7j7tmnyl2yr6yr7l8j4s3evf6u64th6gkwsyjh6w6").get()
        #expect(throws: WebBridgeClipError.routeShowsNoWebContent("driverShare")) {
            try WebBridgeClipModel(match: match, router: roadflareRouter, manifest: roadflare, store: handoff.store, promotion: nil)
        }
    }

    @Test func storeThenPresentHandsOffTheStarterPackAndShowsTheOverlayOnce() throws {
        let invoked = StarterPack(starterPackUri: "https://bsky.app/start/alice.bsky.social/3kabc")
        let (model, promotion) = try makeModel(invocationPayload: invoked)
        model.recordContentLoaded()

        guard case .handedOff(let offer) = model.handle(message: Self.storeMessage()) else {
            Issue.record("expected a handoff, got \(model.effects)"); return
        }
        #expect(offer.typeName == StarterPack.handoffTypeName, "the route's handoff type")
        #expect(model.handoffTypeName == StarterPack.handoffTypeName)
        #expect(model.handle(message: #"{"action":"present"}"#) == .presentedOverlay(offered: nil))
        #expect(promotion.isOverlayPresented)
        #expect(handoff.store.peek(StarterPack.self)?.starterPackUri == Self.packURI,
                "the page's own value is kept, not replaced by the invocation link")

        #expect(model.handle(message: #"{"action":"present"}"#) == .heldOverlay(.alreadyPresented, offered: nil))
        promotion.recordOverlayDismissed()
        #expect(model.handle(message: #"{"action":"present"}"#) == .heldOverlay(.alreadyShownThisInvocation, offered: nil))
    }

    @Test func presentBeforeAnyStoreOffersTheInvocationFirst() throws {
        let invoked = StarterPack(starterPackUri: "https://bsky.app/start/alice.bsky.social/3kabc")
        let (model, _) = try makeModel(invocationPayload: invoked)
        guard case .presentedOverlay(let offered?) = model.handle(message: #"{"action":"present"}"#) else {
            Issue.record("expected an overlay after an offer, got \(model.effects)"); return
        }
        #expect(offered.typeName == StarterPack.handoffTypeName)
        #expect(handoff.store.peek(StarterPack.self) == invoked)
    }

    @Test func aPageCannotPromptBeforeThePersonDidAnything() throws {
        let (model, promotion) = try makeModel()
        #expect(model.handle(message: #"{"action":"present"}"#) == .heldOverlay(.taskNotDone(remaining: nil), offered: nil))
        model.recordContentLoaded()
        wall.advance(by: 5)
        #expect(model.handle(message: #"{"action":"present"}"#) == .heldOverlay(.taskNotDone(remaining: 15), offered: nil))
        wall.advance(by: 15)
        #expect(model.handle(message: #"{"action":"present"}"#) == .presentedOverlay(offered: nil))
        #expect(promotion.isOverlayPresented)
    }

    @Test(arguments: [
        Self.storeMessage("badgeCount", "99"),
        #"{"action":"present","extra":1}"#,
        #"{"action":"launchMissiles"}"#,
        "not json",
        "",
    ])
    func badMessagesAreRefusedAndStoreNothing(message: String) throws {
        let (model, promotion) = try makeModel()
        guard case .rejected = model.handle(message: message) else {
            Issue.record("expected a refusal, got \(model.effects)"); return
        }
        #expect(handoff.store.peekEnvelope() == nil)
        #expect(!promotion.isOverlayPresented)
    }

    @Test func aBodyThatIsNotAStringIsRefused() throws {
        let (model, _) = try makeModel()
        guard case .rejected = model.handle(messageBody: ["action": "present"]) else {
            Issue.record("expected a refusal, got \(model.effects)"); return
        }
    }

    /// Seeded random mutations of the two valid messages: the model never crashes, and the App
    /// Group only ever holds a starter-pack handoff (the one allow-listed key) or nothing.
    @Test func fuzzedMessagesOnlyEverStoreTheAllowListedKey() throws {
        var generator = SeededGenerator(seed: 0xB1E5_C11B)
        let seeds = [Self.storeMessage(), #"{"action":"present"}"#]
        let inserts = ["\"", "{", "}", ",", ":", "\\", "\\u0000", "starterPackUri", "keyToStoreAs", "badgeCount", "store", " ", "é", "[]", "null"]
        let (model, _) = try makeModel()
        for _ in 0..<3_000 {
            var text = Array(seeds[Int.random(in: 0..<seeds.count, using: &generator)])
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let position = Int.random(in: 0...text.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0 where !text.isEmpty:
                    text.remove(at: min(position, text.count - 1))
                case 1:
                    text.insert(contentsOf: inserts[Int.random(in: 0..<inserts.count, using: &generator)], at: position)
                default:
                    if !text.isEmpty { text[min(position, text.count - 1)] = Character(Unicode.Scalar(UInt8.random(in: 32...126, using: &generator))) }
                }
            }
            model.handle(message: String(text))
            if let envelope = handoff.store.peekEnvelope() {
                #expect(envelope.typeName == StarterPack.handoffTypeName)
            }
        }
        #expect(model.effects.count == 3_000)
    }
}
