import ArgumentParser
import ClipKit
import ClipReports
import Foundation

/// Runs the `clipkit` command line and returns the process exit code.
///
/// Exit codes: 0 success; 1 a negative answer; 2 bad usage or unreadable input, with one line on
/// standard error that says what was wrong and where (and, with `--json`, an ``ErrorReport`` on
/// standard output: `{"schemaVersion": 1, "error": {"code", "message"}}`).
package enum ClipKitMain {
    /// Parses `arguments` (without the program name), runs the command and returns its exit code.
    package static func run(_ arguments: [String]) async -> Int32 {
        let wantsJSON = arguments.contains("--json") || Self.asksForJSONFormat(arguments)
        do {
            var command = try ClipKitCommand.parseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            return 0
        } catch let failure as CommandFailure {
            Output.writeStandardError("clipkit: \(failure.message)")
            if wantsJSON, !failure.printedResult {
                Output.emit(ErrorReport(code: failure.code, message: failure.message), json: true) { "" }
            }
            return failure.exitCode
        } catch {
            let code = ClipKitCommand.exitCode(for: error)
            if code == .success {
                // --help and --version print to standard output and succeed.
                Output.writeStandardOutput(ClipKitCommand.fullMessage(for: error) + "\n")
                return 0
            }
            if let exit = error as? ExitCode { return exit.rawValue }
            let message = ClipKitCommand.message(for: error)
                .split(separator: "\n").first.map(String.init) ?? "invalid usage"
            Output.writeStandardError("clipkit: \(message) (see 'clipkit --help')")
            if wantsJSON { Output.emit(ErrorReport(code: "usage", message: message), json: true) { "" } }
            return 2
        }
    }

    /// Whether the arguments ask for `--format json` (doctor's spelling of `--json`).
    static func asksForJSONFormat(_ arguments: [String]) -> Bool {
        arguments.contains("--format=json") || zip(arguments, arguments.dropFirst()).contains { $0 == "--format" && $1 == "json" }
    }
}
