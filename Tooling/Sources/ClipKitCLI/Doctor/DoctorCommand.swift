import ArgumentParser
import ClipAASA
import ClipAppStoreConnect
import ClipDoctor
import ClipKit
import ClipSite
import Foundation

/// `clipkit doctor`: check entitlements, Info.plists, the AASA file, the size report and built
/// products against the manifest.
package struct DoctorCommand: AsyncParsableCommand {
    /// The command's name and summary.
    package static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check that the app, its App Clip and the link domain are wired as the manifest says.",
        discussion: "Exits 1 when any finding is an error. --format github prints GitHub Actions annotations. --asc reads App Store Connect's status of the App Clip's domains for an uploaded build, with the API key options of 'clipkit experiences push'."
    )

    /// How the findings are printed.
    package enum Format: String, ExpressibleByArgument, CaseIterable, Sendable {
        /// Grouped by file, coloured on a terminal.
        case text
        /// One JSON object (the same as --json).
        case json
        /// GitHub Actions workflow commands.
        case github
    }

    @OptionGroup var manifestOption: ManifestOption

    /// The full app's `.entitlements` file.
    @Option(name: .long, help: "The app's .entitlements file (XML or binary plist).")
    package var appEntitlements: String?

    /// The clip's `.entitlements` file.
    @Option(name: .long, help: "The App Clip's .entitlements file.")
    package var clipEntitlements: String?

    /// The full app's Info.plist.
    @Option(name: .long, help: "The app's Info.plist.")
    package var appInfoPlist: String?

    /// The clip's Info.plist.
    @Option(name: .long, help: "The App Clip's Info.plist.")
    package var clipInfoPlist: String?

    /// The AASA file or its live URL.
    @Option(name: .long, help: "The apple-app-site-association file, or its https:// URL.")
    package var aasa: String?

    /// The domain the AASA file is for.
    @Option(name: .long, help: "The domain a local AASA file is served for, when the manifest has several (default: a folder of the path named after a domain).")
    package var aasaDomain: String?

    /// Deployed share links to check.
    @Option(name: .customLong("share-link"), help: "A deployed share link (repeatable): its status, whether its first HTML has the App Clip banner and a preview title that is not an error page, and whether its domain's AASA answers without a redirect.")
    package var shareLinks: [String] = []

    /// Xcode's size report.
    @Option(name: .long, help: "The clip's 'App Thinning Size Report.txt'.")
    package var sizeReport: String?

    /// A built product.
    @Option(name: .long, help: "A built product: an .app folder, an .ipa or an .xcarchive.")
    package var archive: String?

    /// Also compare Apple's CDN copy of each domain's AASA file with the domain's own.
    @Flag(name: .long, help: "Compare Apple's CDN copy of each manifest domain's AASA file with the file the domain serves.")
    package var cdn = false

    /// The CDN base, for tests.
    @Option(name: .customLong("cdn-base-url"), help: "The CDN base the domain is appended to (plain http only for loopback).")
    package var cdnBaseURL: String?

    /// Also read App Store Connect's status of the App Clip's domains for an uploaded build.
    @Flag(name: .long, help: "Read App Store Connect's cache and debug status of the App Clip's associated domains for a build (with --key, --key-id, --issuer and --asc-build-bundle or --asc-build).")
    package var asc = false

    /// The App Clip's build bundle in App Store Connect.
    @Option(name: .customLong("asc-build-bundle"), help: "The App Clip's build bundle ID in App Store Connect.")
    package var ascBuildBundle: String?

    /// A build in App Store Connect whose App Clip bundle is read.
    @Option(name: .customLong("asc-build"), help: "A build's ID in App Store Connect; doctor finds its App Clip bundle.")
    package var ascBuild: String?

    @OptionGroup var connection: AppStoreConnectOptions

    /// The output format.
    @Option(name: .long, help: "Output format: text, json or github.")
    package var format: Format = .text

    @OptionGroup var output: OutputOptions

    /// Creates the command.
    package init() {}

    func cdnBase() throws -> URL? {
        guard let cdnBaseURL else { return nil }
        guard cdn else { throw CommandFailure.badInput("--cdn-base-url needs --cdn") }
        do {
            return try AASACDNCheck.baseURL(cdnBaseURL)
        } catch {
            throw CommandFailure.badInput("--cdn-base-url: \(error.description)")
        }
    }

    /// App Store Connect's domain statuses of the App Clip's build bundle, with `--asc`.
    func appClipDomainStatuses(for manifest: ClipManifest) async throws -> AppClipDomainStatuses? {
        guard asc else {
            guard !connection.isGiven, ascBuildBundle == nil, ascBuild == nil else {
                throw CommandFailure.badInput("--key, --key-id, --issuer, --asc-base-url, --asc-build-bundle and --asc-build need --asc")
            }
            return nil
        }
        guard (ascBuildBundle == nil) != (ascBuild == nil), ascBuildBundle?.isEmpty != true, ascBuild?.isEmpty != true else {
            throw CommandFailure.badInput("--asc needs one of --asc-build-bundle ID (the App Clip's build bundle) or --asc-build ID (a build, whose App Clip bundle doctor finds)")
        }
        let client = try connection.client()
        do {
            var bundleID = ascBuildBundle ?? ""
            if let ascBuild {
                bundleID = try await Self.clipBundle(ofBuild: ascBuild, client: client, clipBundleID: manifest.clip.bundleID)
            }
            let cache = try await client.appClipDomainStatus(.cache, buildBundleID: bundleID)
            let debug = try await client.appClipDomainStatus(.debug, buildBundleID: bundleID)
            return AppClipDomainStatuses(buildBundleID: bundleID, cache: cache, debug: debug)
        } catch let error as AppStoreConnectError {
            // The statuses are an input doctor could not read: exit 2, as for an unreadable file.
            throw CommandFailure.badInput(error.description)
        }
    }

    /// The ID of the App Clip bundle of the build `buildID`: the one with the manifest's clip
    /// bundle ID, or the build's only App Clip bundle.
    static func clipBundle(ofBuild buildID: String, client: AppStoreConnectClient, clipBundleID: String) async throws -> String {
        let bundles: [AppStoreConnectBuildBundle]
        do {
            bundles = try await client.buildBundles(buildID: buildID)
        } catch {
            if case .status(404, _, _, _) = error {
                throw CommandFailure.badInput("App Store Connect has no build '\(buildID.truncatedForMessage)' (404); check --asc-build")
            }
            throw error
        }
        let clips = bundles.filter(\.isAppClip)
        guard let clip = clips.first(where: { $0.bundleID == clipBundleID }) ?? (clips.count == 1 ? clips.first : nil) else {
            let listed = bundles.map { "\($0.bundleID ?? $0.id) (\($0.bundleType ?? "?"))" }.joined(separator: ", ")
            throw CommandFailure.badInput("build '\(buildID.truncatedForMessage)' has no App Clip bundle \(clipBundleID)\(listed.isEmpty ? "" : "; its bundles: \(listed)"); check --asc-build, or name the bundle with --asc-build-bundle")
        }
        return clip.id
    }
    /// Runs the checks and prints the findings; exits 1 when any is an error.
    package func run() async throws {
        var inputs = DoctorInputs(
            appEntitlements: appEntitlements, clipEntitlements: clipEntitlements, appInfoPlist: appInfoPlist,
            clipInfoPlist: clipInfoPlist, aasa: aasa, sizeReport: sizeReport, archive: archive,
            compareCDN: cdn, cdnBaseURL: try cdnBase()
        )
        inputs.shareLinks = shareLinks
        guard !inputs.isEmpty || asc else {
            throw CommandFailure.badInput("nothing to check: pass --archive, --app-entitlements, --clip-entitlements, --app-info-plist, --clip-info-plist, --aasa, --size-report, --share-link, --cdn or --asc")
        }
        let manifest = try manifestOption.load()
        inputs.appClipDomainStatuses = try await appClipDomainStatuses(for: manifest)
        let report: DoctorReport
        do {
            let checker = AASAValidatorChecker(parameterKinds: CommandEnvironment.parameterKinds, domain: aasaDomain)
            var doctor = Doctor(manifest: manifest, manifestFile: manifestOption.manifest, aasaChecker: checker)
            doctor.parameterKinds = CommandEnvironment.parameterKinds
            report = try await doctor.examine(inputs)
        } catch {
            throw CommandFailure.badInput(error.description)
        }
        let format = output.json ? Format.json : self.format
        switch format {
        case .json:
            Output.emit(report, json: true) { "" }
        case .github:
            Output.writeStandardOutput(ReportFormatter.githubAnnotations(report))
        case .text:
            Output.writeStandardOutput(ReportFormatter.text(report, colors: isatty(STDOUT_FILENO) == 1))
        }
        if !report.isOK {
            let errors = report.count(of: .error)
            throw CommandFailure.negative("doctor found \(errors) error\(errors == 1 ? "" : "s")")
        }
    }
}
