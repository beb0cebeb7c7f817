import ArgumentParser
import ClipKit
@_spi(ClipKitTooling) import ClipNotifications
import Foundation

/// `clipkit notify process PAYLOAD`: what the extension would deliver for a payload.
package struct NotifyProcessCommand: AsyncParsableCommand {
    /// The command's name and summary.
    package static let configuration = CommandConfiguration(
        commandName: "process",
        abstract: "Run a notification payload (userInfo JSON) through a notification policy and the shared badge count.",
        discussion: "Prints the sound, the badge, which content is delivered, the communication data and every malformed field. Exits 1 when the payload is rejected as a whole (the original content would be delivered). The policy is a preset: standard (every notification adds one to the badge) unless --policy names another, such as bluesky."
    )

    /// The payload file, or `-` for standard input.
    @Argument(help: "The payload: a JSON file with the notification's userInfo, or - for standard input.")
    package var payload: String

    /// The App Group container folder holding the badge counter (and, by default, the preferences).
    @Option(name: .long, help: "The App Group container folder (holds the badge count and the preferences).")
    package var container: String

    /// The preset policy the extension applies: `standard` unless named.
    @Option(name: .long, help: ArgumentHelp("The notification policy preset: \(ReasonPolicy.presets.keys.sorted().joined(separator: ", ")) (default: standard).", valueName: "NAME"))
    package var policy: String = "standard"

    /// A preferences file to use instead of the one in the container.
    @Option(name: .long, help: "A JSON preferences file, such as {\"playSoundChat\": true}; default: the container's.")
    package var prefs: String?

    @OptionGroup var output: OutputOptions

    /// Creates the command.
    package init() {}

    /// Processes the payload and prints the result.
    package func run() async throws {
        guard let reasonPolicy = ReasonPolicy.preset(named: policy) else {
            throw CommandFailure.badInput("--policy \(policy): no such preset; choose one of \(ReasonPolicy.presets.keys.sorted().joined(separator: ", "))")
        }
        let limits = PayloadLimits.standard
        // An oversized payload is a negative answer (the extension delivers the original), not bad input.
        let contents = try CommandInput.contents(payload, limit: limits.maximumBytes, what: "the payload")
        let diagnostics = DiagnosticCollector()
        let counter = try NotificationContainer.badgeCounter(in: container, collector: diagnostics)
        let preferences: any NotificationPreferencesSource
        if let prefs {
            let store = ContainerPreferencesStore(file: URL(fileURLWithPath: prefs))
            guard FileManager.default.fileExists(atPath: prefs) else {
                throw CommandFailure.badInput("--prefs \(prefs): no such file")
            }
            do {
                preferences = FixedNotificationPreferences(try store.loadPreferences())
            } catch {
                throw CommandFailure.badInput("\(error)")
            }
        } else {
            preferences = ContainerPreferencesStore(containerDirectory: URL(fileURLWithPath: container, isDirectory: true))
        }
        let processor = NotificationProcessor(policy: reasonPolicy, preferences: preferences, badgeCounter: counter, limits: limits)
        let data: Data
        switch contents {
        case .bytes(let bytes):
            data = bytes
        case .tooLarge(let bytes?):
            try reject(PayloadRejection.tooLarge(bytes: Int(clamping: bytes), limit: limits.maximumBytes).description)
        case .tooLarge(nil):
            try reject("payload is more than the \(limits.maximumBytes)-byte limit; Apple's push service sends at most 4096 bytes, so check what produced it")
        }
        let processed: ProcessedNotification
        do {
            processed = try processor.process(data)
        } catch {
            try reject(error.description)
        }
        let result = NotifyProcessReport(processed, policy: policy, diagnostics: diagnostics.descriptions)
        let delivered = result.delivered
        Output.emit(result, json: output.json) {
            var lines = [
                "delivered: \(delivered)",
                "reason: \(processed.decision.reason ?? "(none)")",
                "sound: \(processed.content.sound?.description ?? "(none)")",
                "badge: \(processed.content.badge.map(String.init) ?? "(unchanged)")",
            ]
            if let communication = processed.content.communication {
                lines.append("communication: \(communication.senderName) in \(communication.conversationIdentifier)")
                lines.append("  avatar: \(communication.avatarURL?.absoluteString ?? "(none)")")
            }
            lines += processed.issues.map { "issue: \($0)" }
            lines += processed.problems.map { "problem: \($0)" }
            lines += diagnostics.descriptions.map { "diagnostic: \($0)" }
            return lines.joined(separator: "\n")
        }
    }

    /// Prints the negative answer for a payload the extension would deliver unchanged, and ends with exit 1.
    private func reject(_ reason: String) throws -> Never {
        let result = NotifyProcessReport(rejectedBecause: reason)
        Output.emit(result, json: output.json) { "delivered: original (\(reason))" }
        throw CommandFailure.negative("\(payloadName): \(reason)")
    }

    private var payloadName: String { payload == "-" ? "standard input" : payload }
}
