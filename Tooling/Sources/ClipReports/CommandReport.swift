import ClipKit
import Foundation

/// What every `--json` report of `clipkit` is: an `Encodable` value with a `schemaVersion`, and
/// the description of its members from which its JSON Schema is generated.
///
/// A report encodes `schemaVersion` as a stored member (``ReportVersion/current``); the generated
/// schema requires it, so a report that leaves it out fails the schema test.
package protocol CommandReport: Encodable, Sendable {
    /// The schema's file name without `.schema.json`, such as `route` or `aasa-validate`.
    static var schemaName: String { get }
    /// The commands that print the report, for the schema's title.
    static var commands: String { get }
    /// The report's members other than `schemaVersion`.
    static var members: [ReportMember] { get }
    /// The version the report was written with.
    var schemaVersion: Int { get }
}

/// The version of the reports' shapes: 1 until a member is removed or changes meaning.
package enum ReportVersion {
    /// Today's version.
    package static let current = 1
}

extension CommandReport {
    /// The report's JSON Schema document (draft 2020-12).
    package static var jsonSchema: JSONValue {
        guard case .object(var root) = ReportSchema.object([.required("schemaVersion", .integer)] + members).jsonSchema else {
            return .null
        }
        if case .object(var properties) = root["properties"] {
            properties["schemaVersion"] = .object(["const": .number(ReportVersion.current)])
            root["properties"] = .object(properties)
        }
        root["$schema"] = .string("https://json-schema.org/draft/2020-12/schema")
        root["title"] = .string("\(commands) --json")
        return .object(root)
    }

    /// The report as one line of JSON, members sorted by name.
    package var jsonLine: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(self), as: UTF8.self)
        } catch {
            // Reports hold strings, numbers and JSONValue only; a non-finite number is the one way to fail.
            return #"{"schemaVersion":\#(ReportVersion.current),"error":{"code":"internal","message":"the report could not be encoded"}}"#
        }
    }
}

/// What `--json` prints when a command cannot answer: bad usage, unreadable input, or a failure
/// that left no report — `{"schemaVersion": 1, "error": {"code", "message"}}`, the same for every command.
package struct ErrorReport: CommandReport {
    /// Why the command could not answer.
    package struct Failure: Encodable, Sendable {
        /// `usage` (the arguments), `bad-input` (an input that cannot be read or used) or `failed`.
        package let code: String
        /// The line printed on standard error.
        package let message: String
    }

    package static let schemaName = "error"
    package static let commands = "any clipkit command that cannot answer"
    package static let members: [ReportMember] = [
        .required("error", .object([.required("code", .oneOf(ErrorReport.codes)), .required("message", .string)])),
    ]
    /// The codes an error report has.
    package static let codes = ["usage", "bad-input", "failed"]

    package let schemaVersion = ReportVersion.current
    /// Why the command could not answer.
    package let error: Failure

    /// An error report with `code` (one of ``codes``) and the message.
    package init(code: String, message: String) {
        error = Failure(code: code, message: message)
    }
}
