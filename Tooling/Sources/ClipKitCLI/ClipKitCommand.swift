import ArgumentParser

/// The `clipkit` root command.
package struct ClipKitCommand: AsyncParsableCommand {
    /// The command's name, summary and subcommands.
    package static let configuration = CommandConfiguration(
        commandName: "clipkit",
        abstract: "Privacy-first deferred deep links for iOS App Clips.",
        discussion: "Every command takes --json and then prints exactly one JSON object. Exit codes: 0 success, 1 a negative answer, 2 bad usage or unreadable input.",
        version: ClipKitVersion.description,
        subcommands: [
            ManifestCommand.self,
            RouteCommand.self,
            NIP19Command.self,
            EventCommand.self,
            HandoffCommand.self,
            BridgeCommand.self,
            NotifyCommand.self,
            AASACommand.self,
            DoctorCommand.self,
            SizeCommand.self,
            GenerateCommand.self,
            ProfileCommand.self,
            LinkCommand.self,
            SimulateCommand.self,
            DemoCommand.self,
            SiteCommand.self,
            ServeCommand.self,
            ExperiencesCommand.self,
            CodesCommand.self,
            DevCommand.self,
        ]
    )

    /// Creates the command.
    package init() {}
}
