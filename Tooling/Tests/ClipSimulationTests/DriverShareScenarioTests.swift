@_spi(ClipKitTooling) import ClipKit
import ClipKitUI
import ClipLoopback
import ClipNostrUI
import ClipSimulation
import ClipTestSupport
import ClipToolingTestSupport
import Foundation
import Testing

/// RoadFlare's manual test plan (a)–(d), run headless against a real relay that holds a driver
/// profile signed by nostr-sdk.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct DriverShareScenarioTests {
    func simulate(
        _ seeded: SeededRelay, _ scenarios: [SimulationScenario], relays: [String]? = nil, url: String? = nil
    ) async throws -> (SimulationReport, [SimulationStep], TemporaryDirectory) {
        let folder = try TemporaryDirectory(prefix: "clipkit-simulation")
        let simulator = try FlowSimulator(settings: SimulationSettings(
            manifest: try ExampleManifest.load("roadflare"), relays: relays ?? [seeded.relay.url], timeoutSeconds: 5
        ))
        var streamed: [SimulationStep] = []
        let report = try await simulator.run(url: url ?? seeded.shareURL, scenarios: scenarios, container: folder.url) { streamed.append($0) }
        return (report, streamed, folder)
    }

    @Test func allFourScenariosOfTheTestPlan() async throws {
        let seeded = try await SeededRelay.start(key: "simulation-ana")
        let (report, streamed, folder) = try await simulate(seeded, SimulationScenario.allCases)
        await seeded.stop()
        #expect(report.passed, "\(report.failureReason ?? "")")
        #expect(streamed == report.steps, "every step is streamed as it happens, in order")

        // (a) The clip opens, the verified driver shows, the handoff is offered, the app claims it.
        let fresh = try #require(report.report(for: .freshInstall))
        #expect(fresh.steps(named: .linkDecision).first?.detail("handler") == "app-clip-card")
        let shown = try #require(fresh.steps(named: .preview).last)
        #expect(shown.detail("state") == "preview")
        #expect(shown.detail("name") == SeededRelay.driverName)
        #expect(shown.detail("car") == "Blue Toyota Prius")
        #expect(shown.detail("relay") == seeded.relay.url)
        let offered = try #require(fresh.steps(named: .handoffOffered).first)
        #expect(offered.detail("npub") == seeded.npub)
        #expect(offered.detail("displayName") == SeededRelay.driverName)
        #expect(offered.detail("profileCreatedAt") == String(seeded.driver.createdAt))
        #expect(fresh.steps(named: .overlay).first?.detail("presented") == "yes")
        #expect(fresh.destination == .addDriver(DriverPrefill(
            npub: seeded.npub, displayName: SeededRelay.driverName, profileCreatedAt: seeded.driver.createdAt, origin: .clipHandoff
        )))
        #expect(fresh.lastClaim?.typeName == DriverHandoff.handoffTypeName)

        // (b) The AASA sends the link to the installed app; the clip never runs.
        let installed = try #require(report.report(for: .appInstalled))
        #expect(installed.steps(named: .linkDecision).first?.detail("handler") == "app")
        #expect(installed.steps(named: .clipLaunch).isEmpty)
        #expect(installed.steps(named: .preview).isEmpty)
        #expect(installed.lastClaim == nil)
        #expect(installed.destination == .addDriver(DriverPrefill(npub: seeded.npub, origin: .invocationURL)))

        // (c) The eviction leaves nothing to claim: standard onboarding.
        let evicted = try #require(report.report(for: .clipEvicted))
        #expect(evicted.steps(named: .handoffOffered).count == 1)
        #expect(evicted.steps(named: .eviction).count == 1)
        #expect(evicted.lastClaim == nil)
        #expect(evicted.destination == .standardOnboarding)

        // (d) The first launch claims the handoff; the re-tap opens the app and claims nothing.
        let returning = try #require(report.report(for: .returningUser))
        let claims = returning.steps(named: .claim)
        #expect(claims.count == 2)
        #expect(claims.first?.detail("type") == DriverHandoff.handoffTypeName)
        #expect(claims.last?.detail("type") == nil, "the second launch claims nothing stale")
        #expect(returning.steps(named: .linkDecision).map { $0.detail("handler") } == ["app-clip-card", "app"])
        #expect(returning.lastClaim == nil)
        #expect(returning.destination == .addDriver(DriverPrefill(npub: seeded.npub, origin: .invocationURL)))

        // Each scenario had its own App Group folder, and nothing is left waiting in any.
        for scenario in SimulationScenario.allCases {
            let defaults = try DirectorySharedDefaults(directory: AppGroupContainer.sharedDefaultsDirectory(
                inContainerAt: folder.url.appendingPathComponent(scenario.rawValue)))
            #expect(try defaults.data(forKey: HandoffStore.defaultKey) == nil, "\(scenario)")
        }
    }

    @Test func onlyDeadRelaysFailThePreviewButStillOfferTheNpub() async throws {
        let seeded = try await SeededRelay.start(key: "simulation-dead")
        let dead = "ws://127.0.0.1:\(try LoopbackPort.free())"
        let (report, _, _) = try await simulate(seeded, [.freshInstall], relays: [dead])
        await seeded.stop()
        let fresh = try #require(report.report(for: .freshInstall))
        #expect(!fresh.passed)
        #expect(fresh.failureReason?.contains("no verified profile") == true)
        let last = try #require(fresh.steps(named: .preview).last)
        #expect(last.detail("state") == "failed")
        #expect(last.outcome == .warning)
        #expect(fresh.steps(named: .handoffOffered).first?.detail("displayName")?.hasPrefix("none") == true)
        #expect(fresh.destination == .addDriver(DriverPrefill(npub: seeded.npub, origin: .clipHandoff)),
                "the npub-only handoff still reaches the app")
    }

    @Test func aLinkNoRouteHandlesFailsWithTheReason() async throws {
        let seeded = try await SeededRelay.start(key: "simulation-noroute")
        let (report, _, _) = try await simulate(seeded, [.freshInstall], url: "https://roadflare.app/elsewhere/x")
        await seeded.stop()
        #expect(!report.passed)
        #expect(report.failureReason?.contains("no route") == true)
        #expect(report.steps.map(\.name) == [.device, .route, .expectation])
    }

    @Test func anAppRouteWithoutTheAppOpensTheBrowser() async throws {
        let seeded = try await SeededRelay.start(key: "simulation-rider")
        let (report, _, _) = try await simulate(seeded, [.freshInstall, .appInstalled], url: "https://roadflare.app/share/r/\(seeded.npub)")
        await seeded.stop()
        let fresh = try #require(report.report(for: .freshInstall))
        #expect(fresh.steps(named: .linkDecision).first?.detail("handler") == "browser")
        #expect(!fresh.passed)
        #expect(report.report(for: .appInstalled)?.passed == true)
    }

    @Test func unusableInputIsATypedError() throws {
        let manifest = try ExampleManifest.load("roadflare")
        #expect(throws: SimulationError.self) { try FlowSimulator(settings: SimulationSettings(manifest: manifest, relays: ["http://relay.example"])) }
        #expect(throws: SimulationError.invalidTimeout(0)) { try FlowSimulator(settings: SimulationSettings(manifest: manifest, timeoutSeconds: 0)) }
    }
}
