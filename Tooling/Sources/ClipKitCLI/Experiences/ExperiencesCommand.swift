import ArgumentParser
import ClipAppStoreConnect
import ClipKit
import ClipSite
import Foundation

/// `clipkit experiences`: the advanced App Clip experiences the manifest implies, and App Store
/// Connect made to match them.
package struct ExperiencesCommand: AsyncParsableCommand {
    /// The command's name and subcommands.
    package static let configuration = CommandConfiguration(
        commandName: "experiences",
        abstract: "Plan the advanced App Clip experiences from the manifest, push them to App Store Connect, or list what to register as Local Experiences on a device.",
        subcommands: [ExperiencesPlanCommand.self, ExperiencesPushCommand.self, ExperiencesLocalCommand.self]
    )

    /// Creates the command.
    package init() {}
}

/// `clipkit experiences plan`: print the experiences the manifest implies.
package struct ExperiencesPlanCommand: AsyncParsableCommand {
    /// The command's name and summary.
    package static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Print the advanced App Clip experiences the manifest implies: one per clip route's invocation URL prefix, one per place."
    )

    @OptionGroup var manifestOption: ManifestOption
    @OptionGroup var output: OutputOptions

    /// Creates the command.
    package init() {}

    /// Derives and prints the plan.
    package func run() async throws {
        let plan = try experiencePlan(manifestOption)
        Output.emit(ExperiencesPlanReport(plan), json: output.json) {
            if plan.experiences.isEmpty {
                return "no advanced App Clip experiences: no clip route has a pattern on one of the manifest's domains, and it lists no places; the clip's default experience (Apple's default App Clip link and its card) is set in App Store Connect"
            }
            return plan.experiences.map { experience in
                var line = "\(experience.link)  \(experience.action)  (\(experience.source))"
                if let place = experience.place { line += "  \(place.latitude),\(place.longitude) \(place.mapAction)" }
                if let image = experience.headerImage { line += "  header image \(image.path)" }
                return line
            }.joined(separator: "\n")
        }
    }
}

/// `clipkit experiences local`: what to register under Settings → Developer → Local Experiences, and
/// the `_XCAppClipURL` value for the clip's Xcode scheme, to test invocations before App Store Connect.
package struct ExperiencesLocalCommand: AsyncParsableCommand {
    /// The command's name and summary.
    package static let configuration = CommandConfiguration(
        commandName: "local",
        abstract: "Print, for each clip route and the default App Clip link, what to register in Settings > Developer > Local Experiences and the _XCAppClipURL value for the clip's Xcode scheme.",
        discussion: "Each row is a URL prefix, the clip's bundle ID, a title, a subtitle and an action, as the Register Local Experience form asks for them, and a URL of the route to set as the _XCAppClipURL environment variable (Xcode: Edit Scheme > Run > Arguments)."
    )

    @OptionGroup var manifestOption: ManifestOption
    @OptionGroup var output: OutputOptions

    /// Creates the command.
    package init() {}

    /// Derives and prints the rows.
    package func run() async throws {
        let plan = LocalExperiencePlan(manifest: try manifestOption.load(), parameterKinds: CommandEnvironment.parameterKinds)
        Output.emit(LocalExperiencesReport(plan), json: output.json) {
            plan.rows.map { row in
                """
                \(row.source)
                  URL prefix  \(row.urlPrefix)
                  bundle ID   \(row.bundleID)
                  title       \(row.title)
                  subtitle    \(row.subtitle)
                  action      \(row.action)
                  \(LocalExperiencePlan.xcodeVariable)  \(row.xcodeAppClipURL)
                """
            }.joined(separator: "\n")
        }
    }
}

/// The plan for the manifest `option` names, with its header images read and checked; a problem
/// with an image is a bad-input failure that names the manifest and the image's JSON path.
func experiencePlan(_ option: ManifestOption) throws -> AppClipExperiencePlan {
    let manifest = try option.load()
    do {
        return try AppClipExperiencePlan(manifest: manifest, manifestFile: option.manifest)
    } catch {
        let first = error.issues.first.map { "\($0.path): \($0.message)" } ?? error.description
        let more = error.issues.count > 1 ? " (and \(error.issues.count - 1) more)" : ""
        throw CommandFailure.badInput("\(option.manifest): \(first)\(more)")
    }
}

/// `clipkit experiences push`: make App Store Connect's experiences match the plan.
package struct ExperiencesPushCommand: AsyncParsableCommand {
    /// The command's name and summary.
    package static let configuration = CommandConfiguration(
        commandName: "push",
        abstract: "Make App Store Connect's advanced App Clip experiences match the plan (a dry run unless --apply).",
        discussion: "Lists the App Clip's experiences, then creates, updates and removes so that they match `clipkit experiences plan`, uploading a header image only when its MD5 checksum differs from App Store Connect's. Prints one progress line per experience on standard error. Requests answered 429 or 5xx are retried with backoff."
    )

    @OptionGroup var manifestOption: ManifestOption
    @OptionGroup var connection: AppStoreConnectOptions

    /// The App Clip's ID in App Store Connect.
    @Option(name: .customLong("app-clip-id"), help: "The App Clip's ID in App Store Connect.")
    package var appClipID: String

    /// Write the changes; without it, only say what would change.
    @Flag(name: .long, help: "Make the changes (default: a dry run that only lists them).")
    package var apply = false

    @OptionGroup var output: OutputOptions

    /// Creates the command.
    package init() {}

    /// Lists, diffs and (with --apply) pushes.
    package func run() async throws {
        let plan = try experiencePlan(manifestOption)
        guard !appClipID.isEmpty else { throw CommandFailure.badInput("--app-clip-id is empty") }
        let client = try connection.client()
        let result: AppClipExperienceSync.Result
        do {
            result = try await AppClipExperienceSync(plan: plan).push(using: client, appClipID: appClipID, apply: apply) { line in
                Output.writeStandardError(line)
            }
        } catch {
            throw AppStoreConnectOptions.failure(error)
        }
        Output.emit(result, json: output.json) {
            let images = result.changes.filter { $0.headerImage != nil }.count
            let verb = result.dryRun ? "would create" : "created"
            return "\(verb) \(result.created.count), \(result.dryRun ? "would update" : "updated") \(result.updated.count), \(result.dryRun ? "would remove" : "removed") \(result.removed.count), unchanged \(result.unchanged.count)"
                + (images > 0 ? ", \(images) header image\(images == 1 ? "" : "s") \(result.dryRun ? "to upload" : "uploaded")" : "")
                + (result.dryRun ? " (dry run: pass --apply to make the changes)" : "")
        }
    }
}
