import ArgumentParser
import ClipAASA
import ClipKit
import ClipSite
import Foundation

/// `clipkit aasa match`: which app a URL opens according to an AASA file, like `swcutil`.
package struct AASAMatchCommand: AsyncParsableCommand {
    /// The command's name and summary.
    package static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "Say which app a URL opens according to an AASA file: match, block or unset.",
        discussion: """
        Exits 0 when the URL opens an app (match) and 1 when it opens the browser (block or unset). \
        The file answers only for the domain it is served for: a URL on another host is unset. The \
        domain is --domain, else the manifest's (--manifest, or ./clipkit.json when it exists) that \
        the URL's host names, or its only one, else the URL's host. --explain says which entry and \
        component decided and why each one before it did not.
        """
    )

    /// The AASA file.
    @Argument(help: "The AASA file.")
    package var file: String

    /// The URL (or a path starting with /).
    @Argument(help: "The URL to match, or a path starting with '/'.")
    package var url: String

    /// The app to answer for.
    @Option(name: .customLong("app-id"), help: "The application identifier (TEAMID.bundleID) to answer for; default: the first app the URL opens.")
    package var appID: String?

    /// The domain the file is served for.
    @Option(name: .long, help: "The domain the file is served for; a URL on another host is unset (default: from the manifest, else the URL's host).")
    package var domain: String?

    /// The manifest to take the domain from.
    @Option(name: .long, help: "The manifest whose domains name the file's domain (default: ./clipkit.json when it exists).")
    package var manifest: String?

    /// Whether to say which component decided and why.
    @Flag(name: .long, help: "Say which entry and component decided, and why each one before it did not match.")
    package var explain = false

    @OptionGroup var output: OutputOptions

    /// Creates the command.
    package init() {}

    /// Matches the URL and prints the answer.
    package func run() async throws {
        let document: AASADocument
        do {
            document = try AASADocument(contentsOfFile: file)
        } catch {
            throw CommandFailure.badInput(error.description)
        }
        let servedDomain = try resolvedDomain()
        let matcher = AASAMatcher(document: document)
        let explanation: AASAMatchExplanation
        do {
            explanation = try matcher.explain(url, appID: appID, domain: servedDomain)
        } catch {
            throw CommandFailure.badInput(error.description)
        }
        let report = AASAMatchReport(explanation, url: url, domain: servedDomain, explains: explain, matcher: matcher)
        Output.emit(report, json: output.json) {
            var line = explanation.result.rawValue
            if let app = explanation.appID { line += " \(app)" }
            if let detail = explanation.detailIndex, let component = explanation.componentIndex {
                line += " (details[\(detail)], component \(component))"
            }
            guard explain else { return line }
            var lines = [line, explanation.summary]
            for step in explanation.steps {
                lines.append("  \(step.path) [\(step.appID)] \(step.verdict.rawValue): \(step.reason)")
            }
            return lines.joined(separator: "\n")
        }
        if explanation.result != .match {
            throw CommandFailure.negative("\(url.truncatedForMessage) opens no app (\(explanation.result.rawValue))")
        }
    }

    /// `--domain`, else the manifest's domain the URL's host names (or its only one), else `nil`
    /// (the URL's own host: nothing to compare).
    func resolvedDomain() throws -> String? {
        if let domain { return domain.lowercased() }
        guard let loaded = try ManifestOption.parse(manifest.map { ["--manifest", $0] } ?? []).loadIfPresent() else { return nil }
        let domains = loaded.domains.map { $0.lowercased() }
        let host = url.firstRange(of: "://").map { url[$0.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" && $0 != ":" }.lowercased() }
        if let host, domains.contains(host) { return host }
        return domains.count == 1 ? domains.first : nil
    }
}
