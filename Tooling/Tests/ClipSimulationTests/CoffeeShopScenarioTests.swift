import ClipKit
import ClipKitUI
import ClipManifestReader
import ClipSimulation
import ClipTestSupport
import Foundation
import Testing

/// The coffee shop, neither seed app: a table's QR code opens the clip, the order hands the store
/// and the table off as the app's own type, through the four scenarios of the test plan.
@MainActor
@Suite struct CoffeeShopScenarioTests {
    let table = "https://brew.example/s/soho/t/12"
    /// The table is an `integer` capture, so it is handed off as a JSON number.
    let order: JSONValue = .object(["store": .string("soho"), "table": .number(12)])

    func simulate(_ scenarios: [SimulationScenario], url: String? = nil) async throws -> SimulationReport {
        let folder = try TemporaryDirectory(prefix: "clipkit-simulation")
        let manifest = try ManifestLoader().load(contentsOf: TestEnvironment.file("Examples/coffee-shop/clipkit.json"))
        let simulator = try FlowSimulator(settings: SimulationSettings(manifest: manifest))
        return try await simulator.run(url: url ?? table, scenarios: scenarios, container: folder.url)
    }

    @Test func allFourScenariosHandTheTableToTheApp() async throws {
        let report = try await simulate(SimulationScenario.allCases)
        #expect(report.passed, "\(report.failureReason ?? "")")

        let fresh = try #require(report.report(for: .freshInstall))
        #expect(fresh.steps(named: .linkDecision).first?.detail("handler") == "app-clip-card")
        let launch = try #require(fresh.steps(named: .clipLaunch).first)
        #expect(launch.detail("route") == "table")
        #expect(launch.detail("table") == "12")
        let offered = try #require(fresh.steps(named: .handoffOffered).first)
        #expect(offered.detail("type") == "com.example.coffee.order")
        #expect(offered.detail("payload") == #"{"store":"soho","table":12}"#)
        #expect(fresh.steps(named: .overlay).first?.detail("presented") == "yes")
        #expect(fresh.destination == .handoff(typeName: "com.example.coffee.order", payload: order))
        #expect(fresh.lastClaim?.payload == order)

        let installed = try #require(report.report(for: .appInstalled))
        #expect(installed.steps(named: .clipLaunch).isEmpty)
        #expect(installed.destination == .link(route: "table", url: table, parameters: ["store": "soho", "table": "12"]))
        #expect(installed.lastClaim == nil)

        let evicted = try #require(report.report(for: .clipEvicted))
        #expect(evicted.steps(named: .handoffOffered).count == 1)
        #expect(evicted.destination == .standardOnboarding)
        #expect(evicted.lastClaim == nil)

        let returning = try #require(report.report(for: .returningUser))
        #expect(returning.steps(named: .claim).first?.detail("type") == "com.example.coffee.order")
        #expect(returning.lastClaim == nil)
        #expect(returning.destination == .link(route: "table", url: table, parameters: ["store": "soho", "table": "12"]))
    }

    @Test func anOlderClipsStringTableIsGivenBackWithTheReason() async throws {
        let report = try await simulate([.olderClip])
        #expect(report.passed, "\(report.failureReason ?? "")")
        let older = try #require(report.report(for: .olderClip))
        #expect(older.steps(named: .handoffOffered).first?.detail("payload") == #"{"store":"soho","table":"12"}"#)
        let claim = try #require(older.steps(named: .claim).first)
        #expect(claim.detail("openedNoScreen")?.contains("member 'table'") == true, "\(claim.details)")
        #expect(older.destination == .standardOnboarding)
        #expect(older.lastClaim?.payload == .object(["store": .string("soho"), "table": .string("12")]), "the app holds the payload")
    }

    /// The same undecodable payload is worded the same by `clipkit simulate` and by the app's own rule
    /// (`OnboardingRule.payload`): both give `HandoffDiagnostic.undecodablePayload`'s message, each
    /// with its own reason (the manifest's member kinds; the app type's decoder).
    @Test func theSimulatorAndTheAppWordAnUndecodablePayloadAlike() async throws {
        let report = try await simulate([.olderClip])
        let simulated = try #require(report.report(for: .olderClip)?.steps(named: .claim).first?.detail("openedNoScreen"))

        struct CoffeeOrder: HandoffPayload { static let handoffTypeName = "com.example.coffee.order"; var store: String; var table: Int? }
        let appGroup = try AppGroupFixture()
        try appGroup.store.offer(json: .object(["store": .string("soho"), "table": .string("12")]), typeName: CoffeeOrder.handoffTypeName)
        let launch = OnboardingResolver(rules: [.payload(CoffeeOrder.self) { _ in "order" }], otherwise: "menu")
            .launch(openedBy: nil, claimingFrom: appGroup.store)
        let app = try #require(launch.unhandledHandoff?.reason)

        let frame = HandoffDiagnostic.undecodablePayload(typeName: CoffeeOrder.handoffTypeName, reason: "").localizedDescription
        #expect(!frame.isEmpty)
        #expect(simulated.hasPrefix(frame) && simulated.count > frame.count, "clipkit simulate: \(simulated)")
        #expect(app.hasPrefix(frame) && app.count > frame.count, "the app: \(app)")
        #expect(simulated.contains("'table'") && app.contains("'table'"), "each names the member: \(simulated) | \(app)")
    }

    @Test func theStoreLinkHandsOffTheStoreAlone() async throws {
        let report = try await simulate([.freshInstall], url: "https://brew.example/s/soho")
        #expect(report.passed, "\(report.failureReason ?? "")")
        #expect(report.report(for: .freshInstall)?.destination == .handoff(typeName: "com.example.coffee.order", payload: .object(["store": .string("soho")])))
    }

    @Test func aReceiptLinkBelongsToTheAppAndTheClipNeverRuns() async throws {
        let report = try await simulate([.appInstalled], url: "https://brew.example/r/6f1c3e0a-8f3b-4f55-9d1a-2b8f0c9e1d7a")
        #expect(report.passed, "\(report.failureReason ?? "")")
        #expect(report.report(for: .appInstalled)?.destination == .standardOnboarding)
    }

    @Test func aClipRouteThatNamesNoHandoffTypeFailsSayingWhatToAdd() async throws {
        var manifest = try ManifestLoader().load(contentsOf: TestEnvironment.file("Examples/coffee-shop/clipkit.json"))
        manifest.routes[0].handoffType = nil
        let folder = try TemporaryDirectory(prefix: "clipkit-simulation")
        let report = try await FlowSimulator(settings: SimulationSettings(manifest: manifest)).run(url: table, scenarios: [.freshInstall], container: folder.url)
        #expect(!report.passed)
        #expect(report.failureReason?.contains("routes[].handoff") == true)
    }
}
