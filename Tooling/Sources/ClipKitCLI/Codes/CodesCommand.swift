import ArgumentParser
import ClipCodeMaker
import ClipCodes
import ClipKit
import Foundation

/// `clipkit codes`: QR codes and NFC tags for a route's parameter values, the manifest's places or
/// given URLs, each checked to open the clip, and the sheets to print them on.
package struct CodesCommand: AsyncParsableCommand {
    /// The command's name and summary.
    package static let configuration = CommandConfiguration(
        commandName: "codes",
        abstract: "Make QR codes (PNG, SVG), NFC NDEF messages and printable sheets for invocation URLs, each checked to open the clip.",
        discussion: """
        For --route with --param values (a value, a list a,b,c or a range 1...40), for --url URLs, or for the \
        manifest's places (the default). Before it makes a code, it checks that the URL routes to a clip route \
        (with the intended parameters), lies under an advanced App Clip experience of 'clipkit experiences plan', \
        and that the clip declares physical invocations; and that the NDEF message fits the NFC tag. A URL that \
        fails is refused with the reason (exit 1) and nothing is written. A URL whose NDEF message no NTAG21x \
        tag holds gets its QR code and a warning instead of an NFC message; --no-nfc makes QR codes alone. \
        Without a manifest, --url codes are made unchecked.
        """
    )

    @OptionGroup var manifestOption: ManifestOption

    /// The route to make codes for.
    @Option(name: .long, help: "The clip route to make codes for.")
    package var route: String?

    /// The route's parameter values.
    @Option(name: .customLong("param"), help: "A capture's or a query item's values: NAME=VALUE, NAME=A,B,C or NAME=FIRST...LAST (repeatable); each is checked against its kind and range.")
    package var parameters: [String] = []

    /// Given URLs.
    @Option(name: .customLong("url"), help: "Make a code for this URL (repeatable); checked when there is a manifest.")
    package var urls: [String] = []

    /// The output folder.
    @Option(name: .long, help: "The folder to write the codes and sheets into.")
    package var out: String

    /// The lowest error-correction level.
    @Option(name: .long, help: "The lowest error-correction level: L, M, Q or H (default M; raised when it costs no size).")
    package var errorCorrection: String = "M"

    /// Pixels a module in the PNG files.
    @Option(name: .long, help: "Pixels a module in the PNG files (default 10).")
    package var pixelsPerModule: Int = 10

    /// The NFC tag the messages are for.
    @Option(name: .long, help: "The NFC tag: ntag213 (default), ntag215 or ntag216.")
    package var nfcTag: String?

    /// Whether to make QR codes alone.
    @Flag(name: .customLong("no-nfc"), help: "Make QR codes alone, no NFC messages.")
    package var noNFC = false

    /// The label template.
    @Option(name: .long, help: "The label under each code, with fields in braces: a route's captures ('Exhibit {exhibit}'), {name} for a place, {url} and {n} for any code.")
    package var label: String?

    /// Whether every code shares one version.
    @Flag(name: .long, help: "Give every code the largest QR version any of them needs, so that printed codes have modules of one size.")
    package var uniformVersion = false

    /// App Clip Codes made by Apple's generator, to check and place on the sheet.
    @Option(name: .customLong("app-clip-code"), help: "An App Clip Code from Apple's generator, URL=FILE.svg (repeatable): its URL is checked, the artwork placed on the sheet.")
    package var appClipCodes: [String] = []

    @OptionGroup var output: OutputOptions

    /// Creates the command.
    package init() {}

    /// Checks, makes and reports; exit 1 when a URL is refused.
    package func run() async throws {
        guard let level = QRErrorCorrection(letter: errorCorrection) else {
            throw CommandFailure.badInput("--error-correction \(errorCorrection): expected L, M, Q or H")
        }
        guard !noNFC || nfcTag == nil else { throw CommandFailure.badInput("give --nfc-tag or --no-nfc, not both") }
        var tag: NFCTag? = noNFC ? nil : .ntag213
        if let nfcTag {
            guard let named = NFCTag(rawValue: nfcTag.lowercased()) else {
                throw CommandFailure.badInput("--nfc-tag \(nfcTag.truncatedForMessage): expected \(NFCTag.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            tag = named
        }
        guard (1...100).contains(pixelsPerModule) else {
            throw CommandFailure.badInput("--pixels-per-module \(pixelsPerModule): expected 1 to 100")
        }
        guard route != nil || parameters.isEmpty else { throw CommandFailure.badInput("--param needs --route") }
        guard route == nil || urls.isEmpty else { throw CommandFailure.badInput("give --route or --url, not both") }

        let manifest = urls.isEmpty ? try manifestOption.load() : try manifestOption.loadIfPresent()
        let targets: [CodeTarget]
        let artworks: [AppClipCodeArtwork]
        let check: InvocationCodeCheck?
        do {
            artworks = try appClipCodes.map { argument throws(CodeMakerError) in try AppClipCodeArtwork(parsing: argument) }
            let template = try label.map { text throws(CodeMakerError) in try LabelTemplate(parsing: text) }
            if let manifest {
                check = try InvocationCodeCheck(manifest: manifest, plan: try experiencePlan(manifestOption), parameterKinds: CommandEnvironment.parameterKinds)
            } else {
                check = nil
            }
            if !urls.isEmpty {
                targets = try CodeTarget.forURLs(urls, label: template)
            } else if let route, let manifest {
                targets = try CodeTarget.forRoute(
                    route, values: try ParameterValues(parsing: parameters), in: manifest, label: template,
                    parameterKinds: CommandEnvironment.parameterKinds
                )
            } else if let manifest {
                targets = try CodeTarget.forPlaces(in: manifest, label: template)
            } else {
                targets = []
            }
        } catch let error as CodeMakerError {
            throw CommandFailure.badInput(error.description)
        }
        guard !targets.isEmpty else { throw CommandFailure.badInput("nothing to make: give --route, --url, or a manifest with places") }

        var options = CodeSetMaker.Options()
        options.errorCorrection = level
        options.pixelsPerModule = pixelsPerModule
        options.nfcTag = tag
        options.uniformVersion = uniformVersion
        let report: CodesReport
        do {
            report = try CodeSetMaker(check: check, options: options).make(targets, appClipCodes: artworks, into: URL(fileURLWithPath: out))
        } catch {
            throw CommandFailure.badInput(error.description)
        }
        Output.emit(report, json: output.json) {
            if !report.refused.isEmpty { return report.refused.map { "refused \(CodeTarget.visible($0.url)): \(CodeTarget.visible($0.reason, maximumLength: .max))" }.joined(separator: "\n") }
            var lines = report.codes.map { code in
                let nfc = code.nfc.map { "\($0.ndef) \($0.bytes) bytes" } ?? "no NFC"
                return "\(code.qr.png)  \(code.qr.version)-\(code.qr.errorCorrection)  \(nfc)  \(code.url)"
            }
            lines += report.findings.map { "warning: \($0.message) (\($0.fix ?? ""))" }
            lines.append("sheets: \(report.sheets.joined(separator: ", ")) in \(out)")
            return lines.joined(separator: "\n")
        }
        if let first = report.refused.first {
            let more = report.refused.count > 1 ? " (and \(report.refused.count - 1) more)" : ""
            throw CommandFailure.negative("refused \(CodeTarget.visible(first.url)): \(CodeTarget.visible(first.reason, maximumLength: .max))\(more); nothing was written")
        }
    }
}
