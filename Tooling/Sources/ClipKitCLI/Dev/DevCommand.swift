import ArgumentParser
@_spi(ClipKitTooling) import ClipKit
import Foundation

/// `clipkit dev` (hidden): tasks for ClipKit's own development.
struct DevCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dev",
        abstract: "Tasks for developing ClipKit itself.",
        shouldDisplay: false,
        subcommands: [DevSchemasCommand.self]
    )
}

/// `clipkit dev schemas --out DIR`: writes the JSON Schema of every `--json` report, generated
/// from the report types' descriptions (the checked-in copies are in `Tooling/Schemas/`).
struct DevSchemasCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schemas",
        abstract: "Write the JSON Schema of every --json report into a folder."
    )

    @Option(name: .long, help: "The folder to write the schemas into (created if missing).")
    var out: String

    func run() async throws {
        let folder = URL(fileURLWithPath: out, isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for file in ReportCatalog.schemaFiles() {
                try Data(file.text.utf8).write(to: folder.appendingPathComponent(file.name))
                Output.writeStandardOutput(file.name + "\n")
            }
        } catch {
            throw CommandFailure.badInput("\(out): cannot write the schemas: \(FileErrorReason.describe(error, at: out, isFolder: true))")
        }
    }
}
