/// Writes JSON the way NIP-01 serializes an event for its id: no whitespace, strings escaped with
/// the seven short escapes (`\n \" \\ \r \t \b \f`), other characters below U+0020 as lowercase
/// `\u00xx`, and everything else — `/`, U+2028, emoji, U+007F — copied verbatim as UTF-8.
///
/// Foundation's `JSONEncoder` escapes `/` and so gives wrong ids; this writer is the only place
/// that decides how an id's bytes look.
struct CanonicalJSONWriter {
    private(set) var bytes: [UInt8]

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    init(estimatedSize: Int = 256) {
        bytes = []
        bytes.reserveCapacity(estimatedSize)
    }

    mutating func append(byte: UInt8) {
        bytes.append(byte)
    }

    mutating func append(ascii text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func appendInteger(_ value: Int64) {
        bytes.append(contentsOf: String(value).utf8)
    }

    /// Appends tags as an array of arrays of strings.
    mutating func appendTags(_ tags: [[String]]) {
        bytes.append(UInt8(ascii: "["))
        for (tagIndex, tag) in tags.enumerated() {
            if tagIndex > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(UInt8(ascii: "["))
            for (elementIndex, element) in tag.enumerated() {
                if elementIndex > 0 { bytes.append(UInt8(ascii: ",")) }
                appendString(element)
            }
            bytes.append(UInt8(ascii: "]"))
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Appends `text` as a quoted, escaped JSON string.
    mutating func appendString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case 0x22: bytes.append(0x5C); bytes.append(0x22)
            case 0x5C: bytes.append(0x5C); bytes.append(0x5C)
            case 0x0A: bytes.append(0x5C); bytes.append(UInt8(ascii: "n"))
            case 0x0D: bytes.append(0x5C); bytes.append(UInt8(ascii: "r"))
            case 0x09: bytes.append(0x5C); bytes.append(UInt8(ascii: "t"))
            case 0x08: bytes.append(0x5C); bytes.append(UInt8(ascii: "b"))
            case 0x0C: bytes.append(0x5C); bytes.append(UInt8(ascii: "f"))
            case 0x00..<0x20:
                bytes.append(contentsOf: [0x5C, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0x0F)])
            default:
                bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
