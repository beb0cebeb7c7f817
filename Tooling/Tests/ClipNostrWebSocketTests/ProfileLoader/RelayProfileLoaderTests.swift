import ClipKit
import ClipKitUI
import ClipLoopback
import ClipManifestReader
import ClipNostr
import ClipNostrUI
import ClipNostrWebSocket
import ClipTestSupport
import ClipToolingTestSupport
import Foundation
import Testing

/// The preview model on the real relay fetcher against a real relay, and a dead one beside it:
/// the composition `clipkit simulate` and the clip use.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct RelayProfileLoaderTests {
    /// Stops a relay off the main actor, where waiting for its process belongs.
    func stop(_ relay: LocalRelay) async {
        await Task.detached { relay.stop() }.value
    }

    @Test func aDriverOnARealRelayIsPreviewedAndHandedOff() async throws {
        let relay = try await LocalRelay.start()
        let driver = try await DriverFixtures.signProfile(key: "ui-driver-ana", content: [
            "name": "ana", "display_name": "Ana Driver", "picture": "https://roadflare.app/a.png",
            "car_color": "blue", "car_make": "Toyota", "car_model": "Prius",
        ])
        try await DriverFixtures.publish([driver], to: relay.url)
        let loader = RelayProfileLoader(
            fetcher: ProfileFetcher(configuration: ProfileFetchConfiguration(timeout: .seconds(5)), transportFactory: WebSocketClientTransportFactory()),
            relays: [try RelayURL(relay.url), try RelayURL("ws://127.0.0.1:\(try LoopbackPort.free())")]
        )
        let handoff = try AppGroupFixture()
        let npub = try NIP19.encodePublicKey(driver.pubkey)
        let model = DriverPreviewModel(driver: npub, loader: loader, offering: handoff.store)

        await model.load()
        guard case .preview(let profile, false) = model.state else {
            Issue.record("expected a final preview, got \(model.state)")
            await stop(relay)
            return
        }
        #expect(profile.readableName == "Ana Driver")
        #expect(profile.car?.summary == "blue Toyota Prius")
        #expect(profile.pictureURL?.absoluteString == "https://roadflare.app/a.png")
        #expect(profile.createdAt == Date(timeIntervalSince1970: TimeInterval(driver.createdAt)))
        #expect(profile.relay == relay.url)
        #expect(model.relayTally.asked == 2)
        #expect(model.relayTally.answered == 1)
        #expect(model.relayTally.failed == 1, "the dead relay is reported, and did not hold up the answer")

        let offered = try await model.offerHandoff()
        #expect(offered == DriverHandoff(npub: npub, displayName: "Ana Driver", profileCreatedAt: driver.createdAt))
        #expect(handoff.store.peek(DriverHandoff.self) == offered)
        await stop(relay)
    }

    @Test func aDriverNobodyKnowsFailsWithNotFound() async throws {
        let relay = try await LocalRelay.start()
        let loader = RelayProfileLoader(fetcher: ProfileFetcher(transportFactory: WebSocketClientTransportFactory()), relays: [try RelayURL(relay.url)])
        let model = DriverPreviewModel(driver: try NIP19.encodePublicKey(String(repeating: "7", count: 64)), loader: loader, offering: try AppGroupFixture().store)
        await model.load()
        #expect(model.state == .failed(.profileNotFound(relaysAnswered: 1)))
        #expect(model.allowsHandoff)
        await stop(relay)
    }

    @Test func onlyDeadRelaysFailWithNoRelayAnswered() async throws {
        let loader = RelayProfileLoader(
            fetcher: ProfileFetcher(configuration: ProfileFetchConfiguration(timeout: .seconds(2)), transportFactory: WebSocketClientTransportFactory()),
            relays: [try RelayURL("ws://127.0.0.1:\(try LoopbackPort.free())")]
        )
        let model = DriverPreviewModel(driver: try NIP19.encodePublicKey(String(repeating: "8", count: 64)), loader: loader, offering: try AppGroupFixture().store)
        await model.load()
        guard case .failed(.noRelayAnswered(relays: 1, let seconds)) = model.state else { Issue.record("got \(model.state)"); return }
        #expect(seconds <= 2)
    }

    @Test func aDamagedNpubNeverReachesTheRelays() async throws {
        let loader = RelayProfileLoader(fetcher: ProfileFetcher(transportFactory: WebSocketClientTransportFactory()), relays: [try RelayURL("ws://127.0.0.1:1")])
        let model = DriverPreviewModel(driver: "npub1damaged", loader: loader, offering: try AppGroupFixture().store)
        await model.load()
        guard case .failed(.invalidDriverLink) = model.state else { Issue.record("got \(model.state)"); return }
    }

    @Test func aManifestWithoutRelaysIsRefused() throws {
        let manifest = try ManifestLoader().load(contentsOf: TestEnvironment.file("Examples/bluesky/clipkit.json"))
        #expect(throws: RelayProfileLoaderError.noRelays) { try RelayProfileLoader(manifest: manifest) }
        let roadflare = try ManifestLoader(parameterKinds: .standard.registering(.npub))
            .load(contentsOf: TestEnvironment.file("Examples/roadflare/clipkit.json"))
        #expect(try RelayProfileLoader(manifest: roadflare).relays.map(\.string) == ["wss://relay.damus.io", "wss://nos.lol"])
    }
}
