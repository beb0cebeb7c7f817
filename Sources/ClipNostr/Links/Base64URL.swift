/// Base64url (RFC 4648 §5) without padding, strict in both directions: the alphabet `A–Z a–z 0–9 - _`,
/// no `=`, no white space, and no set bits after the last whole byte, so every byte string has
/// exactly one text and every accepted text exactly one byte string.
enum Base64URL {
    private static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// The value of each byte as a base64url digit, or 0xFF for any other byte.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (value, character) in alphabet.enumerated() { table[Int(character)] = UInt8(value) }
        return table
    }()

    /// Why text is not strict unpadded base64url.
    enum Failure: Error, Equatable {
        /// The character at `offset` (in UTF-8 bytes) is not in the alphabet.
        case invalidCharacter(offset: Int)
        /// The length leaves one lone character, which can hold no whole byte.
        case impossibleLength(Int)
        /// The last character has bits set beyond the last byte: another text encodes the same bytes.
        case nonCanonicalEnding
    }

    /// How many characters `byteCount` bytes take.
    static func encodedLength(of byteCount: Int) -> Int {
        (byteCount / 3) * 4 + [0, 2, 3][byteCount % 3]
    }

    /// The bytes as unpadded base64url.
    static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(encodedLength(of: bytes.count))
        var index = 0
        while index + 3 <= bytes.count {
            let group = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            output.append(alphabet[Int(group >> 18 & 63)])
            output.append(alphabet[Int(group >> 12 & 63)])
            output.append(alphabet[Int(group >> 6 & 63)])
            output.append(alphabet[Int(group & 63)])
            index += 3
        }
        switch bytes.count - index {
        case 1:
            let group = UInt32(bytes[index]) << 16
            output.append(alphabet[Int(group >> 18 & 63)])
            output.append(alphabet[Int(group >> 12 & 63)])
        case 2:
            let group = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8
            output.append(alphabet[Int(group >> 18 & 63)])
            output.append(alphabet[Int(group >> 12 & 63)])
            output.append(alphabet[Int(group >> 6 & 63)])
        default:
            break
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The bytes that strict unpadded base64url `text` encodes.
    static func decode(_ text: some StringProtocol) throws(Failure) -> [UInt8] {
        let characters = Array(text.utf8)
        var digits: [UInt8] = []
        digits.reserveCapacity(characters.count)
        for (offset, character) in characters.enumerated() {
            let value = values[Int(character)]
            guard value != 0xFF else { throw .invalidCharacter(offset: offset) }
            digits.append(value)
        }
        if digits.count % 4 == 1 { throw .impossibleLength(digits.count) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(characters.count * 3 / 4)
        var index = 0
        while index + 4 <= digits.count {
            let group = UInt32(digits[index]) << 18 | UInt32(digits[index + 1]) << 12 | UInt32(digits[index + 2]) << 6 | UInt32(digits[index + 3])
            bytes.append(UInt8(truncatingIfNeeded: group >> 16))
            bytes.append(UInt8(truncatingIfNeeded: group >> 8))
            bytes.append(UInt8(truncatingIfNeeded: group))
            index += 4
        }
        switch digits.count - index {
        case 2:
            guard digits[index + 1] & 0x0F == 0 else { throw .nonCanonicalEnding }
            bytes.append(digits[index] << 2 | digits[index + 1] >> 4)
        case 3:
            guard digits[index + 2] & 0x03 == 0 else { throw .nonCanonicalEnding }
            bytes.append(digits[index] << 2 | digits[index + 1] >> 4)
            bytes.append((digits[index + 1] & 0x0F) << 4 | digits[index + 2] >> 2)
        default:
            break
        }
        return bytes
    }
}
