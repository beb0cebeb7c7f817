import ArgumentParser

/// `clipkit site`: the link domain as static files.
public struct SiteCommand: AsyncParsableCommand {
    /// The command's name, summary and subcommands.
    public static let configuration = CommandConfiguration(
        commandName: "site",
        abstract: "Build the link domain's static site.",
        subcommands: [SiteBuildCommand.self]
    )

    /// Creates the command.
    public init() {}
}
