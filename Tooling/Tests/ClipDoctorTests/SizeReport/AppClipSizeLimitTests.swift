import ClipDoctor
import Testing

@Suite struct AppClipSizeLimitTests {
    @Test(arguments: [
        ("14.0", [ClipInvocationKind.digital], Int64(10_000_000)),
        ("15.1", [.digital], 10_000_000),
        ("15.1", [.physical], 10_000_000),
        ("16.0", [.digital], 15_000_000),
        ("16.4", [.digital, .physical], 15_000_000),
        ("17.0", [.digital], 100_000_000),
        ("18.2", [.digital], 100_000_000),
        ("17.0", [.physical], 15_000_000),
        ("17.0", [.digital, .physical], 15_000_000),
        ("16.0", [.demo], 100_000_000),
        ("17.0", [.demo, .digital], 100_000_000),
        ("16.0", [.demo, .physical], 15_000_000),
        ("17.0", [], 15_000_000),
    ])
    func limitFollowsMinimumIOSAndInvocations(version: String, invocations: [ClipInvocationKind], bytes: Int64) throws {
        let limit = try #require(AppClipSizeLimit.forClip(minimumIOS: version, invocations: Set(invocations)))
        #expect(limit.bytes == bytes)
        #expect(limit.reason.contains("1 MB = 1,000,000 bytes"))
        #expect(limit.reason.contains(version))
    }

    @Test func rejectsVersionsThatAreNotVersions() {
        #expect(AppClipSizeLimit.forClip(minimumIOS: "sixteen", invocations: [.digital]) == nil)
        #expect(AppClipSizeLimit.forClip(minimumIOS: "", invocations: [.digital]) == nil)
        #expect(AppClipSizeLimit.forClip(minimumIOS: "16..0", invocations: [.digital]) == nil)
    }

    @Test func evaluationComparesTheLargestVariant() throws {
        let report = try SizeReportParser().parse(text: Fixtures.realisticReport)
        let sixteen = try #require(AppClipSizeLimit.forClip(minimumIOS: "16.0", invocations: [.digital, .physical]))
        let fits = SizeEvaluation(report: report, limit: sixteen)
        #expect(fits.largestUncompressedBytes == 12_400_000)
        #expect(fits.withinLimit)
        #expect(fits.findings(file: "r.txt").isEmpty)
        let fifteen = try #require(AppClipSizeLimit.forClip(minimumIOS: "15.0", invocations: [.digital]))
        let over = SizeEvaluation(report: report, limit: fifteen)
        #expect(!over.withinLimit)
        let findings = over.findings(file: "r.txt")
        #expect(findings.map(\.code) == ["size.over-limit"])
        #expect(findings.first?.message.contains("1 of 4 variants are over") == true)
        #expect(findings.first?.path == "line 15")
    }

    @Test func exactlyAtTheLimitIsWithin() throws {
        let report = try SizeReportParser().parse(text: Fixtures.sizeReport([.init(name: "A.ipa", compressed: "5 MB", uncompressed: "15 MB")]))
        let limit = try #require(AppClipSizeLimit.forClip(minimumIOS: "16.0", invocations: [.physical]))
        let evaluation = SizeEvaluation(report: report, limit: limit)
        #expect(evaluation.withinLimit)
        #expect(evaluation.findings(file: "r.txt").map(\.code) == ["size.near-limit"])
    }
}
