import ClipReports

/// What `clipkit generate entitlements|swift --json` prints: the files written (and, for the
/// Swift, whether it changed).
package struct GeneratedFilesReport: CommandReport {
    package static let schemaName = "generate"
    package static let commands = "clipkit generate entitlements, clipkit generate swift"
    package static let members: [ReportMember] = [
        .required("files", .array(.string)),
        .optional("written", .boolean),
        .optional("warnings", .array(Finding.schema)),
    ]

    package let schemaVersion = ReportVersion.current
    /// The files' paths.
    package let files: [String]
    /// Whether the file was written (`false` when it already held the same text); `swift` only.
    package let written: Bool?
    /// Each handoff type left without a Swift type and why (`code` `manifest.no-swift-type`); `swift`
    /// only, and only when there is one.
    package var warnings: [Finding]? = nil
}
