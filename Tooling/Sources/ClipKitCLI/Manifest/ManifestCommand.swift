import ArgumentParser
import ClipKit
import ClipManifestReader
import ClipReports
import Foundation

/// `clipkit manifest`: work with `clipkit.json`.
public struct ManifestCommand: AsyncParsableCommand {
    /// The command's name and subcommands.
    public static let configuration = CommandConfiguration(
        commandName: "manifest",
        abstract: "Check the manifest, clipkit.json.",
        subcommands: [Validate.self]
    )

    /// Creates the command.
    public init() {}

    /// `clipkit manifest validate`: check every field and print each problem with its JSON path.
    public struct Validate: AsyncParsableCommand {
        /// The command's name and summary.
        public static let configuration = CommandConfiguration(
            commandName: "validate",
            abstract: "Check a manifest and list every problem with its JSON path."
        )

        @OptionGroup var manifestOption: ManifestOption
        @OptionGroup var output: OutputOptions

        /// Creates the command.
        public init() {}

        /// Runs the check.
        public func run() async throws {
            let path = manifestOption.manifest
            var failure: ManifestError?
            do {
                _ = try ManifestLoader(parameterKinds: CommandEnvironment.parameterKinds).load(contentsOf: URL(fileURLWithPath: path))
            } catch {
                if case .unreadable(_, let reason) = error { throw CommandFailure.badInput("\(path): \(reason)") }
                failure = error
            }
            let report = ManifestValidationReport(file: path, error: failure)
            let issues = report.errors
            Output.emit(report, json: output.json) {
                issues.isEmpty
                    ? "\(path): valid"
                    : issues.map { "\(path): \($0.path ?? "$"): \($0.message)" }.joined(separator: "\n")
            }
            if !issues.isEmpty {
                throw CommandFailure.negative("\(path): \(issues.count) problem\(issues.count == 1 ? "" : "s") found")
            }
        }
    }
}
