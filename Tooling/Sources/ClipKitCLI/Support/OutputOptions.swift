import ArgumentParser
import ClipKit
import ClipReports
import Foundation

/// The `--json` flag every command takes.
package struct OutputOptions: ParsableArguments, Sendable {
    /// Print exactly one JSON object on standard output instead of text for people.
    @Flag(name: .long, help: "Print exactly one JSON object on standard output.")
    package var json = false

    /// Creates the options with their defaults.
    package init() {}
}

/// Writes command results: one JSON object with `--json`, lines of text otherwise.
package enum Output {
    /// Prints `report` as one line of JSON when `json` is set, otherwise prints `text()`.
    package static func emit(_ report: some CommandReport, json: Bool, text: () -> String) {
        if json {
            writeStandardOutput(report.jsonLine + "\n")
        } else {
            let lines = text()
            if !lines.isEmpty { writeStandardOutput(lines.hasSuffix("\n") ? lines : lines + "\n") }
        }
    }

    /// Writes text to standard output unbuffered, so output interleaves correctly with standard error.
    package static func writeStandardOutput(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Writes one line to standard error.
    package static func writeStandardError(_ line: String) {
        FileHandle.standardError.write(Data((line.hasSuffix("\n") ? line : line + "\n").utf8))
    }
}
