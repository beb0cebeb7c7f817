import ArgumentParser

/// `clipkit notify`: try a notification service extension's policy and badge counter from a terminal.
package struct NotifyCommand: AsyncParsableCommand {
    /// The command's name and subcommands.
    package static let configuration = CommandConfiguration(
        commandName: "notify",
        abstract: "Run notification payloads through the extension's policy and work with the shared badge count.",
        subcommands: [NotifyProcessCommand.self, NotifyBadgeCommand.self]
    )

    /// Creates the command.
    package init() {}
}
