import ArgumentParser
@_spi(ClipKitTooling) import ClipKit

/// `clipkit handoff claim --container DIR`: take the waiting handoff, exactly once.
package struct HandoffClaimCommand: AsyncParsableCommand {
    /// The command's name and summary.
    package static let configuration = CommandConfiguration(
        commandName: "claim",
        abstract: "Claim the waiting handoff and remove it (exit 1 with a reason when there is none)."
    )

    @OptionGroup var containerOption: HandoffContainerOption
    @OptionGroup var output: OutputOptions

    /// Creates the command.
    package init() {}

    /// Claims the entry and prints it.
    package func run() async throws {
        try HandoffReading<HandoffClaim>(containerOption: containerOption, json: output.json).run { store in
            store.claimEnvelope()
        }
    }
}
