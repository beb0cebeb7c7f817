@_spi(ClipKitTooling) import ClipKit
import ClipKitUI
import ClipManifestReader
import ClipTestSupport
import ClipWebBridge
import ClipWebBridgeUI
import Foundation
import Testing

/// The web-bridge flow's session, made from a runtime in one call: each invocation gets its own page
/// model and promotion, and the page's store goes under the route's handoff type.
@MainActor
@Suite struct WebBridgeClipSessionTests {
    let folder: TemporaryDirectory
    let runtime: ClipRuntime

    init() throws {
        folder = try TemporaryDirectory(prefix: "clipkit-web-session")
        runtime = try ClipRuntime(manifestAt: TestEnvironment.file("Examples/bluesky/clipkit.json"), containerDirectory: folder.url)
    }

    @Test func eachInvocationGetsItsOwnPageAndPromotion() throws {
        let session = WebBridgeClipSession(runtime: runtime)
        guard case .waitingForInvocation = session.screen else { Issue.record("expected to wait"); return }
        session.inbox.receive(.webpage(try #require(URL(string: "https://bsky.app/start/alice.bsky.social/3kabc"))))
        guard case .content(let first, let firstPromotion) = session.screen else { Issue.record("expected a page, got \(session.screen)"); return }
        #expect(first.contentURL.absoluteString == "https://bsky.app/start/alice.bsky.social/3kabc?clip=true")

        session.inbox.receive(.webpage(try #require(URL(string: "https://go.bsky.app/Ab12"))))
        guard case .content(let second, let secondPromotion) = session.screen else { Issue.record("expected a page"); return }
        #expect(second !== first)
        #expect(secondPromotion !== firstPromotion)
        #expect(second.contentURL.absoluteString == "https://go.bsky.app/Ab12?clip=true")
    }

    @Test func thePagesStoreGoesUnderTheRoutesTypeAndShowsTheOverlay() throws {
        let session = WebBridgeClipSession(runtime: runtime)
        session.inbox.receive(.webpage(try #require(URL(string: "https://go.bsky.app/Ab12"))))
        guard case .content(let model, let promotion) = session.screen else { Issue.record("expected a page"); return }
        model.recordContentLoaded()
        let effect = model.handle(message: #"{"action":"store","keyToStoreAs":"starterPackUri","jsonToStore":"https://go.bsky.app/Ab12"}"#)
        guard case .handedOff(let offer) = effect else { Issue.record("\(effect)"); return }
        #expect(offer.typeName == "bluesky.starterPack")
        #expect(model.handle(message: #"{"action":"present"}"#) == .presentedOverlay(offered: nil))
        #expect(promotion.isOverlayPresented)
        #expect(runtime.handoffs.claimEnvelope()?.payload == .object(["starterPackUri": .string("https://go.bsky.app/Ab12")]))
    }

    @Test func withoutTheAppsOptionsPresentBeforeStoreOffersNothing() throws {
        let session = WebBridgeClipSession(runtime: runtime)
        session.inbox.receive(.webpage(try #require(URL(string: "https://go.bsky.app/Ab12"))))
        guard case .content(let model, _) = session.screen else { Issue.record("expected a page"); return }
        #expect(model.handle(message: #"{"action":"present"}"#) == .heldOverlay(.taskNotDone(remaining: nil), offered: nil))
        #expect(runtime.handoffs.peekEnvelope() == nil)
    }

    @Test func aLinkTheClipDoesNotShowSaysWhy() throws {
        let session = WebBridgeClipSession(runtime: runtime)
        session.inbox.receive(.webpage(try #require(URL(string: "https://bsky.app/profile/alice.bsky.social"))))
        guard case .unsupportedLink(let message) = session.screen else { Issue.record("expected a message"); return }
        #expect(message.contains("can't be opened"))
    }
}
