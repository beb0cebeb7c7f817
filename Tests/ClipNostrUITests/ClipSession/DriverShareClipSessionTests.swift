import ClipKit
@_spi(ClipKitTooling) import ClipKitUI
import ClipManifestReader
import ClipNostr
import ClipNostrUI
import ClipTestSupport
import Foundation
import Testing

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct DriverShareClipSessionTests {
    static let npub = "npub180cvv07tjdrrgpa0j7j7tmnyl2yr6yr7l8j4s3evf6u64th6gkwsyjh6w6"
    let handoff: AppGroupFixture
    let router: InvocationRouter
    let wall = TestWallClock()

    init() throws {
        handoff = try AppGroupFixture()
        let kinds = ParameterKindRegistry.standard.registering(.npub)
        let manifest = try ManifestLoader(parameterKinds: kinds).load(contentsOf: TestEnvironment.file("Examples/roadflare/clipkit.json"))
        router = try InvocationRouter(manifest: manifest, parameterKinds: kinds)
    }

    func makeSession(source: ScriptedProfileSource) -> DriverShareClipSession {
        let wall = self.wall
        return DriverShareClipSession(
            flow: DriverShareClipFlow(loader: source), inbox: InvocationInbox(router: router, now: { wall.now }), store: handoff.store,
            promotionMemory: SharedDefaultsPromotionMemory(defaults: handoff.defaults), now: { wall.now }
        )
    }

    @Test func aDriverLinkShowsThePreviewAndGetRoadFlareHandsOffAndPromotes() async throws {
        let source = ScriptedProfileSource(pubkey: "3bf0c63fcb93463407af97a5e5ee64fa883d107ef9e558472c4eb9aaaefa459d")
        let session = makeSession(source: source)
        guard case .waitingForInvocation = session.screen else { Issue.record("expected to wait"); return }

        session.inbox.receive(.webpage(try #require(URL(string: "https://roadflare.app/share/d/\(Self.npub)"))))
        guard case .content(let preview, let promotion) = session.screen else { Issue.record("expected a driver, got \(session.screen)"); return }
        #expect(preview.driverReference == Self.npub)

        let loading = Task { await preview.load() }
        await started(source)
        source.send(.profile(ScriptedProfileSource.profile(name: "Fiatjaf", at: 1_700_000_000, pubkey: source.pubkey)))
        source.finish()
        await loading.value
        #expect(preview.state.isPreview)

        let offered = try await preview.offerHandoff()
        #expect(handoff.store.peek(DriverHandoff.self) == offered)
        #expect(promotion.isOverlayPresented)

        // The full app's first launch finds the driver.
        let launch = OnboardingResolver(rules: [.driver { $0 }], otherwise: DriverPrefill(npub: "", origin: .clipHandoff))
            .launch(openedBy: nil, claimingFrom: handoff.store)
        #expect(launch.destination == DriverPrefill(
            npub: Self.npub, displayName: "Fiatjaf", profileCreatedAt: 1_700_000_000, origin: .clipHandoff
        ))
        #expect(launch.origin == .clipHandoff)
    }

    @Test func aDismissalInOneInvocationIsRememberedInTheNext() async throws {
        let session = makeSession(source: ScriptedProfileSource())
        session.inbox.receive(.webpage(try #require(URL(string: "https://roadflare.app/share/d/\(Self.npub)"))))
        guard case .content(_, let first) = session.screen else { Issue.record("expected a driver"); return }
        first.request(.personAsked)
        first.recordOverlayDismissed()

        wall.advance(by: 60)
        session.inbox.receive(.webpage(try #require(URL(string: "https://roadflare.app/share/d/\(Self.npub)"))))
        guard case .content(_, let second) = session.screen else { Issue.record("expected a driver"); return }
        #expect(second !== first, "each invocation gets its own promotion")
        second.recordTaskCompleted()
        guard case .hold(.recentlyDismissed) = second.request(.automatic) else {
            Issue.record("the earlier dismissal must quiet automatic prompts"); return
        }
    }

    @Test func linksTheClipDoesNotHandleSaySo() throws {
        let session = makeSession(source: ScriptedProfileSource())
        session.inbox.receive(.webpage(try #require(URL(string: "https://roadflare.app/share/r/\(Self.npub)"))))
        guard case .unsupportedLink(let message) = session.screen else { Issue.record("expected a message"); return }
        #expect(message.contains("full app"))

        session.inbox.receive(.webpage(try #require(URL(string: "https://roadflare.app/share/d/npub1broken"))))
        guard case .unsupportedLink(let reason) = session.screen else { Issue.record("expected a message"); return }
        #expect(reason.contains("npub"))
    }

    /// RoadFlare's manifest, changed by `change`, written into a folder of its own.
    func manifestFile(_ change: (inout [String: Any]) -> Void) throws -> (TemporaryDirectory, URL) {
        let folder = try TemporaryDirectory(prefix: "clipkit-driver-runtime")
        var manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: TestEnvironment.file("Examples/roadflare/clipkit.json"))) as? [String: Any])
        manifest.removeValue(forKey: "$schema")
        change(&manifest)
        let file = folder.file("clipkit.json")
        try JSONSerialization.data(withJSONObject: manifest).write(to: file)
        return (folder, file)
    }

    @Test func theRuntimeMakesTheSessionInOneCallAndTheRouteMayNameTheHandoffType() throws {
        let (folder, file) = try manifestFile { manifest in
            var routes = manifest["routes"] as? [[String: Any]] ?? []
            routes[0]["handoff"] = "com.roadflare.driver"
            manifest["routes"] = routes
            manifest["handoff"] = ["ttlSeconds": 600, "types": [["name": "com.roadflare.driver", "required": ["npub"]]]]
        }
        let runtime = try ClipRuntime(manifestAt: file, containerDirectory: folder.url, parameterKinds: DriverShareClipFlow.parameterKinds)
        let session = try DriverShareClipSession(runtime: runtime)
        session.inbox.receive(.webpage(try #require(URL(string: "https://roadflare.app/share/d/\(Self.npub)"))))
        guard case .content(let preview, _) = session.screen else { Issue.record("expected a driver, got \(session.screen)"); return }
        #expect(preview.handoffTypeName == "com.roadflare.driver")
        #expect(runtime.handoffs.lifetime == 600)

        let example = try ClipRuntime(
            manifestAt: TestEnvironment.file("Examples/roadflare/clipkit.json"), containerDirectory: folder.url,
            parameterKinds: DriverShareClipFlow.parameterKinds
        )
        let defaultSession = try DriverShareClipSession(runtime: example)
        defaultSession.inbox.receive(.webpage(try #require(URL(string: "https://roadflare.app/share/d/\(Self.npub)"))))
        guard case .content(let defaultPreview, _) = defaultSession.screen else { Issue.record("expected a driver"); return }
        #expect(defaultPreview.handoffTypeName == DriverHandoff.handoffTypeName)
    }

    @Test func aManifestWithoutRelaysCannotSetTheClipUp() throws {
        let (folder, file) = try manifestFile { manifest in manifest.removeValue(forKey: "nostr") }
        let runtime = try ClipRuntime(manifestAt: file, containerDirectory: folder.url, parameterKinds: DriverShareClipFlow.parameterKinds)
        #expect {
            _ = try DriverShareClipSession(runtime: runtime)
        } throws: { error in
            guard case ClipSetupError.flow(let reason) = error else { return false }
            return reason.contains("nostr.relays")
        }
        #expect {
            _ = try ClipRuntime(manifestAt: file, containerDirectory: folder.url)
        } throws: { error in
            guard case ClipSetupError.manifest(let manifestError) = error else { return false }
            return manifestError.description.contains("npub")
        }
    }
}
