import ArgumentParser
import ClipKit
import ClipSite
import Foundation

/// `clipkit aasa validate`: check an AASA file (or the one a domain serves) and list coded findings.
public struct AASAValidateCommand: AsyncParsableCommand {
    /// The command's name and summary.
    public static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check an AASA file or URL; exit 1 when a finding is an error.",
        discussion: "Give a file or an https URL (the domain alone is completed with /.well-known/apple-app-site-association). With a manifest (--manifest, or ./clipkit.json when it exists), the file must also list the manifest's clip and open every route in the full app."
    )

    /// The file or URL.
    @Argument(help: "An AASA file, or an https URL of a domain or of its AASA file.")
    public var source: String

    /// The manifest; without the option, `./clipkit.json` is used when it exists.
    @Option(name: .long, help: "The manifest to compare with (default: ./clipkit.json when it exists).")
    public var manifest: String?

    /// The domain the file is served for.
    @Option(name: .long, help: "The domain the file is for (needed for route checks when the manifest has several domains).")
    public var domain: String?

    /// Seconds to wait for the server.
    @Option(name: .long, parsing: .unconditional, help: "Seconds to wait for the server when validating a URL (more than 0, at most 300).")
    public var timeout: Double = 10

    @OptionGroup var output: OutputOptions

    /// Creates the command.
    public init() {}

    /// Runs the checks and prints the findings.
    public func run() async throws {
        guard timeout > 0, timeout <= 300 else {
            throw CommandFailure.badInput("--timeout \(timeout.formatted()): give the seconds to wait, more than 0 and at most 300, such as --timeout 10")
        }
        let validator = AASAValidator(manifest: try loadManifest(), domain: domain, parameterKinds: CommandEnvironment.parameterKinds)
        let report: AASAValidationReport
        let lowered = source.lowercased()
        if lowered.hasPrefix("https://") || lowered.hasPrefix("http://") {
            guard let url = URL(string: source) else { throw CommandFailure.badInput("'\(source.truncatedForMessage)' is not a URL") }
            report = await validator.validate(url: url, using: URLSessionAASAFetcher(timeout: timeout))
        } else {
            do {
                report = try validator.validate(fileAt: source)
            } catch {
                throw CommandFailure.badInput("\(error.path): cannot read the AASA file: \(error.reason)")
            }
        }
        let result: JSONValue = .object([
            "valid": .bool(report.isValid),
            "source": .string(source),
            "errors": .array(report.errors.map(AASAValidateCommand.json)),
            "warnings": .array(report.warnings.map(AASAValidateCommand.json)),
        ])
        Output.emit(result, json: output.json) {
            var lines = report.findings.map { "\($0.severity.rawValue): \($0.code) \($0.path): \($0.message)\n  fix: \($0.fix)" }
            lines.append("\(source): \(report.isValid ? "valid" : "not valid") (\(report.errors.count) errors, \(report.warnings.count) warnings)")
            return lines.joined(separator: "\n")
        }
        if !report.isValid {
            throw CommandFailure.negative("\(source.truncatedForMessage): \(report.errors.count) error\(report.errors.count == 1 ? "" : "s") found")
        }
    }

    static func json(_ finding: AASAFinding) -> JSONValue {
        .object([
            "code": .string(finding.code.rawValue),
            "severity": .string(finding.severity.rawValue),
            "path": .string(finding.path),
            "message": .string(finding.message),
            "fix": .string(finding.fix),
        ])
    }

    /// The manifest named with `--manifest`, or `./clipkit.json` when it exists, loaded as every
    /// command loads it.
    func loadManifest() throws -> ClipManifest? {
        let path: String
        if let manifest {
            path = manifest
        } else if FileManager.default.fileExists(atPath: "clipkit.json") {
            path = "clipkit.json"
        } else {
            return nil
        }
        return try ManifestOption.parse(["--manifest", path]).load()
    }
}
