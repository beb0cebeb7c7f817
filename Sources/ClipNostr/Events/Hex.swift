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

    /// The value of each byte as a lowercase hex digit, or 0xFF for any other byte.
    private static let nibbles: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (value, character) in digits.enumerated() { table[Int(character)] = UInt8(value) }
        return table
    }()

    /// The bytes of a lowercase hexadecimal string of exactly `byteCount` bytes, or `nil` when the
    /// string has another length, an uppercase digit or a character that is not a hex digit.
    static func decodeLowercase(_ text: String, byteCount: Int) -> [UInt8]? {
        var contiguous = text
        return contiguous.withUTF8 { characters -> [UInt8]? in
            guard characters.count == byteCount * 2 else { return nil }
            return nibbles.withUnsafeBufferPointer { table -> [UInt8]? in
                var valid = true
                let bytes = [UInt8](unsafeUninitializedCapacity: byteCount) { output, initialized in
                    for index in 0..<byteCount {
                        let high = table[Int(characters[2 * index])]
                        let low = table[Int(characters[2 * index + 1])]
                        guard (high | low) & 0xF0 == 0 else {
                            valid = false
                            break
                        }
                        output[index] = high << 4 | low
                        initialized = index + 1
                    }
                }
                return valid ? bytes : nil
            }
        }
    }
}
