@_spi(ClipKitTooling) @testable import ClipCodes
import Foundation
import Testing

/// The encoder's parts against the values ISO/IEC 18004 prints, and its refusals.
@Suite struct QRCodeTests {
    @Test func formatInformationMatchesTheSpecificationsExample() {
        // 7.9.1: level M, mask 101 gives 100000011001110 after the XOR with 101010000010010.
        #expect(QRMatrix.formatBits(level: .medium, mask: 5) == 0b100_0000_1100_1110)
    }

    @Test func capacitiesMatchTheSpecificationsTable() {
        // Table 7: data codewords of 1-L, 1-H, 10-M, 40-L and 40-H.
        #expect(QRCapacity.dataCodewords(version: 1, level: .low) == 19)
        #expect(QRCapacity.dataCodewords(version: 1, level: .high) == 9)
        #expect(QRCapacity.dataCodewords(version: 10, level: .medium) == 216)
        #expect(QRCapacity.dataCodewords(version: 40, level: .low) == 2_956)
        #expect(QRCapacity.dataCodewords(version: 40, level: .high) == 1_276)
    }

    @Test func alignmentPatternsSitWhereAnnexEPutsThem() {
        #expect(QRMatrix.alignmentPositions(version: 1) == [])
        #expect(QRMatrix.alignmentPositions(version: 7) == [6, 22, 38])
        #expect(QRMatrix.alignmentPositions(version: 32) == [6, 34, 60, 86, 112, 138])
        #expect(QRMatrix.alignmentPositions(version: 40) == [6, 30, 58, 86, 114, 142, 170])
    }

    @Test func reedSolomonMatchesTheSpecificationsExample() {
        // Annex I.3: "01234567" at 1-M, data codewords and their 10 error-correction codewords.
        let data: [UInt8] = [0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11]
        #expect(ReedSolomonEncoder.forDegree(10).remainder(of: data[...]) == [0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55])
    }

    @Test func segmentationUsesTheNarrowestModes() throws {
        #expect(try QRCode(encoding: "01234567", errorCorrection: .medium, boostsErrorCorrection: false).modes == [.numeric])
        #expect(try QRCode(encoding: "HTTPS://BREW.EXAMPLE/S/SOHO", errorCorrection: .medium).modes == [.alphanumeric])
        #expect(try QRCode(encoding: "https://brew.example/s/soho/t/12", errorCorrection: .medium).modes == [.byte])
        // A long digit run in a link is cheaper as its own numeric segment.
        let receipt = try QRCode(encoding: "https://brew.example/r/123456789012345678901234567890", errorCorrection: .medium)
        #expect(receipt.modes == [.byte, .numeric])
    }

    @Test func boostingRaisesTheLevelOnlyWithinTheSameVersion() throws {
        // 20 bytes take 172 bits: version 2 at L (272 bits), and version 2 still holds them at Q (176).
        let plain = try QRCode(encoding: "https://brew.example", errorCorrection: .low, boostsErrorCorrection: false)
        let boosted = try QRCode(encoding: "https://brew.example", errorCorrection: .low, boostsErrorCorrection: true)
        #expect(plain.errorCorrection == .low && plain.version == 2)
        #expect(boosted.version == 2 && boosted.errorCorrection == .quartile)
        // 32 bytes take 268 bits: version 2 at L, but not at M (224), so the level stays.
        let full = try QRCode(encoding: "https://brew.example/s/soho/t/12", errorCorrection: .low, boostsErrorCorrection: true)
        #expect(full.version == 2 && full.errorCorrection == .low)
    }

    @Test func textLongerThanVersion40IsRefusedWithTheLevel() {
        let text = String(repeating: "a", count: 1_300)
        #expect(throws: QRCodeError.dataTooLong(bytes: 1_300, errorCorrection: .high)) {
            try QRCode(encoding: text, errorCorrection: .high)
        }
        #expect((try? QRCode(encoding: String(repeating: "a", count: 2_953), errorCorrection: .low))?.version == 40)
        #expect((try? QRCode(encoding: String(repeating: "a", count: 2_954), errorCorrection: .low)) == nil)
    }

    @Test func thePNGIsWellFormed() throws {
        let png = try QRCode(encoding: "https://brew.example/s/soho/t/1").png(pixelsPerModule: 4)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(Array(png.suffix(8)) == [0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])    // IEND and its CRC
        #expect(Adler32.checksum(Array("Wikipedia".utf8)) == 0x11E6_0398)
        var crc = CRC32()
        crc.update(Array("123456789".utf8))
        #expect(crc.value == 0xCBF4_3926)
    }

    @Test func theSVGDrawsEveryDarkModuleOnce() throws {
        let code = try QRCode(encoding: "https://brew.example/s/soho/t/7")
        let path = code.svgPathData()
        var dark = 0
        for y in 0..<code.size { for x in 0..<code.size where code.isDark(x: x, y: y) { dark += 1 } }
        // Every run is "M x y h w v1 h-w z": the widths add up to the dark modules.
        let widths = path.split(separator: "M").compactMap { run -> Int? in
            guard let h = run.firstIndex(of: "h"), let v = run.firstIndex(of: "v") else { return nil }
            return Int(run[run.index(after: h)..<v])
        }
        #expect(widths.reduce(0, +) == dark)
        #expect(code.svg().hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(code.size + 8) \(code.size + 8)\""))
    }

    @Test func aMinimumVersionRaisesTheVersionAndNeverLowersIt() throws {
        let url = "https://brew.example/s/soho/t/1"
        let smallest = try QRCode(encoding: url, errorCorrection: .medium)
        let raised = try QRCode(encoding: url, errorCorrection: .medium, minimumVersion: 7)
        #expect(smallest.version < 7)
        #expect(raised.version == 7 && raised.size == 17 + 4 * 7)
        // A version the text needs anyway stays; a bound outside 1...40 is taken as the nearest.
        let long = String(repeating: "a", count: 400)
        #expect(try QRCode(encoding: long, minimumVersion: 2).version == (try QRCode(encoding: long)).version)
        #expect(try QRCode(encoding: url, minimumVersion: 99).version == 40)
        #expect(try QRCode(encoding: url, minimumVersion: -3) == smallest)
    }
}
