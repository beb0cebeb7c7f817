import ArgumentParser

/// `clipkit site`: the link domain as static files.
package struct SiteCommand: AsyncParsableCommand {
    /// The command's name, summary and subcommands.
    package static let configuration = CommandConfiguration(
        commandName: "site",
        abstract: "Build the link domain's static site.",
        subcommands: [SiteBuildCommand.self]
    )

    /// Creates the command.
    package init() {}
}
