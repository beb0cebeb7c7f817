import ArgumentParser
import ClipKit
@_spi(ClipKitTooling) import ClipNotifications
import Foundation

/// `clipkit notify badge increment` (hidden): increments in a loop, for the cross-process tests.
///
/// With `--acknowledge` it writes `ack SEQUENCE VALUE` on standard output as each increment
/// completes, one `write` per line, so a test that kills the process knows which increments were
/// acknowledged. With `--naive` it skips the file lock, to show the updates such a counter loses.
struct NotifyBadgeIncrementCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "increment",
        abstract: "Increment the badge count COUNT times (for tests and benchmarks).",
        shouldDisplay: false
    )

    @Option(name: .long, help: "The App Group container folder.")
    var container: String

    @Option(name: .long, parsing: .unconditional, help: "How many increments, one at a time.")
    var count: Int = 1

    @Flag(name: .long, help: "Read-modify-write without the file lock (loses updates; for comparison only).")
    var naive = false

    @Flag(name: .long, help: "Print 'ack SEQUENCE VALUE' after each increment.")
    var acknowledge = false

    @Option(name: .long, help: "Print 'ready', then wait until this file exists before starting.")
    var startSignal: String?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard count >= 0 else { throw ValidationError("--count must be 0 or more, not \(count)") }
    }

    func run() async throws {
        let directory = try NotificationContainer.directory(container)
        let diagnostics = DiagnosticCollector()
        let counter: BadgeCounter
        do {
            counter = try BadgeCounter(
                file: directory.appendingPathComponent(BadgeCounter.defaultFileName),
                coordination: naive ? .unlockedReadModifyWrite : .advisoryLock
            ) { diagnostics.append($0) }
        } catch {
            throw CommandFailure.badInput(error.description)
        }
        if let startSignal {
            Output.writeStandardOutput("ready\n")
            while !FileManager.default.fileExists(atPath: startSignal) {
                usleep(200)
            }
        }
        let started = Date()
        var last: BadgeUpdate?
        do {
            for _ in 0..<count {
                let update = try counter.increment()
                if acknowledge { Output.writeStandardOutput("ack \(update.sequence) \(update.value)\n") }
                last = update
            }
        } catch {
            throw CommandFailure.badInput("\(error)")
        }
        let seconds = Date().timeIntervalSince(started)
        let result = BadgeIncrementReport(
            badge: last?.value, increments: count, mode: naive ? "naive" : "locked", startedAt: started.timeIntervalSince1970,
            seconds: seconds, diagnostics: diagnostics.descriptions
        )
        Output.emit(result, json: output.json) {
            "badge: \(last.map { String($0.value) } ?? "unchanged") after \(count) increments in \(String(format: "%.3f", seconds)) s"
        }
    }
}
