import ArgumentParser

/// `clipkit handoff`: offer, claim and inspect the one-shot clip-to-app handoff in a container folder.
package struct HandoffCommand: AsyncParsableCommand {
    /// The command's name and subcommands.
    package static let configuration = CommandConfiguration(
        commandName: "handoff",
        abstract: "Offer, claim or peek at the one-shot handoff in an App Group container folder.",
        subcommands: [HandoffOfferCommand.self, HandoffClaimCommand.self, HandoffPeekCommand.self]
    )

    /// Creates the command.
    package init() {}
}
