import ArgumentParser
import ClipKit
import ClipSite
import Foundation

/// `clipkit experiences`: the advanced App Clip experiences the manifest implies, and App Store
/// Connect made to match them.
public struct ExperiencesCommand: AsyncParsableCommand {
    /// The command's name and subcommands.
    public static let configuration = CommandConfiguration(
        commandName: "experiences",
        abstract: "Plan the advanced App Clip experiences from the manifest and push them to App Store Connect.",
        subcommands: [ExperiencesPlanCommand.self, ExperiencesPushCommand.self]
    )

    /// Creates the command.
    public init() {}
}

/// `clipkit experiences plan`: print the experiences the manifest implies.
public struct ExperiencesPlanCommand: AsyncParsableCommand {
    /// The command's name and summary.
    public static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Print the advanced App Clip experiences the manifest implies: one per clip route's invocation URL prefix, one per place."
    )

    @OptionGroup var manifestOption: ManifestOption
    @OptionGroup var output: OutputOptions

    /// Creates the command.
    public init() {}

    /// Derives and prints the plan.
    public func run() async throws {
        let plan = AppClipExperiencePlan(manifest: try manifestOption.load())
        Output.emit(try JSONValue(parsing: JSONEncoder().encode(plan)), json: output.json) {
            plan.experiences.map { experience in
                var line = "\(experience.link)  \(experience.action)  (\(experience.source))"
                if let place = experience.place { line += "  \(place.latitude),\(place.longitude) \(place.mapAction)" }
                return line
            }.joined(separator: "\n")
        }
    }
}

/// `clipkit experiences push`: make App Store Connect's experiences match the plan.
public struct ExperiencesPushCommand: AsyncParsableCommand {
    /// The command's name and summary.
    public static let configuration = CommandConfiguration(
        commandName: "push",
        abstract: "Make App Store Connect's advanced App Clip experiences match the plan (a dry run unless --apply).",
        discussion: "Lists the App Clip's experiences, then creates, updates and removes so that they match `clipkit experiences plan`. Prints one progress line per experience on standard error. Requests answered 429 or 5xx are retried with backoff."
    )

    @OptionGroup var manifestOption: ManifestOption

    /// The `.p8` key file.
    @Option(name: .long, help: "The App Store Connect API key (.p8 file).")
    public var key: String

    /// The key's ID.
    @Option(name: .customLong("key-id"), help: "The key's ID.")
    public var keyID: String

    /// The issuer ID.
    @Option(name: .long, help: "The issuer ID (App Store Connect > Users and Access > Integrations).")
    public var issuer: String

    /// The App Clip's ID in App Store Connect.
    @Option(name: .customLong("app-clip-id"), help: "The App Clip's ID in App Store Connect.")
    public var appClipID: String

    /// Write the changes; without it, only say what would change.
    @Flag(name: .long, help: "Make the changes (default: a dry run that only lists them).")
    public var apply = false

    /// The API base, for tests.
    @Option(name: .customLong("api-base-url"), help: "The API base (default: https://api.appstoreconnect.apple.com; plain http only for loopback).")
    public var apiBaseURL: String?

    /// Seconds before the first retry.
    @Option(name: .customLong("retry-delay"), help: "Seconds to wait before the first retry; the wait doubles each time.")
    public var retryDelay: Double = 1

    @OptionGroup var output: OutputOptions

    /// Creates the command.
    public init() {}

    /// Lists, diffs and (with --apply) pushes.
    public func run() async throws {
        let plan = AppClipExperiencePlan(manifest: try manifestOption.load())
        guard retryDelay >= 0, retryDelay <= 60 else { throw CommandFailure.badInput("--retry-delay must be between 0 and 60 seconds") }
        guard !appClipID.isEmpty else { throw CommandFailure.badInput("--app-clip-id is empty") }
        let result: AppClipExperienceSync.Result
        do {
            let token = try AppStoreConnectToken(p8File: key, keyID: keyID, issuerID: issuer)
            var base = AppStoreConnectClient.appleBaseURL
            if let apiBaseURL {
                guard let url = URL(string: apiBaseURL) else { throw CommandFailure.badInput("--api-base-url: '\(apiBaseURL.truncatedForMessage)' is not a URL") }
                base = url
            }
            let client = try AppStoreConnectClient(baseURL: base, token: token,
                                                   retryPolicy: AppStoreConnectRetryPolicy(initialDelay: retryDelay, maximumDelay: max(retryDelay, 1) * 30))
            result = try await AppClipExperienceSync(plan: plan).push(using: client, appClipID: appClipID, apply: apply) { line in
                Output.writeStandardError(line)
            }
        } catch let error as AppStoreConnectError {
            switch error {
            case .badKey, .badBaseURL: throw CommandFailure.badInput(error.description)
            default: throw CommandFailure(exitCode: 1, message: error.description, printedResult: false)
            }
        }
        Output.emit(try JSONValue(parsing: JSONEncoder().encode(result)), json: output.json) {
            let verb = result.dryRun ? "would create" : "created"
            return "\(verb) \(result.created.count), \(result.dryRun ? "would update" : "updated") \(result.updated.count), \(result.dryRun ? "would remove" : "removed") \(result.removed.count), unchanged \(result.unchanged.count)"
                + (result.dryRun ? " (dry run: pass --apply to make the changes)" : "")
        }
    }
}
