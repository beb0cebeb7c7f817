import ClipKit
import ClipKitUI
import ClipSimulation
import ClipTestSupport
import ClipToolingTestSupport
import ClipWebBridge
import Foundation
import Testing

/// Bluesky's web-bridge clip through the same scenarios, on the web-bridge flow alone (no Bluesky preset).
@MainActor
@Suite struct StarterPackScenarioTests {
    let link = "https://bsky.app/start/alice.bsky.social/3kabc"

    func simulate(_ scenarios: [SimulationScenario], url: String? = nil) async throws -> SimulationReport {
        let folder = try TemporaryDirectory(prefix: "clipkit-simulation")
        let simulator = try FlowSimulator(settings: SimulationSettings(manifest: try ExampleManifest.load("bluesky")))
        return try await simulator.run(url: url ?? link, scenarios: scenarios, container: folder.url)
    }

    @Test func theStarterPackIsStoredByThePageAndOpensOnboarding() async throws {
        let report = try await simulate(SimulationScenario.allCases)
        #expect(report.passed, "\(report.failureReason ?? "")")
        let fresh = try #require(report.report(for: .freshInstall))
        #expect(fresh.steps(named: .webContent).first?.detail("url") == link + "?clip=true")
        let messages = fresh.steps(named: .webMessage).compactMap { $0.detail("message") }
        #expect(messages.count == 2)
        let store = try #require(messages.first.flatMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: String] })
        #expect(store == ["action": "store", "keyToStoreAs": "starterPackUri", "jsonToStore": link])
        #expect(messages.last == #"{"action":"present"}"#)
        #expect(fresh.steps(named: .handoffOffered).first?.detail("type") == "bluesky.starterPack", "the type Bluesky's routes name")
        #expect(fresh.steps(named: .overlay).first?.detail("presented") == "yes")
        #expect(fresh.destination == .handoff(typeName: "bluesky.starterPack", payload: .object(["starterPackUri": .string(link)])))
        #expect(fresh.destination?.origin == .clipHandoff)
        #expect(report.report(for: .appInstalled)?.destination == .link(
            route: "starterPack", url: link, parameters: ["handle": "alice.bsky.social", "rkey": "3kabc"]
        ))
        #expect(report.report(for: .clipEvicted)?.destination == .standardOnboarding)
        #expect(report.report(for: .returningUser)?.lastClaim == nil)
    }

    @Test func withoutARouteTypeThePageStoresAGenericHandoff() async throws {
        var manifest = try ExampleManifest.load("bluesky")
        for index in manifest.routes.indices { manifest.routes[index].handoffType = nil }
        manifest.handoff.types = []
        let folder = try TemporaryDirectory(prefix: "clipkit-simulation")
        let report = try await FlowSimulator(settings: SimulationSettings(manifest: manifest)).run(url: link, scenarios: [.freshInstall], container: folder.url)
        #expect(report.passed, "\(report.failureReason ?? "")")
        #expect(report.report(for: .freshInstall)?.destination
            == .handoff(typeName: WebBridgeHandoff.handoffTypeName, payload: .object(["key": .string("starterPackUri"), "value": .string(link)])))
    }

    @Test func theShortLinkKeepsItsQuery() async throws {
        let report = try await simulate([.freshInstall], url: "https://go.bsky.app/Ab12?ref=share")
        #expect(report.passed, "\(report.failureReason ?? "")")
        #expect(report.steps.first { $0.name == .webContent }?.detail("url") == "https://go.bsky.app/Ab12?ref=share&clip=true")
    }
}
