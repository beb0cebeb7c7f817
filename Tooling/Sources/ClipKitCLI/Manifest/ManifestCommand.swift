import ArgumentParser
import ClipKit
@_spi(ClipKitTooling) import ClipKitGeneration
import ClipManifestReader
import ClipReports
import Foundation

/// `clipkit manifest`: work with `clipkit.json`.
package struct ManifestCommand: AsyncParsableCommand {
    /// The command's name and subcommands.
    package static let configuration = CommandConfiguration(
        commandName: "manifest",
        abstract: "Check the manifest, clipkit.json.",
        subcommands: [Validate.self]
    )

    /// Creates the command.
    package init() {}

    /// `clipkit manifest validate`: check every field and print each problem with its JSON path.
    package struct Validate: AsyncParsableCommand {
        /// The command's name and summary.
        package static let configuration = CommandConfiguration(
            commandName: "validate",
            abstract: "Check a manifest and list every problem with its JSON path."
        )

        @OptionGroup var manifestOption: ManifestOption
        @OptionGroup var output: OutputOptions

        /// Creates the command.
        package init() {}

        /// Runs the check.
        package func run() async throws {
            let path = manifestOption.manifest
            var failure: ManifestError?
            do {
                _ = try ManifestLoader(parameterKinds: CommandEnvironment.parameterKinds).load(contentsOf: URL(fileURLWithPath: path))
            } catch let error as ManifestError {
                if case .unreadable(_, let reason) = error { throw CommandFailure.badInput("\(path): \(reason)") }
                failure = error
            }
            let (lines, compilerWarnings) = try Self.linesAndWarnings(ofManifestAt: path)
            // The manifest's own warnings (a route that can match the AASA file's path), then what
            // the plugin would leave out of the generated Swift: those stand at `$.handoff`.
            let payloadWarnings = compilerWarnings.filter { ($0.path ?? "").hasPrefix("$.handoff") }
            let manifestWarnings = compilerWarnings.filter { !($0.path ?? "").hasPrefix("$.handoff") }
            var report = ManifestValidationReport(
                file: path, error: failure,
                warnings: failure == nil ? manifestWarnings.map { ManifestIssue(path: $0.path ?? "$", message: $0.message) } : [],
                lines: lines
            )
            if failure == nil { report.warnings += payloadWarnings.map(ManifestValidationReport.finding(warning:)) }
            let issues = report.errors
            let warnings = report.warnings
            Output.emit(report, json: output.json) {
                let problems = issues.isEmpty
                    ? ["\(path): valid"]
                    : issues.map { "\(path): \($0.path ?? "$"): \($0.message)" }
                let cautions = warnings.map { "\(path): warning: \($0.path ?? "$"): \($0.message)" }
                return (problems + cautions).joined(separator: "\n")
            }
            if !issues.isEmpty {
                throw CommandFailure.negative("\(path): \(issues.count) problem\(issues.count == 1 ? "" : "s") found")
            }
        }

        /// The line of each JSON path the manifest plugin's checks report, as the build shows them,
        /// and the warnings the build shows (those of a manifest that loads): the manifest's own,
        /// and each handoff type the plugin would leave without a Swift type.
        static func linesAndWarnings(ofManifestAt path: String) throws -> (lines: [String: Int], warnings: [ManifestDiagnostic]) {
            var lines: [String: Int] = [:]
            var warnings: [ManifestDiagnostic] = []
            var diagnostics: [ManifestDiagnostic] = []
            let manifest = URL(fileURLWithPath: path)
            let configurationFile = manifest.deletingLastPathComponent().appendingPathComponent(GenerationConfiguration.fileName)
            do {
                // The plugin's configuration beside the manifest, when there is one, as the plugin reads it.
                var configuration = GenerationConfiguration()
                if FileManager.default.fileExists(atPath: configurationFile.path) {
                    configuration = try GenerationConfiguration.load(contentsOf: configurationFile)
                }
                warnings = try ManifestCompiler(configuration: configuration).compilation(ofManifestAt: manifest).warnings
            } catch let error as GenerationFailure {
                diagnostics = error.diagnostics
            }
            for diagnostic in diagnostics + warnings {
                if let path = diagnostic.path, let line = diagnostic.line, lines[path] == nil { lines[path] = line }
            }
            return (lines, warnings)
        }
    }
}
