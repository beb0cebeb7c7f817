import ClipSite
import ClipTestSupport
import Foundation
import Testing

/// `clipkit codes` given hostile parameters: a range whose span overflows, thousands of ranges in
/// one argument, URLs and labels with control characters. Each is refused with one line (exit 2)
/// or made safe; memory is the kernel's account of the built `clipkit`, and XML well-formedness is
/// Python's XML parser's verdict on every SVG file written.
@Suite(.serialized) struct CodesHostileInputTests {
    let coffeeShop = TestEnvironment.file("Examples/coffee-shop/clipkit.json")

    func make(_ arguments: [String], in folder: TemporaryDirectory) async throws -> CommandResult {
        try await ChildProcess.clipkit(["codes", "--manifest", coffeeShop.path, "--out", folder.file("out").path] + arguments, timeout: 120)
    }

    func expectRefusedInOneLine(_ result: CommandResult, naming text: String, in folder: TemporaryDirectory, _ comment: String) {
        #expect(result.status == 2, "\(comment): exit \(result.status), \(result.standardError)")
        let lines = result.standardError.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
        #expect(lines.count == 1 && lines.first?.contains(text) == true, "\(comment): \(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("out").path), "\(comment): nothing is written")
    }

    @Test func rangesWhoseSpanOverflowsOrLeavesTheIntegersAreRefusedNamingTheOption() async throws {
        let folder = try TemporaryDirectory(prefix: "codes-overflow")
        for range in ["-1...9223372036854775807", "-9223372036854775808...9223372036854775807", "-9223372036854775808...0",
                      "0...99999999999999999999", "9223372036854775807...-1", "1...10001"] {
            let result = try await make(["--route", "table", "--param", "store=soho", "--param", "table=\(range)"], in: folder)
            expectRefusedInOneLine(result, naming: "--param table=\(range)", in: folder, range)
        }
        // A range within the bounds is made: the refusals above are about the span, not ranges as such.
        let fine = try await make(["--route", "table", "--param", "store=soho", "--param", "table=991...1000", "--json"], in: folder)
        #expect(fine.status == 0, "\(fine.standardError)")
        #expect((try fine.json()["codes"] as? [[String: Any]])?.count == 10)
    }

    @Test func thousandsOfRangesInOneArgumentAreRefusedBeforeTheyAreExpanded() async throws {
        let folder = try TemporaryDirectory(prefix: "codes-ranges")
        // 5,000 ranges of 10,000 values each: 50 million values if they were expanded first.
        let ranges = (0..<5_000).map { "\($0 * 10_000)...\($0 * 10_000 + 9_999)" }.joined(separator: ",")
        let arguments = ["codes", "--manifest", coffeeShop.path, "--out", folder.file("out").path,
                         "--route", "table", "--param", "store=soho", "--param", "table=\(ranges)"]
        let hostile = try await CodesTestTools.clipkitMeasuringPeakMemory(arguments, currentDirectory: folder.url)
        expectRefusedInOneLine(hostile.result, naming: "more than 10000 codes", in: folder, "5,000 ranges")
        #expect(hostile.result.standardError.contains("--param table"))
        #expect(hostile.peakKiB < 200 * 1_024, "clipkit held \(hostile.peakKiB) KiB")

        // The measurement sees clipkit itself: a run that makes 40 codes reaches more than a bare interpreter.
        let normal = try await CodesTestTools.clipkitMeasuringPeakMemory(
            ["codes", "--manifest", coffeeShop.path, "--out", folder.file("normal").path, "--route", "table", "--param", "store=soho", "--param", "table=1...40"],
            currentDirectory: folder.url
        )
        #expect(normal.result.status == 0, "\(normal.result.standardError)")
        #expect(normal.peakKiB > 5 * 1_024 && normal.peakKiB < 200 * 1_024, "clipkit held \(normal.peakKiB) KiB")

        // Single values count as well: 20,001 of them are refused before the URLs are made.
        let values = (1...20_001).map(String.init).joined(separator: ",")
        let many = try await make(["--route", "table", "--param", "store=soho", "--param", "table=\(values)"], in: folder)
        expectRefusedInOneLine(many, naming: "more than 10000 codes", in: folder, "20,001 values")
    }

    @Test func aURLWithAControlCharacterIsRefusedNamingIt() async throws {
        let folder = try TemporaryDirectory(prefix: "codes-control")
        for (url, shown) in [("https://brew.example/s/soho/t/3\u{01}", "U+0001"), ("https://brew.example/s/soho\n/t/3", "U+000A"),
                             ("https://brew.example/s/soho/t/3\u{7F}", "U+007F"), ("https://brew.example/s/soho/t/3\u{85}", "U+0085")] {
            let checked = try await make(["--url", url], in: folder)
            expectRefusedInOneLine(checked, naming: "control character \(shown)", in: folder, shown)
            // Without a manifest, where a URL is not routed at all.
            let unchecked = try await ChildProcess.clipkit(["codes", "--url", url, "--out", folder.file("out").path], currentDirectory: folder.url)
            expectRefusedInOneLine(unchecked, naming: "--url", in: folder, "\(shown), unchecked")
        }
    }

    @Test func everySVGWrittenIsWellFormedXMLWhateverTheLabelHolds() async throws {
        let folder = try TemporaryDirectory(prefix: "codes-xml")
        let template = "T\u{01}\u{0B} <{table}> & \"{store}\" '\u{FFFF}' {n}"
        let result = try await make(["--route", "table", "--param", "store=soho", "--param", "table=1...3", "--label", template, "--json"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        let out = folder.url.appendingPathComponent("out")
        let files = CodesTestTools.svgFiles(under: out)
        #expect(files.count == 4, "three codes and a sheet: \(files.map(\.lastPathComponent))")
        #expect(try await CodesTestTools.xmlProblems(in: files).isEmpty)

        // The labels are the project's one escaper's text, in the sheet as in the report.
        let sheet = try String(contentsOf: out.appendingPathComponent("sheet-1.svg"), encoding: .utf8)
        let label = "T\u{01}\u{0B} <2> & \"soho\" '\u{FFFF}' 2"
        let labels = try #require(try result.json()["codes"] as? [[String: Any]]).compactMap { $0["label"] as? String }
        #expect(labels[1] == label)
        #expect(sheet.contains(">\(TemplateText.escapedForHTML(label))</text>"))
        #expect(TemplateText.escapedForHTML(label) == "T\u{FFFD}\u{FFFD} &lt;2&gt; &amp; &quot;soho&quot; &#39;\u{FFFD}&#39; 2")

        // The verdict counts: the same sheet with the raw label is not XML.
        let raw = folder.file("raw.svg")
        try Data(sheet.replacingOccurrences(of: TemplateText.escapedForHTML(label), with: "T\u{01} 2").utf8).write(to: raw)
        #expect(try await CodesTestTools.xmlProblems(in: [raw]).keys.contains(raw.path))
    }
}
