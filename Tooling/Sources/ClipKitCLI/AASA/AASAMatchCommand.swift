import ArgumentParser
import ClipAASA
import ClipKit
import ClipSite
import Foundation

/// `clipkit aasa match`: which app a URL opens according to an AASA file, like `swcutil`.
public struct AASAMatchCommand: AsyncParsableCommand {
    /// The command's name and summary.
    public static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "Say which app a URL opens according to an AASA file: match, block or unset.",
        discussion: "Exits 0 when the URL opens an app (match) and 1 when it opens the browser (block or unset)."
    )

    /// The AASA file.
    @Argument(help: "The AASA file.")
    public var file: String

    /// The URL (or a path starting with /).
    @Argument(help: "The URL to match, or a path starting with '/'.")
    public var url: String

    /// The app to answer for.
    @Option(name: .customLong("app-id"), help: "The application identifier (TEAMID.bundleID) to answer for; default: the first app the URL opens.")
    public var appID: String?

    @OptionGroup var output: OutputOptions

    /// Creates the command.
    public init() {}

    /// Matches the URL and prints the answer.
    public func run() async throws {
        let document: AASADocument
        do {
            document = try AASADocument(contentsOfFile: file)
        } catch {
            throw CommandFailure.badInput(error.description)
        }
        let matcher = AASAMatcher(document: document)
        let result: AASAMatchResult
        do {
            result = try matcher.match(url, appID: appID)
        } catch {
            throw CommandFailure.badInput(error.description)
        }
        var members: [String: JSONValue] = [
            "result": .string(result.outcome.rawValue),
            "appID": .optional(result.appID),
            "componentIndex": result.componentIndex.map(JSONValue.integer) ?? .null,
            "detailIndex": result.detailIndex.map(JSONValue.integer) ?? .null,
            "url": .string(url),
        ]
        if !matcher.problems.isEmpty {
            members["patternProblems"] = .array(matcher.problems.map { .object(["path": .string($0.path), "message": .string($0.message)]) })
        }
        Output.emit(.object(members), json: output.json) {
            var line = "\(result.outcome.rawValue)"
            if let app = result.appID { line += " \(app)" }
            if let detail = result.detailIndex, let component = result.componentIndex {
                line += " (details[\(detail)], component \(component))"
            }
            return line
        }
        if result.outcome != .match {
            throw CommandFailure.negative("\(url.truncatedForMessage) opens no app (\(result.outcome.rawValue))")
        }
    }
}
