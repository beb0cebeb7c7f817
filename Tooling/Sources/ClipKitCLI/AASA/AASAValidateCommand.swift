import ArgumentParser
import ClipAASA
import ClipDoctor
@_spi(ClipKitTooling) import ClipKit
import ClipReports
import ClipSite
import Foundation

/// `clipkit aasa validate`: check an AASA file (or the one a domain serves) and list coded findings.
package struct AASAValidateCommand: AsyncParsableCommand {
    /// The command's name and summary.
    package static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check an AASA file or URL; exit 1 when a finding is an error.",
        discussion: "Give a file or an https URL (the domain alone is completed with /.well-known/apple-app-site-association). With a manifest (--manifest, or ./clipkit.json when it exists), the file must also list the manifest's clip and open every route in the full app. --share-link checks a deployed share link: its status, its first HTML's App Clip banner and preview title, and its domain's AASA."
    )

    /// The file or URL; optional when share links are given.
    @Argument(help: "An AASA file, or an https URL of a domain or of its AASA file (optional with --share-link).")
    package var source: String?

    /// Deployed share links whose status, first HTML and domain's AASA are checked.
    @Option(name: .customLong("share-link"), help: "A deployed share link (repeatable): reports its status, whether its first HTML has the App Clip banner and a preview title that is not an error page, and whether its domain's AASA answers without a redirect.")
    package var shareLinks: [String] = []

    /// The manifest; without the option, `./clipkit.json` is used when it exists.
    @Option(name: .long, help: "The manifest to compare with (default: ./clipkit.json when it exists).")
    package var manifest: String?

    /// The domain the file is served for.
    @Option(name: .long, help: "The domain the file is for (needed for route checks when the manifest has several domains).")
    package var domain: String?

    /// Seconds to wait for the server.
    @Option(name: .long, parsing: .unconditional, help: "Seconds to wait for the server when validating a URL (more than 0, at most 300).")
    package var timeout: Double = 10

    /// Also compare Apple's CDN copy with the domain's file.
    @Flag(name: .long, help: "Also fetch Apple's CDN copy of each domain's file and compare it with the domain's (identical, stale, missing, error).")
    package var cdn = false

    /// The CDN base, for tests.
    @Option(name: .customLong("cdn-base-url"), help: "The CDN base the domain is appended to (default: https://app-site-association.cdn-apple.com/a/v1/; plain http only for loopback).")
    package var cdnBaseURL: String?

    @OptionGroup var output: OutputOptions

    /// Creates the command.
    package init() {}

    /// Runs the checks and prints the findings.
    package func run() async throws {
        guard timeout > 0, timeout <= 300 else {
            throw CommandFailure.badInput("--timeout \(timeout.formatted()): give the seconds to wait, more than 0 and at most 300, such as --timeout 10")
        }
        let manifest = try loadManifest()
        let validator = AASAValidator(manifest: manifest, domain: domain, parameterKinds: CommandEnvironment.parameterKinds)
        guard cdnBaseURL == nil || cdn else { throw CommandFailure.badInput("--cdn-base-url needs --cdn") }
        let cdnBase: URL
        do {
            cdnBase = try cdnBaseURL.map(AASACDNCheck.baseURL) ?? AASACDNCheck.appleBaseURL
        } catch {
            throw CommandFailure.badInput("--cdn-base-url: \(error.description)")
        }
        let fetcher = URLSessionAASAFetcher(timeout: timeout)
        guard let source else {
            guard !shareLinks.isEmpty else {
                throw CommandFailure.badInput("give an AASA file or URL to validate, or --share-link URL")
            }
            guard !cdn else { throw CommandFailure.badInput("--cdn needs an AASA file or URL") }
            try await validateShareLinksOnly(manifest: manifest, fetcher: fetcher)
            return
        }
        var report: AASAValidationReport
        let sourceURL: URL?
        let fileData: Data?
        switch AASASource(source) {
        case .malformedURL:
            throw CommandFailure.badInput("'\(source.truncatedForMessage)' is not a URL")
        case .url(let url):
            report = await validator.validate(url: url, using: fetcher)
            (sourceURL, fileData) = (url, nil)
        case .file:
            do {
                report = try validator.validate(fileAt: source)
            } catch {
                throw CommandFailure.badInput("\(error.path): cannot read the AASA file: \(error.reason)")
            }
            // The CDN comparison needs the bytes; a file too large to read is already a finding.
            sourceURL = nil
            fileData = cdn ? try? InputFile.read(path: source, limit: AASADocument.maximumBytes) : nil
        }
        var cdnReports: [AASACDNReport] = []
        if cdn {
            let check = AASACDNCheck(cdnBaseURL: cdnBase, manifest: manifest, parameterKinds: CommandEnvironment.parameterKinds)
            let file = fileData.map { (data: $0, label: source) }
            for target in AASACDNCheck.targets(forDomains: try cdnDomains(manifest: manifest, sourceURL: sourceURL), source: sourceURL, file: file) {
                cdnReports.append(await check.compare(domain: target.domain, origin: target.origin, using: fetcher))
            }
            report = AASAValidationReport(findings: report.findings + cdnReports.flatMap(\.findings))
        }
        let linkReports = try await shareLinkReports(manifest: manifest, fetcher: fetcher)
        let result = AASAValidateReport(
            source: source, report: report, cdn: cdn ? cdnReports : nil, shareLinks: shareLinks.isEmpty ? nil : linkReports
        )
        let finalReport = report
        Output.emit(result, json: output.json) {
            var lines = finalReport.findings.map { "\($0.severity.rawValue): \($0.code) \($0.path): \($0.message)\n  fix: \($0.fix)" }
            for entry in cdnReports {
                lines.append("cdn \(entry.domain): \(entry.status.rawValue)")
                lines += entry.differences.map { "  \($0.summary)" }
            }
            lines += linkReports.flatMap(Self.lines(for:))
            lines.append("\(source): \(finalReport.isValid ? "valid" : "not valid") (\(finalReport.errors.count) errors, \(finalReport.warnings.count) warnings)")
            return lines.joined(separator: "\n")
        }
        if !finalReport.isValid {
            throw CommandFailure.negative("\(source.truncatedForMessage): \(finalReport.errors.count) error\(finalReport.errors.count == 1 ? "" : "s") found")
        }
        if let failed = linkReports.first(where: { !$0.isOK }) {
            throw CommandFailure.negative("\(failed.url.truncatedForMessage): the share link has errors")
        }
    }

    /// Checks `--share-link` URLs alone, without an AASA source.
    func validateShareLinksOnly(manifest: ClipManifest?, fetcher: URLSessionAASAFetcher) async throws {
        let reports = try await shareLinkReports(manifest: manifest, fetcher: fetcher)
        let result = AASAValidateReport(source: nil, report: AASAValidationReport(findings: []), cdn: nil, shareLinks: reports)
        Output.emit(result, json: output.json) {
            reports.flatMap(Self.lines(for:)).joined(separator: "\n")
        }
        if let failed = reports.first(where: { !$0.isOK }) {
            throw CommandFailure.negative("\(failed.url.truncatedForMessage): the share link has errors")
        }
    }

    /// The reports of the `--share-link` URLs; they need the manifest, whose routes, app and clip
    /// the pages must name.
    func shareLinkReports(manifest: ClipManifest?, fetcher: URLSessionAASAFetcher) async throws -> [ShareLinkReport] {
        guard !shareLinks.isEmpty else { return [] }
        guard let manifest else {
            throw CommandFailure.badInput("--share-link needs the manifest: pass --manifest, or run where ./clipkit.json is")
        }
        var doctor = Doctor(manifest: manifest, manifestFile: self.manifest, aasaChecker: nil)
        doctor.parameterKinds = CommandEnvironment.parameterKinds
        doctor.fetcher = fetcher
        var reports: [ShareLinkReport] = []
        for link in shareLinks {
            do {
                reports.append(try await doctor.shareLinkReport(link))
            } catch {
                throw CommandFailure.badInput(error.description)
            }
        }
        return reports
    }

    /// A share link's report as text: its answers, then each finding.
    static func lines(for report: ShareLinkReport) -> [String] {
        var lines = ["share link \(report.url): status \(report.status.map(String.init) ?? "none")"
            + (report.location.map { " (redirect to \($0))" } ?? "")
            + ", route \(report.route?.name ?? "none")"]
        lines.append("  preview title: \(report.previewTitle ?? "none")\(report.previewLooksLikeError ? " (reads as an error page)" : "")")
        lines.append("  App Clip banner in the first HTML: \(report.hasAppClipBanner ? "yes" : "no")\(report.smartAppBanner.map { " (\($0))" } ?? "")")
        if let association = report.association {
            lines.append("  AASA \(association.url): status \(association.status.map(String.init) ?? "none")\(association.redirected ? ", a redirect" : ", no redirect"), Content-Type \(association.contentType ?? "none")")
        }
        lines += report.allFindings.map { "  \($0.severity.rawValue): \($0.code): \($0.message)" + ($0.fix.map { "\n    fix: \($0)" } ?? "") }
        return lines
    }

    /// The domains whose CDN copy is compared: `--domain`, else the manifest's domains, else the
    /// source URL's host.
    func cdnDomains(manifest: ClipManifest?, sourceURL: URL?) throws -> [String] {
        if let domain { return [domain] }
        if let manifest, !manifest.domains.isEmpty { return manifest.domains }
        if let host = sourceURL?.host { return [host] }
        throw CommandFailure.badInput("--cdn: name the domain whose CDN copy to compare with --domain (or give a manifest)")
    }

    /// The manifest named with `--manifest`, or `./clipkit.json` when it exists, loaded as every
    /// command loads it.
    func loadManifest() throws -> ClipManifest? {
        try ManifestOption.parse(manifest.map { ["--manifest", $0] } ?? []).loadIfPresent()
    }
}
