import ArgumentParser
import ClipKit
import ClipKitGeneration
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
            } catch {
                if case .unreadable(_, let reason) = error { throw CommandFailure.badInput("\(path): \(reason)") }
                failure = error
            }
            var report = ManifestValidationReport(file: path, error: failure, lines: failure == nil ? [:] : Self.lines(ofManifestAt: path))
            if failure == nil {
                let warnings = Self.generationWarnings(ofManifestAt: path).map(ManifestValidationReport.finding(warning:))
                report.warnings = warnings.isEmpty ? nil : warnings
            }
            let issues = report.errors
            let warnings = report.warnings ?? []
            Output.emit(report, json: output.json) {
                let warningLines = warnings.map { "\(path): warning: \($0.path ?? "$"): \($0.message)" }
                return issues.isEmpty
                    ? (["\(path): valid"] + warningLines).joined(separator: "\n")
                    : issues.map { "\(path): \($0.path ?? "$"): \($0.message)" }.joined(separator: "\n")
            }
            if !issues.isEmpty {
                throw CommandFailure.negative("\(path): \(issues.count) problem\(issues.count == 1 ? "" : "s") found")
            }
        }

        /// What the manifest plugin would warn about for the manifest at `path`, with the plugin
        /// configuration beside it (`clipkit-plugin.json`) when there is one, as the plugin reads it;
        /// empty when the plugin would stop at an error instead.
        static func generationWarnings(ofManifestAt path: String) -> [ManifestDiagnostic] {
            let manifest = URL(fileURLWithPath: path)
            let configurationFile = manifest.deletingLastPathComponent().appendingPathComponent(GenerationConfiguration.fileName)
            do throws(GenerationFailure) {
                var configuration = GenerationConfiguration()
                if FileManager.default.fileExists(atPath: configurationFile.path) {
                    configuration = try GenerationConfiguration.load(contentsOf: configurationFile)
                }
                return try ManifestCompiler(configuration: configuration).compilation(ofManifestAt: manifest).warnings
            } catch {
                return []
            }
        }

        /// The line of each JSON path the manifest plugin's checks report, as the build shows them.
        static func lines(ofManifestAt path: String) -> [String: Int] {
            var lines: [String: Int] = [:]
            do throws(GenerationFailure) {
                _ = try ManifestCompiler(configuration: GenerationConfiguration()).compile(manifestAt: URL(fileURLWithPath: path))
            } catch {
                for diagnostic in error.diagnostics {
                    if let path = diagnostic.path, let line = diagnostic.line, lines[path] == nil { lines[path] = line }
                }
            }
            return lines
        }
    }
}
