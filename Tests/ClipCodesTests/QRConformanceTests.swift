@testable import ClipCodes
import ClipTestSupport
import Foundation
import Testing

/// ClipCodes' QR codes against the outside: zbar (Debian's `zbarimg`) must read every code back to
/// its text, segno (PyPI) must never need a smaller version at the same level, and at a version
/// and mask fixed for both, segno's symbol must be ClipCodes' module for module.
@Suite(.serialized) struct QRConformanceTests {
    static let levels: [QRErrorCorrection] = [.low, .medium, .quartile, .high]

    @Test func twoThousandURLsDecodeToThemselvesAndNeverNeedALargerVersionThanSegno() async throws {
        let urls = try await TestURLs.make(count: 2_000, signedLinks: 100, seed: 0xC0DE5)
        #expect(urls.count == 2_000)
        #expect(urls.map(\.count).min() ?? 0 <= 20 && urls.map(\.count).max() ?? 0 >= 1_150, "lengths span 10 to 1,200")
        #expect(urls.filter { $0.contains("#") && $0.hasPrefix("https://roadflare.app/share/d/npub1") }.count == 100)

        let folder = try TemporaryDirectory(prefix: "qr-differential")
        var files: [URL] = []
        var codes: [QRCode] = []
        for (index, url) in urls.enumerated() {
            // Every level in turn; 2 pixels a module keeps zbar's work small and still reads.
            let code = try QRCode(encoding: url, errorCorrection: Self.levels[index % 4], boostsErrorCorrection: false)
            let file = folder.url.appendingPathComponent("\(index).png")
            try Data(code.png(pixelsPerModule: 2)).write(to: file)
            files.append(file)
            codes.append(code)
        }
        #expect(Set(codes.flatMap(\.modes)) == Set(QRMode.allCases), "the URLs exercise every mode")
        #expect(Set(codes.map(\.version)).count >= 35, "the URLs span the versions")

        let decoded = try await CodeReferences.decodeQRCodes(in: files)
        var misread: [String] = []
        for (index, file) in files.enumerated() where decoded[file.path] != [urls[index]] {
            misread.append("#\(index) \(codes[index].version)-\(codes[index].errorCorrection.rawValue) \(urls[index].prefix(80)): zbar read \(decoded[file.path] ?? [])")
        }
        #expect(misread.isEmpty, "\(misread.count) codes misread, first: \(misread.prefix(3))")

        let reference = try await CodeReferences.segnoVersions(urls.enumerated().map { ($1, Self.levels[$0 % 4].rawValue) })
        var larger: [String] = []
        var smaller = 0
        for (index, version) in reference.enumerated() {
            if codes[index].version > version { larger.append("#\(index): ours \(codes[index].version), segno \(version): \(urls[index].prefix(80))") }
            if codes[index].version < version { smaller += 1 }
        }
        #expect(larger.isEmpty, "\(larger.count) codes larger than segno's, first: \(larger.prefix(3))")
        // Mixed segments make some codes smaller than segno's single-mode ones (digit runs).
        #expect(smaller > 0)
    }

    @Test func atAFixedVersionAndMaskTheSymbolIsSegnosModuleForModule() async throws {
        var random = SeededGenerator(seed: 0x5E6)
        var cases: [(text: String, level: QRErrorCorrection, version: Int, mask: Int)] = []
        for index in 0..<160 {
            let text = TestURLs.synthetic(length: 10 + random.below(1_000), style: index % 5 == 2 ? 0 : index % 5, random: &random)
            let level = Self.levels[index % 4]
            let minimum = try QRCode(bytes: Array(text.utf8), errorCorrection: level, boostsErrorCorrection: false,
                                     segmentation: .byteMode, version: nil, mask: nil).version
            cases.append((text, level, min(40, minimum + random.below(3)), index % 8))
        }
        let answers = try await CodeReferences.reference("matrix", cases.map {
            ["text": $0.text, "level": $0.level.rawValue, "version": $0.version, "mask": $0.mask]
        })
        var different: [String] = []
        for (index, item) in cases.enumerated() {
            let ours = try QRCode(bytes: Array(item.text.utf8), errorCorrection: item.level, boostsErrorCorrection: false,
                                  segmentation: .byteMode, version: item.version, mask: item.mask)
            let rows = (0..<ours.size).map { y in String((0..<ours.size).map { ours.isDark(x: $0, y: y) ? "1" : "0" }) }
            if rows != answers[index]["rows"] as? [String] {
                different.append("\(item.version)-\(item.level.rawValue) mask \(item.mask): \(item.text.prefix(60))")
            }
        }
        #expect(different.isEmpty, "\(different.count) of \(cases.count) symbols differ from segno's, first: \(different.prefix(3))")
    }
}
