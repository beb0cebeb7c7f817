@_spi(ClipKitTooling) import ClipKit
import Testing

/// The one hexadecimal codec: Nostr keys and ids, JSON and percent escapes, entity tags.
@Suite struct HexTests {
    static let allBytes = (0...255).map(UInt8.init)

    @Test func everyByteEncodesAndDecodesBack() {
        let lowercase = Hex.encode(Self.allBytes)
        #expect(lowercase.count == 512)
        #expect(lowercase.hasPrefix("000102030405060708090a0b"))
        #expect(lowercase.hasSuffix("fafbfcfdfeff"))
        #expect(Hex.decodeLowercase(lowercase, byteCount: 256) == Self.allBytes)
        #expect(Hex.encode(Self.allBytes, uppercase: true) == lowercase.uppercased())
        #expect(Hex.encode([UInt8]()) == "")
    }

    @Test func lowercaseDecodingAcceptsNothingElse() {
        #expect(Hex.decodeLowercase("cafe", byteCount: 2) == [0xCA, 0xFE])
        #expect(Hex.decodeLowercase("CAFE", byteCount: 2) == nil)
        #expect(Hex.decodeLowercase("caFe", byteCount: 2) == nil)
        #expect(Hex.decodeLowercase("cafe", byteCount: 3) == nil)
        #expect(Hex.decodeLowercase("caf", byteCount: 1) == nil)
        #expect(Hex.decodeLowercase("cage", byteCount: 2) == nil)
        #expect(Hex.decodeLowercase("ca fe", byteCount: 2) == nil)
        #expect(Hex.decodeLowercase("\u{e9}\u{e9}", byteCount: 2) == nil)
        #expect(Hex.decodeLowercase("", byteCount: 0) == [])
        #expect(Hex.decodeLowercase("", byteCount: -1) == nil)
    }

    @Test func digitsOfEitherCaseHaveTheirValue() {
        for byte in Self.allBytes {
            let expected: UInt8?
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): expected = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): expected = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): expected = byte - UInt8(ascii: "A") + 10
            default: expected = nil
            }
            #expect(Hex.digitValue(byte) == expected, "byte \(byte)")
            #expect(Hex.digitValue(Unicode.Scalar(byte)) == expected, "scalar \(byte)")
        }
        #expect(Hex.digitValue("\u{0661}" as Unicode.Scalar) == nil, "an Arabic-Indic digit is no hex digit")
    }

    @Test func twoDigitsMakeAByte() {
        #expect(Hex.byte(high: UInt8(ascii: "2"), low: UInt8(ascii: "F")) == 0x2F)
        #expect(Hex.byte(high: UInt8(ascii: "e"), low: UInt8(ascii: "9")) == 0xE9)
        #expect(Hex.byte(high: UInt8(ascii: "g"), low: UInt8(ascii: "0")) == nil)
        #expect(Hex.byte(high: UInt8(ascii: "0"), low: UInt8(ascii: "%")) == nil)
    }
}
