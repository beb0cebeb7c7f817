import ArgumentParser
import ClipKit
@_spi(ClipKitTooling) import ClipNotifications
import Foundation

/// `clipkit notify badge`: read, reset (and, hidden, increment) the shared badge count.
package struct NotifyBadgeCommand: AsyncParsableCommand {
    /// The command's name and subcommands.
    package static let configuration = CommandConfiguration(
        commandName: "badge",
        abstract: "Read or reset the badge count shared by an app and its extensions.",
        subcommands: [Get.self, Reset.self, NotifyBadgeIncrementCommand.self]
    )

    /// Creates the command.
    package init() {}

    /// `clipkit notify badge get`.
    package struct Get: AsyncParsableCommand {
        /// The command's name and summary.
        package static let configuration = CommandConfiguration(commandName: "get", abstract: "Print the badge count.")

        /// The App Group container folder.
        @Option(name: .long, help: "The App Group container folder.")
        package var container: String

        @OptionGroup var output: OutputOptions

        /// Creates the command.
        package init() {}

        /// Reads and prints the count.
        package func run() async throws {
            let (snapshot, counter, diagnostics) = try NotificationContainer.withBadgeCounter(in: container) { try $0.snapshot() }
            let result = BadgeReport(snapshot, file: counter.file.path, diagnostics: diagnostics)
            Output.emit(result, json: output.json) {
                (["badge: \(snapshot.value)"] + diagnostics.map { "diagnostic: \($0)" }).joined(separator: "\n")
            }
        }
    }

    /// `clipkit notify badge reset`.
    package struct Reset: AsyncParsableCommand {
        /// The command's name and summary.
        package static let configuration = CommandConfiguration(commandName: "reset", abstract: "Set the badge count to zero.")

        /// The App Group container folder.
        @Option(name: .long, help: "The App Group container folder.")
        package var container: String

        @OptionGroup var output: OutputOptions

        /// Creates the command.
        package init() {}

        /// Resets the count and prints the value it had.
        package func run() async throws {
            let (update, _, diagnostics) = try NotificationContainer.withBadgeCounter(in: container) { try $0.reset() }
            let result = BadgeReport(reset: update, diagnostics: diagnostics)
            Output.emit(result, json: output.json) {
                (["badge: 0 (was \(update.previousValue))"] + diagnostics.map { "diagnostic: \($0)" }).joined(separator: "\n")
            }
        }
    }
}
