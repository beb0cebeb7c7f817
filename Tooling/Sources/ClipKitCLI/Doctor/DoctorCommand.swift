import ArgumentParser
import ClipAASA
import ClipDoctor
import ClipKit
import ClipSite
import Foundation

/// `clipkit doctor`: check entitlements, Info.plists, the AASA file, the size report and built
/// products against the manifest.
public struct DoctorCommand: AsyncParsableCommand {
    /// The command's name and summary.
    public static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check that the app, its App Clip and the link domain are wired as the manifest says.",
        discussion: "Exits 1 when any finding is an error. --format github prints GitHub Actions annotations."
    )

    /// How the findings are printed.
    public enum Format: String, ExpressibleByArgument, CaseIterable, Sendable {
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
    public var appEntitlements: String?

    /// The clip's `.entitlements` file.
    @Option(name: .long, help: "The App Clip's .entitlements file.")
    public var clipEntitlements: String?

    /// The full app's Info.plist.
    @Option(name: .long, help: "The app's Info.plist.")
    public var appInfoPlist: String?

    /// The clip's Info.plist.
    @Option(name: .long, help: "The App Clip's Info.plist.")
    public var clipInfoPlist: String?

    /// The AASA file or its live URL.
    @Option(name: .long, help: "The apple-app-site-association file, or its https:// URL.")
    public var aasa: String?

    /// The domain the AASA file is for.
    @Option(name: .long, help: "The domain a local AASA file is served for, when the manifest has several (default: a folder of the path named after a domain).")
    public var aasaDomain: String?

    /// Xcode's size report.
    @Option(name: .long, help: "The clip's 'App Thinning Size Report.txt'.")
    public var sizeReport: String?

    /// A built product.
    @Option(name: .long, help: "A built product: an .app folder, an .ipa or an .xcarchive.")
    public var archive: String?

    /// Also compare Apple's CDN copy of each domain's AASA file with the domain's own.
    @Flag(name: .long, help: "Compare Apple's CDN copy of each manifest domain's AASA file with the file the domain serves.")
    public var cdn = false

    /// The CDN base, for tests.
    @Option(name: .customLong("cdn-base-url"), help: "The CDN base the domain is appended to (plain http only for loopback).")
    public var cdnBaseURL: String?

    /// The output format.
    @Option(name: .long, help: "Output format: text, json or github.")
    public var format: Format = .text

    @OptionGroup var output: OutputOptions

    /// Creates the command.
    public init() {}

    func cdnBase() throws -> URL? {
        guard let cdnBaseURL else { return nil }
        guard cdn else { throw CommandFailure.badInput("--cdn-base-url needs --cdn") }
        do {
            return try AASACDNCheck.baseURL(cdnBaseURL)
        } catch {
            throw CommandFailure.badInput("--cdn-base-url: \(error.description)")
        }
    }

    /// Runs the checks and prints the findings; exits 1 when any is an error.
    public func run() async throws {
        let inputs = DoctorInputs(
            appEntitlements: appEntitlements, clipEntitlements: clipEntitlements, appInfoPlist: appInfoPlist,
            clipInfoPlist: clipInfoPlist, aasa: aasa, sizeReport: sizeReport, archive: archive,
            compareCDN: cdn, cdnBaseURL: try cdnBase()
        )
        guard !inputs.isEmpty else {
            throw CommandFailure.badInput("nothing to check: pass --archive, --app-entitlements, --clip-entitlements, --app-info-plist, --clip-info-plist, --aasa, --size-report or --cdn")
        }
        let manifest = try manifestOption.load()
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
            Output.emit(ReportFormatter.json(report), json: true) { "" }
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
