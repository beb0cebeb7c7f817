import ClipAASA
import ClipDoctor
import ClipReports

/// What `clipkit aasa validate --json` prints: whether the file (and the share links) are valid,
/// every finding in the one diagnostic shape, and with `--cdn` how Apple's copy compares.
package struct AASAValidateReport: CommandReport {
    package static let schemaName = "aasa-validate"
    package static let commands = "clipkit aasa validate"
    package static let members: [ReportMember] = [
        .required("valid", .boolean),
        .optional("source", .string),
        .required("errors", .array(Finding.schema)),
        .required("warnings", .array(Finding.schema)),
        .optional("cdn", .array(AASACDNReport.schema)),
        .optional("shareLinks", .array(ShareLinkReport.schema)),
    ]

    package let schemaVersion = ReportVersion.current
    /// Whether nothing is at error level.
    package let valid: Bool
    /// The file or URL validated; absent when only share links were checked.
    package let source: String?
    package let errors: [Finding]
    package let warnings: [Finding]
    package let cdn: [AASACDNReport]?
    package let shareLinks: [ShareLinkReport]?

    /// The report of `report` for `source` (its findings about that file), with the CDN
    /// comparisons and share links when they were asked for.
    package init(source: String?, report: AASAValidationReport, cdn: [AASACDNReport]?, shareLinks: [ShareLinkReport]?) {
        self.source = source
        errors = report.errors.map { $0.finding(file: source) }
        warnings = report.warnings.map { $0.finding(file: source) }
        self.cdn = cdn
        self.shareLinks = shareLinks
        valid = report.isValid && (shareLinks ?? []).allSatisfy(\.isOK)
    }
}
