import ArgumentParser
import ClipKit
import Foundation

/// Runs the `clipkit` command line and returns the process exit code.
///
/// Exit codes: 0 success; 1 a negative answer; 2 bad usage or unreadable input, with one line on
/// standard error that says what was wrong and where (and, with `--json`, an `error` object on
/// standard output).
public enum ClipKitMain {
    /// Parses `arguments` (without the program name), runs the command and returns its exit code.
    public static func run(_ arguments: [String]) async -> Int32 {
        let wantsJSON = arguments.contains("--json")
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
                Output.emit(.object(["error": .string(failure.message)]), json: true) { "" }
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
            if wantsJSON { Output.emit(.object(["error": .string(message)]), json: true) { "" } }
            return 2
        }
    }
}
