import ArgumentParser
import ClipKit
@_spi(ClipKitTooling) import ClipKitGeneration
import ClipManifestReader
import Foundation

extension GenerateCommand {
    /// `clipkit generate swift --out DIR`: the Swift that the manifest plugin generates on every
    /// build (the typed route enum, the router over the compiled route table, the constants), for
    /// teams that commit generated code instead of adopting the plugin.
    package struct SwiftSource: AsyncParsableCommand {
        /// The command's name and summary.
        package static let configuration = CommandConfiguration(
            commandName: "swift",
            abstract: "Write the Swift the manifest plugin generates: a typed route enum, a compiled router, the manifest's constants."
        )

        @OptionGroup var manifestOption: ManifestOption

        /// The folder to write into.
        @Option(name: .long, help: "The folder to write \(GeneratedFile.defaultName) into (created if missing).")
        package var out: String

        /// The plugin configuration to apply, if any.
        @Option(name: .customLong("configuration"), help: "A \(GenerationConfiguration.fileName): the access level and the app's own parameter kinds.")
        package var pluginConfiguration: String?

        @OptionGroup var output: OutputOptions

        /// Creates the command.
        package init() {}

        /// Checks the manifest as the plugin does, writes the file and prints its path.
        package func run() async throws {
            var settings = GenerationConfiguration()
            let compilation: ManifestCompilation
            do {
                if let pluginConfiguration {
                    settings = try GenerationConfiguration.load(contentsOf: URL(fileURLWithPath: pluginConfiguration))
                }
                compilation = try ManifestCompiler(configuration: settings).compilation(ofManifestAt: URL(fileURLWithPath: manifestOption.manifest))
            } catch let error as GenerationFailure {
                throw CommandFailure.badInput(Self.summary(of: error))
            }
            let name = GeneratedFile.defaultName
            let written: Bool
            do {
                written = try GeneratedFile.write(compilation.source, to: URL(fileURLWithPath: out).appendingPathComponent(name))
            } catch let error as GenerationFailure {
                throw CommandFailure.badInput(Self.summary(of: error))
            }
            let path = out.hasSuffix("/") ? out + name : out + "/" + name
            for warning in compilation.warnings {
                FileHandle.standardError.write(Data((warning.description + "\n").utf8))
            }
            let warnings = compilation.warnings.map(ManifestValidationReport.finding(warning:))
            Output.emit(GeneratedFilesReport(files: [path], written: written, warnings: warnings.isEmpty ? nil : warnings), json: output.json) { path }
        }

        /// The first error as the compiler writes it, with how many more there are.
        static func summary(of failure: GenerationFailure) -> String {
            let errors = failure.diagnostics.filter { $0.severity == .error }
            guard let first = errors.first else { return failure.description }
            return first.description + (errors.count > 1 ? " (and \(errors.count - 1) more)" : "")
        }
    }
}
