import ArgumentParser
import ClipKit
import ClipSimulation
import Foundation

/// `clipkit simulate URL`: run a clip's whole flow headless and print each step.
package struct SimulateCommand: AsyncParsableCommand {
    /// The command's name and summary.
    package static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Run a link's whole flow headless: tap, AASA decision, clip, preview, handoff, overlay, install, claim, onboarding.",
        discussion: """
            Scenarios (the manual test plan): fresh-install (no app: the clip opens and hands off, the \
            installed app claims it), app-installed (the AASA sends the link to the app), clip-evicted \
            (the clip's data is gone before the install), returning-user (fresh-install, then a second \
            tap); all runs those four. older-clip, run when named: a payload an older clip wrote, every \
            capture a JSON string, is claimed and, when the app's type cannot take it, given back with \
            the reason. A folder stands in for the App Group container (a temporary one by default; with \
            several scenarios each gets a subfolder). Exits 1 when a scenario's expectation fails.
            """
    )

    /// The tapped link.
    @Argument(help: "The link a person taps, such as https://roadflare.app/share/d/npub1….")
    package var url: String

    /// The App Group stand-in.
    @Option(name: .long, help: "A folder standing in for the App Group container (default: a temporary folder).")
    package var container: String?

    /// Relays that replace the manifest's.
    @Option(name: .customLong("relay"), help: "A relay the clip asks instead of the manifest's nostr.relays; repeat for more.")
    package var relays: [String] = []

    /// Which scenarios to run.
    @Option(name: .long, help: "fresh-install, app-installed, clip-evicted, returning-user or all.")
    package var scenario: String = SimulationScenario.allSelection

    /// The clip's wait for relays.
    @Option(name: .long, parsing: .unconditional, help: "Seconds the clip waits for relays, more than 0 and at most 300 (default 8).")
    package var timeout: Double = 8

    @OptionGroup var manifestOption: ManifestOption
    @OptionGroup var signatureBackend: SignatureBackendOption
    @OptionGroup var output: OutputOptions

    /// Creates the command.
    package init() {}

    /// Runs the scenarios and prints their steps; exits 1 when one fails its expectation.
    package func run() async throws {
        guard let scenarios = SimulationScenario.selection(named: scenario) else {
            throw CommandFailure.badInput("--scenario '\(scenario.truncatedForMessage)': give fresh-install, app-installed, clip-evicted, returning-user, older-clip or all")
        }
        guard timeout > 0, timeout <= 300 else {
            throw CommandFailure.badInput("--timeout \(timeout.formatted()): give the seconds the clip waits for relays, more than 0 and at most 300, such as --timeout 8")
        }
        let manifest = try manifestOption.load()
        let folder = try SimulationFolder(path: container)
        defer { folder.removeIfTemporary() }
        let json = output.json
        let settings = SimulationSettings(
            manifest: manifest, relays: relays.isEmpty ? nil : relays, timeoutSeconds: timeout,
            signatureVerifier: try signatureBackend.makeVerifier()
        )
        let report = try await Self.simulate(url, scenarios, settings: settings, container: folder.url, json: json)
        let passedCount = report.scenarios.filter(\.passed).count
        Output.emit(report, json: json) {
            "\(passedCount) of \(report.scenarios.count) scenario(s) passed" + (report.failureReason.map { "; \($0)" } ?? "")
        }
        if let reason = report.failureReason { throw CommandFailure.negative(reason) }
    }

    @MainActor
    private static func simulate(
        _ url: String, _ scenarios: [SimulationScenario], settings: SimulationSettings, container: URL, json: Bool
    ) async throws -> SimulationReport {
        let simulator: FlowSimulator
        do throws(SimulationError) {
            simulator = try FlowSimulator(settings: settings)
        } catch {
            throw CommandFailure.badInput(error.description)
        }
        do throws(SimulationError) {
            return try await simulator.run(url: url, scenarios: scenarios, container: container) { step in
                if !json { Output.writeStandardOutput(step.text + "\n") }
            }
        } catch {
            throw CommandFailure.badInput(error.description)
        }
    }
}
