import ClipReports

/// What `clipkit generate entitlements|swift --json` prints: the files written (and, for the
/// Swift, whether it changed).
package struct GeneratedFilesReport: CommandReport {
    package static let schemaName = "generate"
    package static let commands = "clipkit generate entitlements, clipkit generate swift"
    package static let members: [ReportMember] = [
        .required("files", .array(.string)),
        .optional("written", .boolean),
    ]

    package let schemaVersion = ReportVersion.current
    /// The files' paths.
    package let files: [String]
    /// Whether the file was written (`false` when it already held the same text); `swift` only.
    package let written: Bool?
}
