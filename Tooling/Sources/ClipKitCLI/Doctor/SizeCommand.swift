import ArgumentParser
import ClipDoctor
@_spi(ClipKitTooling) import ClipKit
import Foundation

/// `clipkit size REPORT`: hold an App Thinning Size Report against the App Clip size limit.
package struct SizeCommand: AsyncParsableCommand {
    /// The command's name and summary.
    package static let configuration = CommandConfiguration(
        commandName: "size",
        abstract: "Check an 'App Thinning Size Report.txt' against Apple's App Clip size limit.",
        discussion: """
        The limit follows from the clip's minimum iOS and how it is invoked: 10 MB for iOS 15 and earlier, \
        15 MB for iOS 16 (or with physical invocations), 100 MB for iOS 17 and later with digital invocations \
        only, 100 MB for the demo link. 1 MB = 1,000,000 bytes. Exits 1 when a variant is over.
        """
    )

    /// The report file.
    @Argument(help: "Xcode's 'App Thinning Size Report.txt'.")
    package var report: String

    /// The clip's minimum iOS version.
    @Option(name: .long, help: "The clip's minimum iOS version (default: the manifest's clip.minimumIOS).")
    package var minIos: String?

    /// How the clip is invoked.
    @Option(name: .long, help: "How the clip is invoked: digital, physical or demo; repeat for several (default: the manifest's).")
    package var invocation: [ClipInvocationKind] = []

    /// The manifest, used when --min-ios or --invocation is not given.
    @Option(name: .long, help: "The manifest to read when --min-ios is not given (default ./clipkit.json).")
    package var manifest: String?

    @OptionGroup var output: OutputOptions

    /// Creates the command.
    package init() {}

    /// Parses the report, prints the verdict, exits 1 when over the limit.
    package func run() async throws {
        var minimumIOS = minIos
        var invocations = Set(invocation)
        if minimumIOS == nil || (invocations.isEmpty && manifest != nil) {
            var option = ManifestOption()
            option.manifest = manifest ?? "clipkit.json"
            let loaded = try option.load()
            let expectations = ManifestExpectations(manifest: loaded)
            if minimumIOS == nil { minimumIOS = expectations.minimumIOS }
            if invocations.isEmpty { invocations = expectations.invocations }
        }
        let version = minimumIOS ?? ""
        guard let limit = AppClipSizeLimit.forClip(minimumIOS: version, invocations: invocations) else {
            throw CommandFailure.badInput("--min-ios '\(version)' is not a version: expected major.minor, like 16.0")
        }
        let data: Data
        do throws(InputFile.Failure) {
            data = try InputFile.read(path: report, limit: SizeReportParser().maximumBytes)
        } catch {
            throw CommandFailure.badInput("\(report): cannot read the size report: \(error.reason)")
        }
        let parsed: SizeReport
        do {
            parsed = try SizeReportParser().parse(data)
        } catch {
            throw CommandFailure.badInput("\(report): \(error.description)")
        }
        let evaluation = SizeEvaluation(report: parsed, limit: limit)
        let result = SizeLimitReport(evaluation, minimumIOS: version, invocations: invocations)
        Output.emit(result, json: output.json) {
            var lines = ["limit: \(limit.bytes) bytes (\(limit.reason))"]
            for variant in parsed.variants {
                let mark = variant.uncompressedBytes <= limit.bytes ? "ok  " : "OVER"
                lines.append("  \(mark) \(variant.uncompressedBytes) bytes uncompressed  \(variant.name)")
            }
            lines.append(evaluation.withinLimit
                ? "within the limit: the largest variant is \(evaluation.largestUncompressedBytes) of \(limit.bytes) bytes"
                : "over the limit: the largest variant is \(evaluation.largestUncompressedBytes) of \(limit.bytes) bytes")
            return lines.joined(separator: "\n")
        }
        if !evaluation.withinLimit {
            throw CommandFailure.negative("\(report): the largest variant is \(evaluation.largestUncompressedBytes) bytes, over the \(limit.bytes)-byte limit")
        }
    }
}

extension ClipInvocationKind: ExpressibleByArgument {}
