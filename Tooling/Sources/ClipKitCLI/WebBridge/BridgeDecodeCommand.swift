import ArgumentParser
@_spi(ClipKitTooling) import ClipKit
@_spi(ClipKitTooling) import ClipWebBridge
import Foundation

/// `clipkit bridge decode MESSAGE`: decode a web-bridge message as the clip would, or say why not.
package struct BridgeDecodeCommand: AsyncParsableCommand {
    /// The command's name and summary.
    package static let configuration = CommandConfiguration(
        commandName: "decode",
        abstract: "Decode a postMessage string from the clip's web content (exit 1 with the reason when it is rejected)."
    )

    /// The message, or `-` to read it from standard input.
    @Argument(help: ArgumentHelp("The message string, or - for standard input.", valueName: "MESSAGE"))
    package var message: String

    /// The route whose page posts the message; the manifest's first route with a web-content query when left out.
    @Option(name: .long, help: ArgumentHelp("The route whose page posts the message (default: the first route with a webContentQuery); a store goes under its handoff type.", valueName: "NAME"))
    package var route: String?

    @OptionGroup var manifestOption: ManifestOption
    @OptionGroup var output: OutputOptions

    /// Creates the command.
    package init() {}

    /// Decodes the message and prints the command or the rejection.
    package func run() async throws {
        let manifest = try manifestOption.load()
        let bridge = WebBridge(manifest: manifest)
        let typeName = try handoffType(in: manifest)
        let text = try messageText(limit: bridge.maximumMessageBytes)
        let command: WebBridgeCommand
        do {
            command = try bridge.decode(text)
        } catch let error as WebBridgeError {
            Output.emit(BridgeDecodeReport(refusedWithCode: error.code, reason: "\(error)"), json: output.json) {
                "rejected: \(error)"
            }
            throw CommandFailure.negative("rejected web message: \(error)")
        }
        let report = BridgeDecodeReport(command, handoffTypeName: typeName)
        let handoff = report.handoff
        Output.emit(report, json: output.json) {
            var lines = ["accepted: \(command.action)"]
            if case .store(let key, let value) = command { lines.append("  \(key) = \(value.text)") }
            if let handoff { lines.append("  hands off \(handoff.type)") }
            return lines.joined(separator: "\n")
        }
    }

    /// The handoff type of the route whose page posts the message, if it names one.
    private func handoffType(in manifest: ClipManifest) throws -> String? {
        if let route {
            guard let definition = manifest.routes.first(where: { $0.name == route }) else {
                throw CommandFailure.badInput("--route \(route): \(manifestOption.manifest) has no such route; it has \(manifest.routes.map(\.name).joined(separator: ", "))")
            }
            return definition.handoffType
        }
        return manifest.routes.first { $0.webContentQuery != nil }?.handoffType
    }

    private func messageText(limit: Int) throws -> String {
        guard message == "-" else { return message }
        let data = (try? FileHandle.standardInput.read(upToCount: limit + 1)) ?? Data()
        guard let text = String(data: data, encoding: .utf8) else {
            throw CommandFailure.badInput("standard input: the message is not UTF-8 text")
        }
        // A trailing newline from `echo` is not part of the message.
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }
}
