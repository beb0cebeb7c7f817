/// Hexadecimal text for bytes and bytes for hexadecimal text: the one codec that ClipKit, the flow
/// modules and the tooling share (Nostr ids and keys, JSON `\u` escapes, percent escapes, entity
/// tags).
///
/// ```swift
/// Hex.encode([0xCA, 0xFE])                            // "cafe"
/// Hex.decodeLowercase("cafe", byteCount: 2)           // [0xCA, 0xFE]
/// Hex.byte(high: UInt8(ascii: "2"), low: UInt8(ascii: "F"))  // 0x2F, the byte of "%2F"
/// ```
@_spi(ClipKitTooling)
public enum Hex {
    /// The sixteen digits, lowercase.
    static let lowercaseDigits: [UInt8] = Array("0123456789abcdef".utf8)
    /// The sixteen digits, uppercase.
    static let uppercaseDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// The bytes written as hexadecimal, two digits a byte: `a`–`f` (Nostr, JSON escapes, entity
    /// tags), or `A`–`F` when `uppercase` (percent escapes as RFC 3986 recommends, bytes in messages).
    public static func encode(_ bytes: some Sequence<UInt8>, uppercase: Bool = false) -> String {
        let digits = uppercase ? uppercaseDigits : lowercaseDigits
        var characters: [UInt8] = []
        characters.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            characters.append(digits[Int(byte >> 4)])
            characters.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: characters, as: UTF8.self)
    }

    /// The value of one hexadecimal digit (`0`–`9`, `a`–`f`, `A`–`F`), or `nil` for any other byte.
    public static func digitValue(_ byte: UInt8) -> UInt8? {
        let value = nibbles[Int(byte)]
        return value == invalidNibble ? nil : value & 0x0F
    }

    /// The value of one hexadecimal digit, or `nil` for any other character.
    public static func digitValue(_ scalar: Unicode.Scalar) -> UInt8? {
        scalar.isASCII ? digitValue(UInt8(scalar.value)) : nil
    }

    /// The byte that two hexadecimal digits (either case) stand for, as in a `%2F` escape; `nil`
    /// when either is not a digit.
    public static func byte(high: UInt8, low: UInt8) -> UInt8? {
        guard let high = digitValue(high), let low = digitValue(low) else { return nil }
        return high << 4 | low
    }

    /// The bytes of a lowercase hexadecimal string of exactly `byteCount` bytes, or `nil` when the
    /// string has another length, an uppercase digit or a character that is not a hex digit.
    ///
    /// Nostr writes ids, keys and signatures in lowercase only, and an event that does not is
    /// malformed, so this reading accepts nothing else.
    public static func decodeLowercase(_ text: String, byteCount: Int) -> [UInt8]? {
        var contiguous = text
        return contiguous.withUTF8 { characters -> [UInt8]? in
            guard byteCount >= 0, characters.count == byteCount * 2 else { return nil }
            return nibbles.withUnsafeBufferPointer { table -> [UInt8]? in
                var valid = true
                let bytes = [UInt8](unsafeUninitializedCapacity: byteCount) { output, initialized in
                    for index in 0..<byteCount {
                        let high = table[Int(characters[2 * index])]
                        let low = table[Int(characters[2 * index + 1])]
                        // Uppercase digits carry the 0x10 flag, anything else is 0xFF: either fails.
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

    /// Marks a byte that is no hexadecimal digit in ``nibbles``.
    private static let invalidNibble: UInt8 = 0xFF

    /// For each byte: its digit value for `0`–`9` and `a`–`f`, its value with the 0x10 flag for
    /// `A`–`F`, ``invalidNibble`` for anything else.
    private static let nibbles: [UInt8] = {
        var table = [UInt8](repeating: invalidNibble, count: 256)
        for (value, character) in lowercaseDigits.enumerated() { table[Int(character)] = UInt8(value) }
        for (value, character) in uppercaseDigits.enumerated() where value >= 10 { table[Int(character)] = UInt8(value) | 0x10 }
        return table
    }()
}
