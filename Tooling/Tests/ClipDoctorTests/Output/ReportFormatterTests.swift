import ClipReports
import ClipDoctor
@_spi(ClipKitTooling) import ClipKit
import Foundation
import Testing

@Suite struct ReportFormatterTests {
    let report = DoctorReport(findings: [
        Finding(code: "clip.entitlements.applinks", severity: .warning, message: "a, b: 50% done\nnext", file: "Clip/Clip.entitlements", path: "k", fix: "remove it"),
        Finding(code: "clip.entitlements.app-group", severity: .error, message: "missing", file: "Clip/Clip.entitlements", path: nil, fix: "add it"),
        Finding(code: "archive.code-signature", severity: .error, message: "unsigned", file: "App.ipa:Payload/App.app/App", path: nil, fix: "sign"),
        Finding(code: "size.bundle", severity: .info, message: "9 MB", file: nil, path: nil, fix: "nothing"),
    ], checkedFiles: ["Clip/Clip.entitlements", "App.ipa"])

    @Test func groupsByFileWithErrorsFirst() {
        #expect(report.groupedByFile.map(\.file) == ["Clip/Clip.entitlements", "App.ipa:Payload/App.app/App", nil])
        #expect(report.findings.map(\.code) == ["clip.entitlements.app-group", "clip.entitlements.applinks", "archive.code-signature", "size.bundle"])
        #expect(!report.isOK)
        #expect(report.count(of: .error) == 2)
    }

    @Test func githubAnnotationsEscapeTheirFields() {
        let lines = ReportFormatter.githubAnnotations(report).split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines[0] == "::error file=Clip/Clip.entitlements,title=clip.entitlements.app-group::missing. Fix: add it")
        #expect(lines[1] == "::warning file=Clip/Clip.entitlements,title=clip.entitlements.applinks (k)::a, b: 50%25 done%0Anext. Fix: remove it")
        #expect(lines[2].hasPrefix("::error file=App.ipa,title=archive.code-signature::"))
        #expect(lines[3].hasPrefix("::notice title=size.bundle::"))
        #expect(lines[4] == "clipkit doctor: 2 errors, 1 warnings, 1 notices")
    }

    @Test func textColoursOnlyWhenAsked() {
        #expect(!ReportFormatter.text(report, colors: false).contains("\u{1B}["))
        #expect(ReportFormatter.text(report, colors: true).contains("\u{1B}[31;1merror"))
    }

    @Test func jsonHasTheDocumentedShape() throws {
        let json = try JSONValue(parsing: Data(report.jsonLine.utf8))
        #expect(json["schemaVersion"] == .number(1))
        #expect(json["ok"] == .bool(false))
        #expect(json["findings"]?.arrayValue?.count == 4)
        #expect(json["findings"]?.arrayValue?.last?["file"] == nil, "a member without a value is left out")
        #expect(json["findings"]?.arrayValue?.contains { $0["path"] == .string("k") } == true)
        #expect(json["counts"]?["error"] == .number(2))
    }
}
