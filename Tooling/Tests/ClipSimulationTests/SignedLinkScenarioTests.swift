import ClipKit
import ClipKitUI
import ClipLoopback
import ClipNostr
import ClipSimulation
import ClipTestSupport
import ClipToolingTestSupport
import Foundation
import Testing

/// Share links that carry the driver's signed profile: the clip shows the driver from the link
/// whatever the relays do, and a newer profile on a relay replaces it.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct SignedLinkScenarioTests {
    func simulate(url: String, relays: [String], timeoutSeconds: Double = 3) async throws -> ScenarioReport {
        let folder = try TemporaryDirectory(prefix: "clipkit-signed-link")
        let simulator = try FlowSimulator(settings: SimulationSettings(
            manifest: try ExampleManifest.load("roadflare"), relays: relays, timeoutSeconds: timeoutSeconds
        ))
        let report = try await simulator.run(url: url, scenarios: [.freshInstall], container: folder.url) { _ in }
        return try #require(report.report(for: .freshInstall))
    }

    func signedLink(_ signed: DriverFixtures.Signed) throws -> String {
        let event = try NostrEvent(jsonData: Data(signed.event.utf8))
        return "https://roadflare.app/share/d/\(try NIP19.encodePublicKey(signed.pubkey))#\(try EventFragment.encode(event))"
    }

    /// A port that accepts connections and never answers, and one that refuses them.
    func deadRelays() throws -> (relays: [String], silent: Int32) {
        let port = try LoopbackPort.free()
        let silent = try #require(LoopbackSocket.bound(toPort: port))
        #expect(listen(silent, 16) == 0)
        return (["ws://127.0.0.1:\(port)", "ws://127.0.0.1:\(try LoopbackPort.free())"], silent)
    }

    @Test func everyRelayDeadStillShowsTheVerifiedDriverFromTheLink() async throws {
        let driver = try await DriverFixtures.signProfile(key: "signed-link-dead", content: [
            "display_name": SeededRelay.driverName, "car_color": "Blue", "car_make": "Toyota", "car_model": "Prius",
        ])
        let dead = try deadRelays()
        defer { LoopbackSocket.closeDescriptor(dead.silent) }
        let fresh = try await simulate(url: try signedLink(driver), relays: dead.relays, timeoutSeconds: 2)
        #expect(fresh.passed, "\(fresh.failureReason ?? "")")
        #expect(fresh.steps(named: .clipLaunch).first?.detail("signedProfileInLink") == "yes")
        let previews = fresh.steps(named: .preview).filter { $0.detail("state") != "loading" }
        let first = try #require(previews.first)
        #expect(first.detail("origin") == "link")
        #expect(first.detail("name") == SeededRelay.driverName)
        #expect(first.detail("car") == "Blue Toyota Prius")
        #expect(first.detail("relaysAnswered") == "0")
        let last = try #require(previews.last)
        #expect(last.detail("state") == "preview")
        #expect(last.detail("origin") == "link")
        #expect(last.detail("relaysAnswered") == "0")
        #expect((Int(last.detail("relaysFailed") ?? "") ?? 0) >= 1, "the refused relay is reported before the deadline")
        #expect(fresh.steps(named: .handoffOffered).first?.detail("displayName") == SeededRelay.driverName)
    }

    @Test func aNewerProfileOnARelayReplacesTheOneInTheLink() async throws {
        let key = "signed-link-newer"
        let old = try await DriverFixtures.signProfile(key: key, content: ["display_name": "Old Name"], secondsAgo: 600)
        let newer = try await DriverFixtures.signProfile(key: key, content: ["display_name": SeededRelay.driverName], secondsAgo: 60)
        let relay = try await LocalRelay.start()
        defer { relay.stop() }
        try await DriverFixtures.publish([newer], to: relay.url)
        let fresh = try await simulate(url: try signedLink(old), relays: [relay.url])
        #expect(fresh.passed, "\(fresh.failureReason ?? "")")
        let previews = fresh.steps(named: .preview).filter { $0.detail("state") != "loading" }
        #expect(previews.first?.detail("origin") == "link")
        #expect(previews.first?.detail("name") == "Old Name")
        let last = try #require(previews.last)
        #expect(last.detail("origin") == "relay")
        #expect(last.detail("relay") == relay.url)
        #expect(last.detail("name") == SeededRelay.driverName)
        #expect(last.detail("createdAt") == String(newer.createdAt))
        #expect(fresh.steps(named: .handoffOffered).first?.detail("profileCreatedAt") == String(newer.createdAt))
    }

    @Test func anOlderProfileOnARelayDoesNotReplaceTheOneInTheLink() async throws {
        let key = "signed-link-older"
        let older = try await DriverFixtures.signProfile(key: key, content: ["display_name": "Old Name"], secondsAgo: 600)
        let current = try await DriverFixtures.signProfile(key: key, content: ["display_name": SeededRelay.driverName], secondsAgo: 60)
        let relay = try await LocalRelay.start()
        defer { relay.stop() }
        try await DriverFixtures.publish([older], to: relay.url)
        let fresh = try await simulate(url: try signedLink(current), relays: [relay.url])
        #expect(fresh.passed, "\(fresh.failureReason ?? "")")
        let last = try #require(fresh.steps(named: .preview).last)
        #expect(last.detail("origin") == "link")
        #expect(last.detail("name") == SeededRelay.driverName)
        #expect(last.detail("relaysAnswered") == "1")
    }

    @Test func aTamperedProfileInTheLinkIsDroppedAndTheRelaysDecide() async throws {
        let seeded = try await SeededRelay.start(key: "signed-link-tampered")
        defer { Task { await seeded.stop() } }
        var event = try NostrEvent(jsonData: Data(seeded.driver.event.utf8))
        event.content = event.content.replacingOccurrences(of: SeededRelay.driverName, with: "Mallory")
        let url = "\(seeded.shareURL)#\(try EventFragment.encode(event))"
        let fresh = try await simulate(url: url, relays: [seeded.relay.url])
        #expect(fresh.passed, "\(fresh.failureReason ?? "")")
        let previews = fresh.steps(named: .preview).filter { $0.detail("state") != "loading" }
        #expect(previews.allSatisfy { $0.detail("name") != "Mallory" })
        let last = try #require(previews.last)
        #expect(last.detail("origin") == "relay")
        #expect(last.detail("name") == SeededRelay.driverName)
        #expect(last.detail("signedProfileDropped")?.hasPrefix("id-mismatch") == true || last.detail("signedProfileDropped")?.hasPrefix("invalid-signature") == true)
    }

    @Test func aProfileOfAnotherKeyInTheLinkIsIgnored() async throws {
        let seeded = try await SeededRelay.start(key: "signed-link-victim")
        defer { Task { await seeded.stop() } }
        let other = try await DriverFixtures.signProfile(key: "signed-link-impostor", content: ["display_name": "Mallory"])
        let fragment = try EventFragment.encode(try NostrEvent(jsonData: Data(other.event.utf8)))
        let fresh = try await simulate(url: "\(seeded.shareURL)#\(fragment)", relays: [seeded.relay.url])
        let last = try #require(fresh.steps(named: .preview).last)
        #expect(last.detail("name") == SeededRelay.driverName)
        #expect(last.detail("signedProfileDropped")?.hasPrefix("link-author-mismatch") == true)
    }
}
