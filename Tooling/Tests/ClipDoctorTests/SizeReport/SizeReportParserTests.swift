import ClipDoctor
import Foundation
import Testing

@Suite struct SizeReportParserTests {
    @Test func readsEveryVariantOfARealisticReport() throws {
        let report = try SizeReportParser().parse(Data(Fixtures.realisticReport.utf8))
        #expect(report.title == "App Thinning Size Report for All Variants of RoadFlareClip")
        #expect(report.variants.count == 4)
        #expect(report.variants.map(\.uncompressedBytes) == [9_100_000, 9_800_000, 12_400_000, 2_100_000])
        #expect(report.variants.map(\.compressedBytes) == [3_900_000, 4_200_000, 5_600_000, 980_000])
        #expect(report.variants[0].descriptors.count == 4)
        #expect(report.variants[0].descriptors[3] == .init(device: "iPhone11,8", osVersion: "16.0"))
        #expect(report.variants[1].descriptors.map(\.device) == ["iPhone15,2", "iPhone15,3"])
        #expect(report.variants[2].isUniversal)
        #expect(report.variants[2].onDemandResourcesSize == nil)
        #expect(report.variants[0].onDemandResourcesSize == .init(compressedBytes: 0, uncompressedBytes: 0))
        #expect(report.largestVariant?.name == "RoadFlareClip.ipa")
        #expect(report.variants.map(\.line) == [3, 9, 15, 19])
    }

    @Test(arguments: [
        ("Zero KB", Int64(0)), ("512 bytes", 512), ("1 byte", 1), ("667 KB", 667_000), ("13.7 MB", 13_700_000),
        ("9.85 MB", 9_850_000), ("1.2 GB", 1_200_000_000), ("5,4 MB", 5_400_000), ("10 MB", 10_000_000),
    ])
    func readsByteCountsInDecimalUnits(text: String, bytes: Int64) throws {
        let report = try SizeReportParser().parse(text: Fixtures.sizeReport([.init(name: "A.ipa", compressed: "1 KB", uncompressed: text)]))
        #expect(report.variants[0].uncompressedBytes == bytes)
    }

    @Test func usesTheAppAndODRLineWhenAppSizeIsMissing() throws {
        let text = """
        Variant: Clip.ipa
        Supported variant descriptors: Universal
        App + On Demand Resources size: 2 MB compressed, 4.5 MB uncompressed
        """
        let report = try SizeReportParser().parse(text: text)
        #expect(report.variants[0].uncompressedBytes == 4_500_000)
    }

    @Test func toleratesWindowsLineEndingsAndIndentation() throws {
        let text = Fixtures.realisticReport.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\r\n")
        let report = try SizeReportParser().parse(text: text)
        #expect(report.variants.count == 4)
    }

    @Test(arguments: [
        ("just some text\nwith no variants", "no 'Variant:'"),
        ("Variant: A.ipa\nSupported variant descriptors: Universal\n", "has no 'App size:'"),
        ("Variant: A.ipa\nApp size: lots compressed, more uncompressed", "line 2"),
        ("Variant: A.ipa\nApp size: 1 MB compressed", "line 2"),
        ("Variant: A.ipa\nApp size: 1 XB compressed, 2 MB uncompressed", "line 2"),
        ("Variant: A.ipa\nApp size: 1,234 KB compressed, 2 MB uncompressed", "line 2"),
        ("Variant: A.ipa\nApp size: 99999999999999999999 MB compressed, 2 MB uncompressed", "line 2"),
        ("Variant: A.ipa\nSupported variant descriptors: [device: iPhone15,2, os-version: 16.0\nApp size: 1 MB compressed, 2 MB uncompressed", "not closed"),
        ("Variant: \nApp size: 1 MB compressed, 2 MB uncompressed", "without a name"),
    ])
    func rejectsMalformedReports(text: String, expected: String) {
        #expect {
            _ = try SizeReportParser().parse(text: text)
        } throws: { error in
            (error as? SizeReportError)?.description.contains(expected) == true
        }
    }

    @Test func capsSizeAndVariantCount() {
        #expect(throws: SizeReportError.tooLarge(bytes: 11, limit: 10)) {
            _ = try SizeReportParser(maximumBytes: 10).parse(Data(repeating: 0x41, count: 11))
        }
        let many = Fixtures.sizeReport((0..<4).map { .init(name: "V\($0).ipa", compressed: "1 MB", uncompressed: "2 MB") })
        #expect(throws: SizeReportError.tooManyVariants(limit: 3)) {
            _ = try SizeReportParser(maximumVariants: 3).parse(text: many)
        }
        #expect(throws: SizeReportError.notText) {
            _ = try SizeReportParser().parse(Data([0x56, 0xFF, 0xFE, 0x00]))
        }
    }
}
