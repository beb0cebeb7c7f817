import ArgumentParser
@_spi(ClipKitTooling) import ClipKit

/// `clipkit handoff peek --container DIR`: show the waiting handoff without claiming it.
package struct HandoffPeekCommand: AsyncParsableCommand {
    /// The command's name and summary.
    package static let configuration = CommandConfiguration(
        commandName: "peek",
        abstract: "Show the waiting handoff without claiming it (an unusable entry is removed; exit 1 when there is none)."
    )

    @OptionGroup var containerOption: HandoffContainerOption
    @OptionGroup var output: OutputOptions

    /// Creates the command.
    package init() {}

    /// Reads the entry and prints it.
    package func run() async throws {
        try HandoffReading<HandoffPeek>(containerOption: containerOption, json: output.json).run { store in
            store.peekEnvelope()
        }
    }
}
