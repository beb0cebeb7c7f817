import ArgumentParser
import ClipKit
import ClipSimulation
import Foundation

/// `clipkit demo`: the RoadFlare example end to end — local relay, link domain, simulated flow.
package struct DemoCommand: AsyncParsableCommand {
    /// The command's name and summary.
    package static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Start a local relay with a sample driver, serve the example link domain, and simulate the share link.",
        discussion: "Run from the package root (scripts/demo does). Leaves the server and relay up until Ctrl-C unless --no-wait."
    )

    /// The server's port.
    @Option(name: .long, parsing: .unconditional, help: "The link-domain server's port, 0 to 65535 (0 picks a free one).")
    package var port: Int = 8080

    /// The relay's port.
    @Option(name: .long, parsing: .unconditional, help: "The local relay's port, 0 to 65535 (0 picks a free one).")
    package var relayPort: Int = 7447

    /// Exit after printing.
    @Flag(name: .long, help: "Exit after printing instead of serving until Ctrl-C.")
    package var noWait = false

    @OptionGroup var output: OutputOptions

    /// Creates the command.
    package init() {}

    /// Runs the demo.
    package func run() async throws {
        guard (0...65_535).contains(port), (0...65_535).contains(relayPort) else {
            throw CommandFailure.badInput("--port \(port) / --relay-port \(relayPort): each takes a TCP port, 0 to 65535 (0 picks a free one)")
        }
        try await Self.demo(DemoSession.Options(port: port, relayPort: relayPort, stopsOnSignals: !noWait), wait: !noWait, json: output.json)
    }

    @MainActor
    private static func demo(_ options: DemoSession.Options, wait: Bool, json: Bool) async throws {
        let session: DemoSession
        do throws(DemoError) {
            session = try await DemoSession.start(options) { step in
                if !json { Output.writeStandardOutput(step.text + "\n") }
            }
        } catch {
            throw CommandFailure.badInput(error.description)
        }
        let passed = session.report.scenarios.filter(\.passed).count
        Output.emit(DemoReport(session), json: json) {
            """

            \(passed) of \(session.report.scenarios.count) scenarios passed for \(session.shareLink)
            relay:       \(session.relay.url) (sample driver published)
            share page:  \(session.sharePageURL)
            AASA:        \(session.associationFileURL)
            \(wait ? "Serving until Ctrl-C." : "")
            """
        }
        if wait { await session.waitUntilStopped() } else { await session.stop() }
        if let reason = session.report.failureReason { throw CommandFailure.negative(reason) }
    }
}
