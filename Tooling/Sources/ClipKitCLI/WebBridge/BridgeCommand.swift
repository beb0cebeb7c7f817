import ArgumentParser

/// `clipkit bridge`: the message protocol between a clip's web content and the clip.
package struct BridgeCommand: AsyncParsableCommand {
    /// The command's name and subcommands.
    package static let configuration = CommandConfiguration(
        commandName: "bridge",
        abstract: "Check messages that a clip's web content posts to the clip.",
        subcommands: [BridgeDecodeCommand.self]
    )

    /// Creates the command.
    package init() {}
}
