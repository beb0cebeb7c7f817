import ArgumentParser

/// `clipkit bridge`: the message protocol between a clip's web content and the clip.
public struct BridgeCommand: AsyncParsableCommand {
    /// The command's name and subcommands.
    public static let configuration = CommandConfiguration(
        commandName: "bridge",
        abstract: "Check messages that a clip's web content posts to the clip.",
        subcommands: [BridgeDecodeCommand.self]
    )

    /// Creates the command.
    public init() {}
}
