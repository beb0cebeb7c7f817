import BlueskyKit
@_spi(ClipKitTooling) import ClipKit
import ClipKitUI
import ClipManifestReader
import ClipTestSupport
import ClipWebBridge
import ClipWebBridgeUI
import Foundation
import Testing

/// Bluesky's clip on the web-bridge session with its preset: what the page stores becomes Bluesky's
/// typed payload, a bad URI is refused, the link itself is handed off when the page asks for the
/// overlay first, and the opt-in legacy write puts the string where the unchanged React Native app
/// reads it.
@MainActor
@Suite struct BlueskyStarterPackClipTests {
    let link = "https://bsky.app/start/alice.bsky.social/3kabc"
    let container: TemporaryDirectory
    let runtime: ClipRuntime

    init() throws {
        container = try TemporaryDirectory(prefix: "clipkit-bluesky")
        runtime = try ClipRuntime(manifestAt: TestEnvironment.file("Examples/bluesky/clipkit.json"), containerDirectory: container.url)
    }

    func page(options: WebBridgeClipOptions) throws -> (WebBridgeClipModel, InstallPromotionController) {
        let session = WebBridgeClipSession(runtime: runtime, options: options)
        session.inbox.receive(.webpage(try #require(URL(string: link))))
        guard case .content(let model, let promotion) = session.screen else {
            Issue.record("expected the page, got \(session.screen)")
            throw CancellationError()
        }
        return (model, promotion)
    }

    /// The preset with the legacy write sent to a suite of the test's own, so the test leaves nothing behind.
    func options(legacySuite suite: String) -> WebBridgeClipOptions {
        var options = WebBridgeClipOptions.blueskyStarterPack
        options.legacyWrite = LegacyDefaultsWrite(suiteName: suite, keys: LegacyDefaultsWrite.blueskyStarterPack.keys)
        return options
    }

    @Test func theStoredStarterPackIsBlueskysTypedPayloadAndTheLegacyString() throws {
        let suite = "group.test.clipkit.\(UUID().uuidString.lowercased())"
        defer { UserDefaults.standard.removePersistentDomain(forName: suite) }
        let (model, promotion) = try page(options: options(legacySuite: suite))
        model.recordContentLoaded()
        let stored = model.handle(message: #"{"action":"store","keyToStoreAs":"starterPackUri","jsonToStore":"\#(link)"}"#)
        guard case .handedOff(let offer) = stored else { Issue.record("\(stored)"); return }
        #expect(offer.typeName == BlueskyStarterPackHandoff.handoffTypeName)
        #expect(UserDefaults(suiteName: suite)?.string(forKey: "starterPackUri") == link)
        #expect(model.handle(message: #"{"action":"present"}"#) == .presentedOverlay(offered: nil))
        #expect(promotion.isOverlayPresented)
        #expect(runtime.handoffs.claim(BlueskyStarterPackHandoff.self) == BlueskyStarterPackHandoff(starterPackURI: link))
    }

    @Test func withoutTheLegacyWriteNothingIsWrittenOutsideTheHandoff() throws {
        let suite = "group.test.clipkit.\(UUID().uuidString.lowercased())"
        defer { UserDefaults.standard.removePersistentDomain(forName: suite) }
        var options = options(legacySuite: suite)
        options.legacyWrite = nil
        let (model, _) = try page(options: options)
        _ = model.handle(message: #"{"action":"store","keyToStoreAs":"starterPackUri","jsonToStore":"\#(link)"}"#)
        #expect(UserDefaults(suiteName: suite)?.string(forKey: "starterPackUri") == nil)
        #expect(runtime.handoffs.claim(BlueskyStarterPackHandoff.self)?.starterPackURI == link)
    }

    @Test func aValueThatIsNotAStarterPackURIIsRefusedAndNothingIsLeft() throws {
        let (model, _) = try page(options: options(legacySuite: "group.test.clipkit.unused"))
        let effect = model.handle(message: #"{"action":"store","keyToStoreAs":"starterPackUri","jsonToStore":"javascript:alert(1)"}"#)
        guard case .rejected(.invalidValue(let key, let reason)) = effect else { Issue.record("\(effect)"); return }
        #expect(key == "starterPackUri")
        #expect(reason.contains("not a starter-pack URI"))
        #expect(runtime.handoffs.peekEnvelope() == nil)
    }

    @Test func presentBeforeStoreHandsOffTheLinkItself() throws {
        let (model, promotion) = try page(options: options(legacySuite: "group.test.clipkit.unused"))
        model.recordContentLoaded()
        let effect = model.handle(message: #"{"action":"present"}"#)
        guard case .presentedOverlay(let offered?) = effect else { Issue.record("\(effect)"); return }
        #expect(offered.typeName == BlueskyStarterPackHandoff.handoffTypeName)
        #expect(promotion.isOverlayPresented)
        #expect(runtime.handoffs.claim(BlueskyStarterPackHandoff.self) == BlueskyStarterPackHandoff(starterPackURI: link))
    }

    @Test func thePresetWritesWhereBlueskysAppReads() {
        #expect(LegacyDefaultsWrite.blueskyStarterPack.suiteName == "group.app.bsky")
        #expect(LegacyDefaultsWrite.blueskyStarterPack.keys == ["starterPackUri"])
        #expect(WebBridgeClipOptions.blueskyStarterPack.legacyWrite == .blueskyStarterPack)
    }
}
