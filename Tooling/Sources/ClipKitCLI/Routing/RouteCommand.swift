import ArgumentParser
import ClipKit
import ClipWebBridge
import Foundation

/// `clipkit route URL`: which route handles a URL, and with which parameters.
public struct RouteCommand: AsyncParsableCommand {
    /// The command's name and summary.
    public static let configuration = CommandConfiguration(
        commandName: "route",
        abstract: "Route an invocation URL (or a notification's target content identifier) through the manifest."
    )

    /// The URL to route.
    @Argument(help: "The invocation URL.")
    public var url: String

    /// Route the URL as a notification's target content identifier.
    @Flag(name: .long, help: "Treat the URL as a notification's target-content-id.")
    public var notificationTarget = false

    @OptionGroup var manifestOption: ManifestOption
    @OptionGroup var output: OutputOptions

    /// Creates the command.
    public init() {}

    /// Routes the URL and prints the result; exits 1 when no route matches.
    public func run() async throws {
        let manifest = try manifestOption.load()
        let router = try manifestOption.router(for: manifest)
        let result = notificationTarget
            ? router.route(notificationTargetContentIdentifier: url)
            : router.route(url)
        switch result {
        case .success(let match):
            var members: [String: JSONValue] = [
                "matched": .bool(true),
                "route": .string(match.route),
                "params": .strings(match.parameters),
                "handledBy": .string(match.handledBy.rawValue),
                "pattern": .string(match.pattern),
                "query": .array(match.queryItems.map { .object(["name": .string($0.name), "value": .optional($0.value)]) }),
            ]
            if let web = WebContentURL.url(for: match, in: router) {
                members["webContentURL"] = .string(web.absoluteString)
            }
            if let fragment = match.fragment, let kind = router.route(named: match.route)?.fragment {
                // What the route takes from the fragment, and its size; the clip decodes and verifies it.
                members["fragment"] = .object(["kind": .string(kind.rawValue), "length": .integer(fragment.utf8.count)])
            }
            Output.emit(.object(members), json: output.json) {
                var lines = ["route: \(match.route) (handled by \(match.handledBy.rawValue))"]
                for name in match.parameters.keys.sorted() { lines.append("  \(name) = \(match.parameters[name] ?? "")") }
                if let web = members["webContentURL"]?.stringValue { lines.append("  web content: \(web)") }
                return lines.joined(separator: "\n")
            }
        case .failure(let failure):
            Output.emit(.object(["matched": .bool(false), "reason": .string(failure.description)]), json: output.json) {
                "no match: \(failure.description)"
            }
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
