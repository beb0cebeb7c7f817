/// One problem (or notable fact) a check found, with where it is and how to fix it: the one
/// diagnostic shape of `clipkit`, `{code, severity, message, file, path, line, fix}`, that
/// `manifest validate`, `aasa validate` and `doctor` print (members without a value are left out).
package struct Finding: Sendable, Hashable, Codable {
    /// A stable identifier such as `clip.entitlements.parent-identifier` or `aasa.file.byteOrderMark`.
    package var code: String
    /// How serious the finding is.
    package var severity: Severity
    /// What is wrong, for a person.
    package var message: String
    /// The file (or URL) the finding is about: a path, or `archive:inner/path` for a file inside an `.ipa`.
    package var file: String?
    /// Where inside the file: a JSON path (`$.routes[0].pattern`), an entitlement or an Info.plist key.
    package var path: String?
    /// The line in the file, counting from 1, when known.
    package var line: Int?
    /// What to change to make the finding go away, when there is more to say than the message.
    package var fix: String?

    /// Creates a finding.
    package init(code: String, severity: Severity, message: String, file: String?, path: String?, line: Int? = nil, fix: String?) {
        self.code = code
        self.severity = severity
        self.message = message
        self.file = file
        self.path = path
        self.line = line
        self.fix = fix
    }

    /// The description of a finding in a report's schema.
    package static let schema = ReportSchema.object([
        .required("code", .string),
        .required("severity", .oneOf(Severity.allCases.map(\.rawValue))),
        .required("message", .string),
        .optional("file", .string),
        .optional("path", .string),
        .optional("line", .integer),
        .optional("fix", .string),
    ])
}
