/// One problem (or notable fact) that `clipkit doctor` found, with where it is and how to fix it.
public struct Finding: Sendable, Hashable, Codable {
    /// A stable identifier such as `clip.entitlements.parent-identifier`; see ``DoctorCode``.
    public var code: String
    /// How serious the finding is.
    public var severity: Severity
    /// What is wrong, for a person.
    public var message: String
    /// The file the finding is about: a path, or `archive:inner/path` for a file inside an `.ipa`.
    public var file: String?
    /// The key inside the file (an entitlement, an Info.plist key, a JSON path), when there is one.
    public var key: String?
    /// What to change to make the finding go away.
    public var fix: String

    /// Creates a finding.
    public init(code: String, severity: Severity, message: String, file: String?, key: String?, fix: String) {
        self.code = code
        self.severity = severity
        self.message = message
        self.file = file
        self.key = key
        self.fix = fix
    }

    /// Creates a finding with a known code, at that code's usual severity unless another is given.
    public init(_ code: DoctorCode, severity: Severity? = nil, message: String, file: String?, key: String?, fix: String) {
        self.init(code: code.rawValue, severity: severity ?? code.severity, message: message, file: file, key: key, fix: fix)
    }
}
