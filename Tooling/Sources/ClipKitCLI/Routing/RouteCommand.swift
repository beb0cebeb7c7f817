import ArgumentParser
import ClipKit
import Foundation

/// `clipkit route URL`: which route handles a URL, and with which parameters.
package struct RouteCommand: AsyncParsableCommand {
    /// The command's name and summary.
    package static let configuration = CommandConfiguration(
        commandName: "route",
        abstract: "Route an invocation URL (or a notification's target content identifier) through the manifest."
    )

    /// The URL to route.
    @Argument(help: "The invocation URL.")
    package var url: String

    /// Route the URL as a notification's target content identifier.
    @Flag(name: .long, help: "Treat the URL as a notification's target-content-id.")
    package var notificationTarget = false

    @OptionGroup var manifestOption: ManifestOption
    @OptionGroup var output: OutputOptions

    /// Creates the command.
    package init() {}

    /// Routes the URL and prints the result; exits 1 when no route matches.
    package func run() async throws {
        let manifest = try manifestOption.load()
        let router = try manifestOption.router(for: manifest)
        let result = notificationTarget
            ? router.route(notificationTargetContentIdentifier: url)
            : router.route(url)
        let report = RouteReport(result, router: router)
        Output.emit(report, json: output.json) {
            guard case .success(let match) = result else { return "no match: \(report.reason ?? "")" }
            var lines = ["route: \(match.route) (handled by \(match.handledBy.rawValue))"]
            for name in match.parameters.keys.sorted() { lines.append("  \(name) = \(match.parameters[name] ?? "")") }
            if let web = report.webContentURL { lines.append("  web content: \(web)") }
            return lines.joined(separator: "\n")
        }
        if case .failure(let failure) = result {
            throw CommandFailure.negative("no route matches \(url.truncatedForMessage): \(failure.description)")
        }
    }
}

extension String {
    /// The string cut to a length that suits one line of an error message.
    var truncatedForMessage: String {
        count <= 120 ? self : String(prefix(117)) + "…"
    }
}
