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

    /// Alphanumeric text (upper-case links), at a version and mask fixed for both encoders, from
    /// the smallest version up to two above it: the same modules, so the same codewords, blocks,
    /// error correction, interleaving, placement, mask, format and version information.
    ///
    /// Cases whose data and terminator end exactly on a codeword boundary are left out: there
    /// segno writes a whole zero codeword before the pad codewords, where ISO/IEC 18004 7.4.10
    /// adds padding bits only to reach a boundary (both decode; the pad codewords differ). Byte
    /// mode always ends on a boundary, which is why the cases are alphanumeric.
    @Test func atAFixedVersionAndMaskTheSymbolIsSegnosModuleForModule() async throws {
        var random = SeededGenerator(seed: 0x5E6)
        let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:")
        var cases: [(text: String, level: QRErrorCorrection, version: Int, mask: Int)] = []
        while cases.count < 240 {
            let length = 5 + random.below(cases.count < 120 ? 200 : 1_800)
            let text = "HTTPS://BREW.EXAMPLE/" + String((0..<length).map { _ in random.pick(alphabet) })
            let level = Self.levels[cases.count % 4]
            guard let minimum = try? QRCode(bytes: Array(text.utf8), errorCorrection: level, boostsErrorCorrection: false,
                                            segmentation: .singleMode, version: nil, mask: nil) else { continue }
            let version = min(40, minimum.version + random.below(3))
            let bits = 4 + QRMode.alphanumeric.characterCountBits(versionClass: QRMode.versionClass(of: version))
                + QRMode.alphanumeric.payloadBits(count: text.count)
            let capacity = QRCapacity.dataCodewords(version: version, level: level) * 8
            if (bits + min(4, capacity - bits)) % 8 == 0 { continue }
            cases.append((text, level, version, cases.count % 8))
        }
        let answers = try await CodeReferences.reference("matrix", cases.map {
            ["text": $0.text, "level": $0.level.rawValue, "version": $0.version, "mask": $0.mask, "mode": "alphanumeric"]
        })
        var different: [String] = []
        for (index, item) in cases.enumerated() {
            let ours = try QRCode(bytes: Array(item.text.utf8), errorCorrection: item.level, boostsErrorCorrection: false,
                                  segmentation: .singleMode, version: item.version, mask: item.mask)
            #expect(ours.modes == [.alphanumeric])
            let rows = (0..<ours.size).map { y in String((0..<ours.size).map { ours.isDark(x: $0, y: y) ? "1" : "0" }) }
            if rows != answers[index]["rows"] as? [String] {
                different.append("\(item.version)-\(item.level.rawValue) mask \(item.mask): \(item.text.prefix(60))")
            }
        }
        #expect(Set(cases.map(\.version)).count >= 30, "the cases span the versions")
        #expect(different.isEmpty, "\(different.count) of \(cases.count) symbols differ from segno's, first: \(different.prefix(3))")
    }
}
