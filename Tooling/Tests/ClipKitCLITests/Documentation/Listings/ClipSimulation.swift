import ClipKit
import ClipSimulation
import Foundation

/// Plays a tap on `link` through the four scenarios, headless, as `clipkit simulate` does.
@MainActor
func simulate(_ link: String, manifest: ClipManifest, container: URL) async throws -> SimulationReport {
    let simulator = try FlowSimulator(settings: SimulationSettings(manifest: manifest))
    let report = try await simulator.run(url: link, scenarios: SimulationScenario.allCases, container: container) { step in
        print(step)                                                          // link-decision: …, clip-launch: …, claim: …
    }
    return report                                                            // report.passed, report.failureReason
}
