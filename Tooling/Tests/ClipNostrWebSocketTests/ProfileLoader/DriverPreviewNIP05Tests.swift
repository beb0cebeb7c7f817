import ClipKit
import ClipLoopback
import ClipNostr
@_spi(ClipKitTooling) import ClipNostrUI
import ClipNostrWebSocket
import ClipTestSupport
import ClipToolingTestSupport
import Foundation
import Testing

/// The clip's preview shows a driver's NIP-05 address only once its domain lists it with the
/// driver's key: profiles on a real relay, nostr.json from nginx on loopback (plain http, which the
/// verifier allows here because the test configures it to).
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct DriverPreviewNIP05Tests {
    func stop(_ relay: LocalRelay, _ server: NIP05TestServer) async {
        await Task.detached { relay.stop(); server.stop() }.value
    }

    /// A model for the driver `key`, whose profile claims `name@<nginx>`; nginx lists `listed`.
    func preview(key: String, claim name: String, listed: (String) -> [String: String], timeout: Duration = .seconds(3))
        async throws -> (DriverPreviewModel, LocalRelay, NIP05TestServer, String) {
        let relay = try await LocalRelay.start()
        let pubkey = try await DriverFixtures.signProfile(key: key, content: ["name": key]).pubkey
        let server = try await NIP05TestServer(names: listed(pubkey))
        let driver = try await DriverFixtures.signProfile(key: key, content: ["name": key, "display_name": "Driver \(key)", "nip05": "\(name)@\(server.domain)"])
        try await DriverFixtures.publish([driver], to: relay.url)
        let loader = RelayProfileLoader(
            fetcher: ProfileFetcher(configuration: ProfileFetchConfiguration(timeout: .seconds(5)), transportFactory: WebSocketClientTransportFactory()),
            relays: [try RelayURL(relay.url)]
        )
        let verifier = NIP05Verifier(configuration: .init(timeout: timeout, allowsPlainHTTPOnLoopback: true))
        let model = DriverPreviewModel(
            driver: try NIP19.encodePublicKey(pubkey), loader: loader, offering: try AppGroupFixture().store, nip05Verifier: verifier
        )
        return (model, relay, server, pubkey)
    }

    @Test func aVerifiedAddressIsShown() async throws {
        let (model, relay, server, _) = try await preview(key: "nip05-ui-ana", claim: "ana") { ["ana": $0] }
        await model.load()
        await model.nip05CheckFinished()
        guard case .preview(let profile, _) = model.state else {
            Issue.record("expected a preview, got \(model.state)")
            await stop(relay, server)
            return
        }
        #expect(profile.verifiedNIP05 == "ana@\(server.domain)")
        #expect(model.profile?.verifiedNIP05 == "ana@\(server.domain)")
        #expect(model.nip05Verification?.isVerified == true)
        await stop(relay, server)
    }

    @Test func anAddressListedWithAnotherKeyIsNotShown() async throws {
        let other = String(repeating: "c3", count: 32)
        let (model, relay, server, _) = try await preview(key: "nip05-ui-ben", claim: "ben") { _ in ["ben": other] }
        await model.load()
        await model.nip05CheckFinished()
        guard case .preview(let profile, _) = model.state else {
            Issue.record("expected a preview, got \(model.state)")
            await stop(relay, server)
            return
        }
        #expect(profile.nip05 == "ben@\(server.domain)", "the claim is kept")
        #expect(profile.verifiedNIP05 == nil)
        #expect(model.nip05Verification?.code == "different-key")
        await stop(relay, server)
    }

    @Test func aHangingDomainNeitherHoldsThePreviewNorShowsTheAddress() async throws {
        let (model, relay, server, _) = try await preview(key: "nip05-ui-cai", claim: "hung", listed: { _ in [:] }, timeout: .seconds(2))
        let started = ContinuousClock.now
        await model.load()
        guard case .preview(let profile, false) = model.state else {
            Issue.record("expected a final preview, got \(model.state)")
            await stop(relay, server)
            return
        }
        #expect(profile.readableName == "Driver nip05-ui-cai")
        #expect(profile.verifiedNIP05 == nil)
        await model.nip05CheckFinished()
        let elapsed = ContinuousClock.now - started
        #expect(model.nip05Verification?.code == "timed-out")
        #expect(model.profile?.verifiedNIP05 == nil)
        #expect(elapsed < .seconds(8), "the check ended at the verifier's timeout; took \(elapsed)")
        await stop(relay, server)
    }
}

/// A link that names the driver by a NIP-05 address: the clip's preview model looks it up on the
/// domain (nginx on loopback), asks the relay its `relays` entry names (a real relay, the only one
/// the loader knows of), and hands the resolved npub off.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct DriverPreviewNIP05LinkTests {
    @Test func aNameInTheLinkIsLookedUpAndItsRelayAsked() async throws {
        let relay = try await LocalRelay.start()
        let driver = try await DriverFixtures.signProfile(key: "nip05-link-maria", content: ["name": "maria", "display_name": "Maria by Name"])
        try await DriverFixtures.publish([driver], to: relay.url)
        let server = try await NIP05TestServer(names: ["maria": driver.pubkey], relays: [driver.pubkey: [relay.url]])
        let loader = RelayProfileLoader(
            fetcher: ProfileFetcher(configuration: ProfileFetchConfiguration(timeout: .seconds(5)), transportFactory: WebSocketClientTransportFactory()),
            relays: []
        )
        let verifier = NIP05Verifier(configuration: .init(timeout: .seconds(3), allowsPlainHTTPOnLoopback: true))
        let fixture = try AppGroupFixture()
        let model = DriverPreviewModel(driver: "maria@\(server.domain)", loader: loader, offering: fixture.store, nip05Verifier: verifier)
        await model.load()
        let expected = try NIP19.encodePublicKey(driver.pubkey)
        #expect(model.resolvedNpub == expected)
        guard case .preview(let profile, _) = model.state else {
            Issue.record("expected a preview, got \(model.state)")
            await Task.detached { relay.stop(); server.stop() }.value
            return
        }
        #expect(profile.readableName == "Maria by Name")
        #expect(profile.relay == relay.url, "the relay came from the domain's relays entry")
        let handoff = try await model.offerHandoff()
        #expect(handoff.npub == expected, "the app gets the key, not the name")

        // A name the domain does not list: no key, so no preview and no handoff.
        let unknown = DriverPreviewModel(driver: "nobody@\(server.domain)", loader: loader, offering: fixture.store, nip05Verifier: verifier)
        await unknown.load()
        guard case .failed(.invalidDriverLink(let reason)) = unknown.state else {
            Issue.record("expected an invalid link, got \(unknown.state)")
            await Task.detached { relay.stop(); server.stop() }.value
            return
        }
        #expect(reason.contains("nobody@\(server.domain) could not be looked up"), "\(reason)")
        #expect(!unknown.allowsHandoff)
        #expect(unknown.resolvedNpub == nil)
        await Task.detached { relay.stop(); server.stop() }.value
    }
}
