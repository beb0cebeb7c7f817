@_spi(ClipKitTooling) import ClipKit
import ClipTestSupport
import ClipWebBridge
import Foundation
import Testing

/// Applying bridge commands: a `store` becomes a handoff offer the full app can claim.
@Suite struct WebBridgeHandoffTests {
    let bridge = WebBridge(allowedKeys: ["starterPackUri", "onboarding"])

    /// The app's own type for what its page stores under `starterPackUri`.
    struct StarterPack: HandoffPayload, Equatable {
        static let handoffTypeName = "com.example.starterPack"
        var starterPackUri: String
    }

    @Test func storeUnderTheRoutesTypeOffersTheKeyAsItsMemberAndTheAppClaimsItsOwnType() throws {
        let fixture = try HandoffFixture()
        let store = try fixture.store()
        let url = "https://bsky.app/start/alice.bsky.social/3jzfcijpj2z2a"
        for message in [#"{"action":"store","keyToStoreAs":"starterPackUri","jsonToStore":"\#(url)"}"#,
                        #"{"action":"store","keyToStoreAs":"starterPackUri","jsonToStore":"\"\#(url)\""}"#] {
            let response = try bridge.handle(messageBody: message, store: store, storingAs: StarterPack.handoffTypeName)
            guard case .stored(let offer) = response else {
                Issue.record("expected .stored, got \(response)")
                return
            }
            #expect(offer.typeName == StarterPack.handoffTypeName)
            #expect(store.claim(StarterPack.self) == StarterPack(starterPackUri: url), "plain text and a JSON string store the same link")
            #expect(store.claim(StarterPack.self) == nil)
        }
    }

    @Test func storeWithoutATypeOffersAGenericHandoff() throws {
        let fixture = try HandoffFixture()
        let store = try fixture.store()
        _ = try bridge.handle(messageBody: #"{"action":"store","keyToStoreAs":"onboarding","jsonToStore":"{\"step\":2}"}"#, store: store)
        #expect(store.claim(WebBridgeHandoff.self) == WebBridgeHandoff(key: "onboarding", value: #"{"step":2}"#))
    }

    @Test func aStoreTheManifestsTypeDoesNotAllowIsRefused() throws {
        let fixture = try HandoffFixture()
        let store = try HandoffStore(
            defaults: fixture.defaults, lifetime: 60,
            types: [ClipManifest.HandoffType(name: StarterPack.handoffTypeName, requiredMembers: ["starterPackUri"], optionalMembers: [])]
        )
        #expect {
            try bridge.handle(messageBody: #"{"action":"store","keyToStoreAs":"onboarding","jsonToStore":"1"}"#, store: store, storingAs: StarterPack.handoffTypeName)
        } throws: { error in
            guard case WebBridgeError.handoffFailed(.payloadDoesNotFitType) = error else { return false }
            return true
        }
        #expect(!fixture.entryExists)
    }

    @Test func presentAsksForTheOverlayAndCanHandOffTheInvocation() throws {
        let fixture = try HandoffFixture()
        let store = try fixture.store()
        #expect(try bridge.handle(messageBody: #"{"action":"present"}"#, store: store) == .presentAppStoreOverlay(offered: nil))
        #expect(!fixture.entryExists)

        let response = try bridge.handle(messageBody: #"{"action":"present"}"#, store: store, offeringOnPresent: Samples.link)
        guard case .presentAppStoreOverlay(let offered?) = response else {
            Issue.record("expected an overlay with an offer, got \(response)")
            return
        }
        #expect(offered.typeName == LinkHandoff.handoffTypeName)
        #expect(store.claim(LinkHandoff.self) == Samples.link)
    }

    @Test func aRejectedMessageOffersNothing() throws {
        let fixture = try HandoffFixture()
        let store = try fixture.store()
        #expect(throws: WebBridgeError.keyNotAllowed("clipkit.handoff", allowed: ["starterPackUri", "onboarding"])) {
            try bridge.handle(messageBody: #"{"action":"store","keyToStoreAs":"clipkit.handoff","jsonToStore":"{}"}"#, store: store)
        }
        #expect(!fixture.entryExists)
    }

    @Test func aFailingOfferIsReportedAsSuch() throws {
        let folder = try TemporaryDirectory()
        let tiny = try DirectorySharedDefaults(directory: folder.url, maximumValueBytes: 16)
        let store = try HandoffStore(defaults: tiny, lifetime: 60)
        #expect {
            try bridge.handle(messageBody: #"{"action":"store","keyToStoreAs":"starterPackUri","jsonToStore":"https://go.bsky.app/x"}"#, store: store)
        } throws: { error in
            guard case WebBridgeError.handoffFailed(.storageFailed(.valueTooLarge)) = error else { return false }
            return true
        }
    }
}
