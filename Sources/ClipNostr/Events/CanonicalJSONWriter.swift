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
        var contiguous = text
        contiguous.withUTF8 { appendEscaped($0) }
        bytes.append(UInt8(ascii: "\""))
    }

    /// How many bytes each input byte becomes: 1 (verbatim), 2 (`\n`, `\"`, …) or 6 (`\u00xx`).
    private static let escapedWidths: [UInt8] = (0...255).map { byte in
        switch byte {
        case 0x22, 0x5C, 0x0A, 0x0D, 0x09, 0x08, 0x0C: return 2
        case 0x00..<0x20: return 6
        default: return 1
        }
    }

    /// Whether any of the eight bytes is below 0x20, a quote or a backslash (bit tricks on one word:
    /// a byte is "zero" after XOR with the byte it is compared to).
    @inline(__always)
    private static func wordNeedsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func hasZeroByte(_ value: UInt64) -> Bool { (value &- ones) & ~value & highs != 0 }
        let belowSpace = (word &- ones &* 0x20) & ~word & highs != 0
        return belowSpace || hasZeroByte(word ^ (ones &* 0x22)) || hasZeroByte(word ^ (ones &* 0x5C))
    }

    /// Measures the escaped length first (eight plain bytes at a time where it can), then copies
    /// plain text in one step or writes the escaped form straight into the output.
    private mutating func appendEscaped(_ input: UnsafeBufferPointer<UInt8>) {
        let words = UnsafeRawBufferPointer(input)
        let escapedLength = Self.escapedWidths.withUnsafeBufferPointer { widths -> Int in
            var length = 0
            var index = 0
            while index < input.count {
                if index + 8 <= input.count, !Self.wordNeedsEscape(words.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
                    length += 8
                    index += 8
                } else {
                    length += Int(widths[Int(input[index])])
                    index += 1
                }
            }
            return length
        }
        if escapedLength == input.count {
            bytes.append(contentsOf: input)
            return
        }
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: escapedLength))
        bytes.withUnsafeMutableBufferPointer { output in
            var position = start
            for byte in input {
                switch byte {
                case 0x22, 0x5C:
                    output[position] = 0x5C; output[position + 1] = byte; position += 2
                case 0x0A:
                    output[position] = 0x5C; output[position + 1] = UInt8(ascii: "n"); position += 2
                case 0x0D:
                    output[position] = 0x5C; output[position + 1] = UInt8(ascii: "r"); position += 2
                case 0x09:
                    output[position] = 0x5C; output[position + 1] = UInt8(ascii: "t"); position += 2
                case 0x08:
                    output[position] = 0x5C; output[position + 1] = UInt8(ascii: "b"); position += 2
                case 0x0C:
                    output[position] = 0x5C; output[position + 1] = UInt8(ascii: "f"); position += 2
                case 0x00..<0x20:
                    output[position] = 0x5C
                    output[position + 1] = UInt8(ascii: "u")
                    output[position + 2] = UInt8(ascii: "0")
                    output[position + 3] = UInt8(ascii: "0")
                    output[position + 4] = Self.hexDigits[Int(byte >> 4)]
                    output[position + 5] = Self.hexDigits[Int(byte & 0x0F)]
                    position += 6
                default:
                    output[position] = byte; position += 1
                }
            }
        }
    }
}
