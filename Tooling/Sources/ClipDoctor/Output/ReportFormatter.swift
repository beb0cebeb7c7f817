import ClipReports
import ClipKit

/// Renders a ``DoctorReport`` for people and for GitHub Actions (scripts read the report itself as JSON).
package enum ReportFormatter {
    /// The report as text for a terminal, grouped by file; ANSI colours when `colors` is set.
    package static func text(_ report: DoctorReport, colors: Bool) -> String {
        func paint(_ text: String, _ code: String) -> String { colors ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
        var lines: [String] = []
        for group in report.groupedByFile {
            lines.append(paint(group.file ?? "(no file)", "1"))
            for finding in group.findings {
                let label: String
                switch finding.severity {
                case .error: label = paint("error", "31;1")
                case .warning: label = paint("warning", "33;1")
                case .info: label = paint("info", "36")
                }
                let path = finding.path.map { " [\($0)]" } ?? ""
                lines.append("  \(label) \(finding.code)\(path): \(finding.message)")
                if let fix = finding.fix { lines.append("    " + paint("fix: \(fix)", "2")) }
            }
        }
        for link in report.shareLinks {
            lines.append(paint("share link", "1") + " " + link.summary)
        }
        let errors = report.count(of: .error), warnings = report.count(of: .warning), infos = report.count(of: .info)
        let summary = "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s"), \(infos) info in \(report.checkedFiles.count) input\(report.checkedFiles.count == 1 ? "" : "s")"
        if report.findings.isEmpty {
            lines.append(paint("✓ no findings", "32;1") + " (\(summary))")
        } else {
            lines.append(report.isOK ? paint("✓ ok", "32;1") + ": \(summary)" : paint("✗ not ok", "31;1") + ": \(summary)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The report as GitHub Actions workflow commands (`::error file=…,title=…::message`), one per
    /// finding, then a summary line.
    package static func githubAnnotations(_ report: DoctorReport) -> String {
        var lines: [String] = []
        for finding in report.findings {
            let command: String
            switch finding.severity {
            case .error: command = "error"
            case .warning: command = "warning"
            case .info: command = "notice"
            }
            var properties: [String] = []
            if let file = finding.file { properties.append("file=\(escapeProperty(repositoryPath(file)))") }
            properties.append("title=\(escapeProperty(finding.code + (finding.path.map { " (\($0))" } ?? "")))")
            let message = finding.fix.map { "\(finding.message). Fix: \($0)" } ?? finding.message
            lines.append("::\(command) \(properties.joined(separator: ","))::\(escapeData(message))")
        }
        lines.append("clipkit doctor: \(report.count(of: .error)) errors, \(report.count(of: .warning)) warnings, \(report.count(of: .info)) notices")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The path GitHub can attach an annotation to: for a file inside an `.ipa`, the `.ipa` itself.
    static func repositoryPath(_ file: String) -> String {
        if let range = file.range(of: ".ipa:", options: .caseInsensitive) {
            return String(file[..<file.index(range.lowerBound, offsetBy: 4)])
        }
        return file
    }

    /// Escapes a workflow-command property value: `%`, CR, LF, `:` and `,`.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    /// Escapes a workflow-command message: `%`, CR and LF.
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }
}
