import ArgumentParser
import ClipKit
import ClipNostr
import Foundation

/// `clipkit event`: work with Nostr events.
package struct EventCommand: AsyncParsableCommand {
    /// The command's name, summary and subcommands.
    package static let configuration = CommandConfiguration(
        commandName: "event",
        abstract: "Check Nostr events.",
        subcommands: [EventVerifyCommand.self]
    )

    /// Creates the command.
    package init() {}
}

/// `clipkit event verify FILE|-`: whether an event's id and signature are genuine.
package struct EventVerifyCommand: AsyncParsableCommand {
    /// The command's name and summary.
    package static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check a NIP-01 event's shape, id and BIP-340 signature.",
        discussion: "Exit 0 when the event is genuine, 1 when it is not (the reason is printed), 2 when the file cannot be read or is not JSON."
    )

    /// The file, or `-` for standard input.
    @Argument(help: "A file holding one event as JSON, or - for standard input.")
    package var file: String

    @OptionGroup var signatureBackend: SignatureBackendOption
    @OptionGroup var output: OutputOptions

    /// Creates the command.
    package init() {}

    /// The largest input read.
    static let maximumInputBytes = EventLimits.standard.maximumJSONBytes

    /// Reads, decodes and verifies the event.
    package func run() async throws {
        let verifier = EventVerifier(signatureVerifier: try signatureBackend.makeVerifier())
        let data = try CommandInput.read(file, limit: Self.maximumInputBytes, what: "the event")
        let event: NostrEvent
        do {
            event = try NostrEvent(jsonData: data)
        } catch let error as EventDecodingError {
            if case .invalidJSON = error {
                throw CommandFailure.badInput("\(displayName): \(error)")
            }
            if case .tooLarge = error {
                throw CommandFailure.badInput("\(displayName): \(error)")
            }
            report(EventVerificationReport(code: error.code, reason: "\(error)"))
            throw CommandFailure.negative("\(displayName): invalid event: \(error)")
        }
        switch verifier.verify(event) {
        case .success:
            report(EventVerificationReport(genuine: event))
        case .failure(let error):
            report(EventVerificationReport(event: event, failure: error))
            throw CommandFailure.negative("\(displayName): invalid event: \(error.description)")
        }
    }

    private var displayName: String { file == "-" ? "standard input" : file }

    private func report(_ result: EventVerificationReport) {
        Output.emit(result, json: output.json) {
            result.valid ? "valid: \(result.id ?? "")" : "invalid: \(result.reason ?? "")"
        }
    }
}
