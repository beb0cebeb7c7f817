/// Lowercase hexadecimal, the way Nostr writes ids, public keys and signatures.
enum Hex {
    private static let digits: [UInt8] = Array("0123456789abcdef".utf8)

    /// The bytes written as lowercase hexadecimal.
    static func encode<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var characters: [UInt8] = []
        characters.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            characters.append(digits[Int(byte >> 4)])
            characters.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: characters, as: UTF8.self)
    }

    /// The bytes of a lowercase hexadecimal string of exactly `byteCount` bytes, or `nil` when the
    /// string has another length, an uppercase digit or a character that is not a hex digit.
    static func decodeLowercase(_ text: String, byteCount: Int) -> [UInt8]? {
        let utf8 = text.utf8
        guard utf8.count == byteCount * 2 else { return nil }
        var bytes = [UInt8](repeating: 0, count: byteCount)
        var index = 0
        var high: UInt8?
        for character in utf8 {
            guard let nibble = value(of: character) else { return nil }
            if let first = high {
                bytes[index] = first << 4 | nibble
                index += 1
                high = nil
            } else {
                high = nibble
            }
        }
        return bytes
    }

    /// Whether `text` is lowercase hexadecimal of exactly `byteCount` bytes.
    static func isLowercase(_ text: String, byteCount: Int) -> Bool {
        text.utf8.count == byteCount * 2 && text.utf8.allSatisfy { value(of: $0) != nil }
    }

    @inline(__always)
    private static func value(of character: UInt8) -> UInt8? {
        switch character {
        case 0x30...0x39: return character - 0x30
        case 0x61...0x66: return character - 0x61 + 10
        default: return nil
        }
    }
}
