import ClipReports

extension DoctorReport: CommandReport {
    package static let schemaName = "doctor"
    package static let commands = "clipkit doctor"
    package static let members: [ReportMember] = [
        .required("ok", .boolean),
        .required("findings", .array(Finding.schema)),
        .required("counts", .object(Severity.allCases.map { .required($0.rawValue, .integer) })),
        .required("checked", .array(.string)),
        .optional("shareLinks", .array(ShareLinkReport.schema)),
    ]

    package var schemaVersion: Int { ReportVersion.current }

    private enum CodingKeys: String, CodingKey {
        case schemaVersion, ok, findings, counts, checked, shareLinks
    }

    /// `{schemaVersion, ok, findings, counts: {error, warning, info}, checked, shareLinks}`, the last
    /// only when a share link was checked.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(schemaVersion, forKey: .schemaVersion)
        try container.encode(isOK, forKey: .ok)
        try container.encode(findings, forKey: .findings)
        try container.encode(Dictionary(uniqueKeysWithValues: Severity.allCases.map { ($0.rawValue, count(of: $0)) }), forKey: .counts)
        try container.encode(checkedFiles, forKey: .checked)
        if !shareLinks.isEmpty { try container.encode(shareLinks, forKey: .shareLinks) }
    }
}
