import ClipDoctor
import ClipTestSupport
import Foundation
import Testing

/// Seeded mutations of a realistic size report: every case must parse or give a
/// ``SizeReportError`` — no crash, no hang.
@Suite struct SizeReportFuzzTests {
    @Test func mutatedReportsNeverCrash() {
        let seed = [UInt8](Fixtures.realisticReport.utf8)
        var mutator = SeededMutator(seed: 0x512e_0001)
        var parsed = 0, rejected = 0
        let start = ContinuousClock.now
        for _ in 0..<5_000 {
            let input = Data(mutator.mutate(seed, maximumEdits: 4, edits: SeededMutator.Edit.binary))
            do {
                let report = try SizeReportParser().parse(input)
                #expect(!report.variants.isEmpty)
                parsed += 1
            } catch {
                rejected += 1
            }
        }
        #expect(parsed > 0)
        #expect(rejected > 0)
        #expect(ContinuousClock.now - start < .seconds(60))
    }

    @Test func hugeSingleLinesStayBounded() throws {
        // 2,000 descriptors on one line is the cap; 3,000 is refused rather than parsed slowly.
        let descriptors = (0..<3_000).map { "[device: iPhone\($0),1, os-version: 16.0]" }.joined(separator: ", ")
        let text = "Variant: A.ipa\nSupported variant descriptors: \(descriptors)\nApp size: 1 MB compressed, 2 MB uncompressed\n"
        #expect(throws: SizeReportError.malformedLine(line: 2, reason: "more than 2000 variant descriptors")) {
            _ = try SizeReportParser().parse(text: text)
        }
    }
}
