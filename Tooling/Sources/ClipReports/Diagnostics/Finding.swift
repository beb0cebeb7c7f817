/// One problem (or notable fact) a check found, with where it is and how to fix it: the one
/// diagnostic shape of `clipkit`, `{code, severity, message, file, path, line, fix}`, that
/// `manifest validate`, `aasa validate` and `doctor` print (members without a value are left out).
public struct Finding: Sendable, Hashable, Codable {
    /// A stable identifier such as `clip.entitlements.parent-identifier` or `aasa.file.byteOrderMark`.
    public var code: String
    /// How serious the finding is.
    public var severity: Severity
    /// What is wrong, for a person.
    public var message: String
    /// The file (or URL) the finding is about: a path, or `archive:inner/path` for a file inside an `.ipa`.
    public var file: String?
    /// Where inside the file: a JSON path (`$.routes[0].pattern`), an entitlement or an Info.plist key.
    public var path: String?
    /// The line in the file, counting from 1, when known.
    public var line: Int?
    /// What to change to make the finding go away, when there is more to say than the message.
    public var fix: String?

    /// Creates a finding.
    public init(code: String, severity: Severity, message: String, file: String?, path: String?, line: Int? = nil, fix: String?) {
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
