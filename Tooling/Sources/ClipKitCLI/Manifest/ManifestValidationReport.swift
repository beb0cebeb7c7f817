import ClipKitGeneration
import ClipManifestReader
import ClipReports

/// What `clipkit manifest validate --json` prints: whether the manifest is valid, every problem
/// as a ``Finding`` with its JSON path, and every warning (what is allowed but likely not meant,
/// such as a route whose captures can match the AASA file's path).
package struct ManifestValidationReport: CommandReport {
    package static let schemaName = "manifest-validate"
    package static let commands = "clipkit manifest validate"
    package static let members: [ReportMember] = [
        .required("valid", .boolean),
        .required("manifest", .string),
        .required("errors", .array(Finding.schema)),
        .required("warnings", .array(Finding.schema)),
    ]

    /// The code of a warning.
    package static let warningCode = "manifest.warning"

    package let schemaVersion = ReportVersion.current
    /// Whether the manifest has no problem; warnings do not make it invalid.
    package let valid: Bool
    /// The manifest's path.
    package let manifest: String
    /// Every problem, at error level.
    package let errors: [Finding]
    /// Every warning (``warningCode``, at warning level), found when the manifest is valid, then what the manifest plugin would leave out of the
    /// generated Swift, and why (`manifest.no-swift-type`).
    package var warnings: [Finding]

    /// The report for the manifest at `file`, which loaded (`error` is `nil`) or failed with `error`;
    /// `lines` gives the line of each JSON path, where known.
    package init(file: String, error: ManifestError?, warnings: [ManifestIssue] = [], lines: [String: Int] = [:]) {
        manifest = file
        errors = error.map { error in
            error.issues.map { issue in
                var finding = Self.finding(issue, file: file, error: error)
                finding.line = lines[issue.path]
                return finding
            }
        } ?? []
        self.warnings = warnings.map { issue in
            Finding(code: Self.warningCode, severity: .warning, message: issue.message, file: file, path: issue.path, line: lines[issue.path], fix: nil)
        }
        valid = errors.isEmpty
    }

    /// A warning of the manifest compiler as a finding at its path: `manifest.no-swift-type` for a
    /// handoff type left without a Swift type (those stand under `$.handoff`), ``warningCode`` for
    /// the manifest's own warnings.
    static func finding(warning: ManifestDiagnostic) -> Finding {
        let code = (warning.path ?? "").hasPrefix("$.handoff") ? "manifest.no-swift-type" : warningCode
        return Finding(code: code, severity: .warning, message: warning.message, file: warning.file, path: warning.path, line: warning.line, fix: nil)
    }

    /// An issue as a finding: `manifest.invalid` at its path, or what kept the file from being read.
    static func finding(_ issue: ManifestIssue, file: String, error: ManifestError) -> Finding {
        let code: String
        switch error {
        case .invalid: code = "manifest.invalid"
        case .notJSON: code = "manifest.not-json"
        case .tooLarge: code = "manifest.too-large"
        case .unreadable: code = "manifest.unreadable"
        }
        return Finding(code: code, severity: .error, message: issue.message, file: file, path: issue.path, fix: nil)
    }
}
