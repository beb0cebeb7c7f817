/// Bech32 (BIP-173, not the Bech32m variant) as NIP-19 uses it: a human-readable prefix, `1`, and
/// 5-bit data ending in a 6-character checksum.
///
/// NIP-19 lifts BIP-173's 90-character limit; ClipNostr caps strings at ``maximumLength`` instead.
enum Bech32 {
    /// The longest string accepted, in characters.
    static let maximumLength = 5_000

    private static let alphabet: [UInt8] = Array("qpzry9x8gf2tvdw0s3jn54khce6mua7l".utf8)

    private static let alphabetIndex: [Int8] = {
        var table = [Int8](repeating: -1, count: 128)
        for (index, character) in alphabet.enumerated() { table[Int(character)] = Int8(index) }
        return table
    }()

    private static let generator: [UInt32] = [0x3B6A_57B2, 0x2650_8E6D, 0x1EA1_19FA, 0x3D42_33DD, 0x2A14_62B3]

    /// A decoded string: its prefix (lowercase) and its data as 8-bit bytes.
    struct Decoded: Equatable {
        var humanReadablePart: String
        var bytes: [UInt8]
    }

    /// Decodes a Bech32 string with a checksum that must verify, and converts its data to bytes.
    static func decode(_ text: String) throws(NIP19Error) -> Decoded {
        let (prefix, values) = try decodeValues(text)
        guard let bytes = convertBits(values[...], from: 5, to: 8, pad: false) else { throw .invalidPadding }
        return Decoded(humanReadablePart: prefix, bytes: bytes)
    }

    /// Decodes a Bech32 string into its lowercase prefix and its 5-bit data values (checksum removed).
    static func decodeValues(_ text: String) throws(NIP19Error) -> (prefix: String, values: [UInt8]) {
        let characters = Array(text.utf8)
        guard characters.count <= maximumLength else { throw .tooLong(characters.count, limit: maximumLength) }
        guard !characters.isEmpty else { throw .empty }
        var hasLower = false
        var hasUpper = false
        for (position, character) in characters.enumerated() {
            guard character >= 33, character <= 126 else { throw .invalidCharacter(position: position) }
            if character >= 0x61, character <= 0x7A { hasLower = true }
            if character >= 0x41, character <= 0x5A { hasUpper = true }
        }
        guard !(hasLower && hasUpper) else { throw .mixedCase }
        let lowered = characters.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        guard let separator = lowered.lastIndex(of: UInt8(ascii: "1")) else { throw .missingSeparator }
        guard separator >= 1 else { throw .missingPrefix }
        guard lowered.count - separator - 1 >= 6 else { throw .checksumTooShort }
        let prefix = Array(lowered[..<separator])
        var values: [UInt8] = []
        values.reserveCapacity(lowered.count - separator - 1)
        for position in (separator + 1)..<lowered.count {
            let index = alphabetIndex[Int(lowered[position])]
            guard index >= 0 else { throw .invalidCharacter(position: position) }
            values.append(UInt8(index))
        }
        guard polymod(expand(prefix) + values) == 1 else { throw .checksumMismatch }
        return (String(decoding: prefix, as: UTF8.self), Array(values.dropLast(6)))
    }

    /// Encodes bytes under a lowercase prefix, with a Bech32 checksum.
    static func encode(humanReadablePart: String, bytes: [UInt8]) -> String {
        let prefix = Array(humanReadablePart.lowercased().utf8)
        // Converting 8-bit groups to 5-bit groups with padding always succeeds.
        let values = convertBits(bytes[...], from: 8, to: 5, pad: true) ?? []
        let checksumInput = expand(prefix) + values + [0, 0, 0, 0, 0, 0]
        let checksum = polymod(checksumInput) ^ 1
        var output = prefix
        output.append(UInt8(ascii: "1"))
        output.reserveCapacity(prefix.count + 1 + values.count + 6)
        for value in values { output.append(alphabet[Int(value)]) }
        for index in 0..<6 {
            output.append(alphabet[Int((checksum >> (5 * (5 - UInt32(index)))) & 31)])
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func polymod(_ values: [UInt8]) -> UInt32 {
        var checksum: UInt32 = 1
        for value in values {
            let top = checksum >> 25
            checksum = (checksum & 0x1FF_FFFF) << 5 ^ UInt32(value)
            for bit in 0..<5 where (top >> bit) & 1 == 1 {
                checksum ^= generator[bit]
            }
        }
        return checksum
    }

    private static func expand(_ prefix: [UInt8]) -> [UInt8] {
        prefix.map { $0 >> 5 } + [0] + prefix.map { $0 & 31 }
    }

    /// Regroups bits; without padding, leftover bits must be fewer than `from` and all zero.
    private static func convertBits(_ values: ArraySlice<UInt8>, from: Int, to: Int, pad: Bool) -> [UInt8]? {
        var accumulator = 0
        var bits = 0
        let maximum = (1 << to) - 1
        var output: [UInt8] = []
        output.reserveCapacity(values.count * from / to + 1)
        for value in values {
            guard Int(value) >> from == 0 else { return nil }
            accumulator = (accumulator << from) | Int(value)
            bits += from
            while bits >= to {
                bits -= to
                output.append(UInt8((accumulator >> bits) & maximum))
            }
            accumulator &= (1 << bits) - 1
        }
        if pad {
            if bits > 0 { output.append(UInt8((accumulator << (to - bits)) & maximum)) }
        } else if bits >= from || (accumulator << (to - bits)) & maximum != 0 {
            return nil
        }
        return output
    }
}
