import ClipReports

/// Everything `clipkit doctor` found, grouped by file.
package struct DoctorReport: Sendable, Hashable {
    /// The findings, grouped by file in the order files were checked; within a file, errors first.
    package private(set) var findings: [Finding]
    /// The files (and URLs) that were checked.
    package var checkedFiles: [String]
    /// What each `--share-link` answered, found something or not.
    package var shareLinks: [ShareLinkReport] = []

    /// Creates a report; findings are grouped by file and ordered by severity within each file.
    package init(findings: [Finding], checkedFiles: [String]) {
        self.checkedFiles = checkedFiles
        var order: [String?] = []
        for finding in findings where !order.contains(finding.file) { order.append(finding.file) }
        self.findings = order.flatMap { file in
            findings.enumerated().filter { $0.element.file == file }
                .sorted { ($0.element.severity, $0.offset) < ($1.element.severity, $1.offset) }
                .map(\.element)
        }
    }

    /// Whether nothing at error level was found.
    package var isOK: Bool {
        !findings.contains { $0.severity == .error }
    }

    /// How many findings have `severity`.
    package func count(of severity: Severity) -> Int {
        findings.filter { $0.severity == severity }.count
    }

    /// The findings grouped by file, in report order.
    package var groupedByFile: [(file: String?, findings: [Finding])] {
        var groups: [(file: String?, findings: [Finding])] = []
        for finding in findings {
            if let last = groups.indices.last, groups[last].file == finding.file {
                groups[last].findings.append(finding)
            } else {
                groups.append((finding.file, [finding]))
            }
        }
        return groups
    }
}
