import ArgumentParser
import ClipAASA
import ClipKit
import ClipSite
import Foundation

/// `clipkit aasa generate`: print the AASA file for a domain of the manifest.
package struct AASAGenerateCommand: AsyncParsableCommand {
    /// The command's name and summary.
    package static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Print the AASA file for the manifest's domain.",
        discussion: "Routes handled by the app and by the clip both go to the full app's applinks (the app receives every invocation once installed); the clip goes to appclips. With --json the document is printed on one line, as the report's document."
    )

    /// The domain to generate for; required when the manifest has several.
    @Option(name: .long, help: "The domain the file is for (required when the manifest has several domains).")
    package var domain: String?

    @OptionGroup var manifestOption: ManifestOption
    @OptionGroup var output: OutputOptions

    /// Creates the command.
    package init() {}

    /// Generates and prints the document.
    package func run() async throws {
        let manifest = try manifestOption.load()
        let document: AASADocument
        do {
            document = try AASAGenerator(manifest: manifest).document(forDomain: domain)
        } catch {
            throw CommandFailure.badInput("\(manifestOption.manifest): \(error.description)")
        }
        if output.json {
            Output.emit(AASAGenerateReport(document), json: true) { "" }
        } else {
            Output.writeStandardOutput(String(decoding: document.encoded(), as: UTF8.self))
        }
    }
}
