@testable import ClipNostr
import Testing

/// Bech32 (BIP-173) itself: the checksum, case rules and separator, with BIP-173's vectors.
@Suite struct Bech32Tests {
    @Test(arguments: [
        "A12UEL5L", "a12uel5l",
        "an83characterlonghumanreadablepartthatcontainsthenumber1andtheexcludedcharactersbio1tt5tgs",
        "abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw",
        "split1checkupstagehandshakeupstreamerranterredcaperred2y9e3w",
        "?1ezyfcl",
    ])
    func validBIP173StringsDecode(_ text: String) throws {
        let decoded = try Bech32.decodeValues(text)
        let lowered = text.lowercased()
        let separator = try #require(lowered.lastIndex(of: "1"))
        #expect(decoded.prefix == String(lowered[..<separator]))
    }

    @Test(arguments: [
        ("\u{20}1nwldj5", "space in the prefix"),
        ("\u{7F}1axkwrx", "DEL in the prefix"),
        ("pzry9x0s0muk", "no separator"),
        ("1pzry9x0s0muk", "empty prefix"),
        ("x1b4n0q5v", "invalid data character"),
        ("li1dgmt3", "checksum too short"),
        ("A1G7SGD8", "checksum computed with an uppercase prefix"),
        ("10a06t8", "empty prefix"),
        ("1qzzfhee", "empty prefix"),
        ("a1lqfn3a", "a Bech32m string"),
        ("A12uEL5L", "mixed case"),
    ])
    func invalidStringsAreRejected(_ text: String, _ why: String) {
        #expect((try? Bech32.decodeValues(text)) == nil, "accepted: \(why)")
    }

    @Test func encodingRoundTrips() throws {
        for length in [0, 1, 5, 32, 33, 64, 200] {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            let text = Bech32.encode(humanReadablePart: "test", bytes: bytes)
            #expect(try Bech32.decode(text) == Bech32.Decoded(humanReadablePart: "test", bytes: bytes))
        }
    }

    @Test func lengthIsCapped() {
        let long = Bech32.encode(humanReadablePart: "nprofile", bytes: [UInt8](repeating: 1, count: 3_200))
        #expect(long.count > Bech32.maximumLength)
        #expect(throws: NIP19Error.tooLong(long.count, limit: Bech32.maximumLength)) { try Bech32.decode(long) }
    }

    @Test func nonZeroPaddingIsRejected() throws {
        // 33 five-bit groups carry 165 bits: 20 bytes and 5 bits of padding that must be zero.
        var values = [UInt8](repeating: 0, count: 33)
        values[32] = 1
        let text = BIP173Builder.string(prefix: "npub", values: values)
        #expect(throws: NIP19Error.invalidPadding) { try Bech32.decode(text) }
    }
}

/// Builds Bech32 strings from raw 5-bit values (for padding cases the encoder never produces).
enum BIP173Builder {
    static let alphabet = Array("qpzry9x8gf2tvdw0s3jn54khce6mua7l")

    static func string(prefix: String, values: [UInt8]) -> String {
        let prefixBytes = Array(prefix.utf8)
        let expanded = prefixBytes.map { $0 >> 5 } + [0] + prefixBytes.map { $0 & 31 }
        let checksum = polymod(expanded + values + [0, 0, 0, 0, 0, 0]) ^ 1
        var text = prefix + "1"
        for value in values { text.append(alphabet[Int(value)]) }
        for index in 0..<6 { text.append(alphabet[Int((checksum >> (5 * (5 - UInt32(index)))) & 31)]) }
        return text
    }

    static func polymod(_ values: [UInt8]) -> UInt32 {
        let generator: [UInt32] = [0x3B6A_57B2, 0x2650_8E6D, 0x1EA1_19FA, 0x3D42_33DD, 0x2A14_62B3]
        var checksum: UInt32 = 1
        for value in values {
            let top = checksum >> 25
            checksum = (checksum & 0x1FF_FFFF) << 5 ^ UInt32(value)
            for bit in 0..<5 where (top >> bit) & 1 == 1 { checksum ^= generator[bit] }
        }
        return checksum
    }
}
