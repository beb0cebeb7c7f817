import ArgumentParser

/// `clipkit aasa`: generate, validate and query apple-app-site-association files.
package struct AASACommand: AsyncParsableCommand {
    /// The command's name and subcommands.
    package static let configuration = CommandConfiguration(
        commandName: "aasa",
        abstract: "Generate, validate and query apple-app-site-association (AASA) files.",
        subcommands: [AASAGenerateCommand.self, AASAValidateCommand.self, AASAMatchCommand.self]
    )

    /// Creates the command.
    package init() {}
}
