import ArgumentParser
import ClipDoctor
@_spi(ClipKitTooling) import ClipKit
import Foundation

/// `clipkit generate`: write files that the manifest implies.
package struct GenerateCommand: AsyncParsableCommand {
    /// The command's name and subcommands.
    package static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write files that the manifest implies.",
        subcommands: [Entitlements.self, SwiftSource.self]
    )

    /// Creates the command.
    package init() {}

    /// `clipkit generate entitlements --out DIR`: the app's and the clip's `.entitlements` and the
    /// clip's `NSAppClip` Info.plist fragment.
    package struct Entitlements: AsyncParsableCommand {
        /// The command's name and summary.
        package static let configuration = CommandConfiguration(
            commandName: "entitlements",
            abstract: "Write App.entitlements, AppClip.entitlements and the clip's NSAppClip Info.plist fragment."
        )

        @OptionGroup var manifestOption: ManifestOption

        /// The folder to write into.
        @Option(name: .long, help: "The folder to write the files into (created if missing).")
        package var out: String

        @OptionGroup var output: OutputOptions

        /// Creates the command.
        package init() {}

        /// Writes the files and prints their paths.
        package func run() async throws {
            let manifest = try manifestOption.load()
            let written: [URL]
            do {
                written = try EntitlementsGenerator(manifest: manifest).write(to: URL(fileURLWithPath: out))
            } catch {
                throw CommandFailure.badInput("\(out): cannot write the files: \(FileErrorReason.describe(error, at: out, isFolder: true))")
            }
            let paths = written.map { out.hasSuffix("/") ? out + $0.lastPathComponent : out + "/" + $0.lastPathComponent }
            Output.emit(GeneratedFilesReport(files: paths, written: nil), json: output.json) {
                paths.joined(separator: "\n")
            }
        }
    }
}
