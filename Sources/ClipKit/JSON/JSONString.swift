/// Writes text as a quoted JSON string: the one JSON string escaper that ClipKit, ClipNostr and the
/// tooling share.
///
/// Always escaped: `"` and `\`, and every character below U+0020 — `\b \t \n \f \r` in their short
/// forms, the others as lowercase `\u00xx`. Everything else is copied as UTF-8, `/` included. These
/// are the bytes NIP-01 prescribes for a Nostr event's id (and that `JSONEncoder` writes with
/// `.withoutEscapingSlashes`), so a changed rule changes every event id: the Nostr tests pin it.
///
/// ``Escaping`` adds escapes that JSON readers do not need but other readers of the bytes do: for
/// JSON inside an HTML `<script>` element (``Escaping/scriptSafe``), or for a file that must read the
/// same in every editor. Apps and tools reach the escaper through
/// ``JSONValue/serialized(layout:escaping:)``; the writing functions are for ClipKit's own modules.
///
/// ```swift
/// var bytes: [UInt8] = []
/// JSONString.append("a/b\n", to: &bytes)                        // "a/b\n" with the newline as \n
/// JSONString.quoted("</script>", escaping: .scriptSafe)         // "\u003c/script\u003e"
/// ```
@_spi(ClipKitTooling)
public enum JSONString {
    /// Characters escaped as `\uXXXX` beyond those JSON requires.
    ///
    /// A plain value rather than an option set: the options cost a clip nothing they do not use.
    public struct Escaping: Sendable, Equatable {
        /// `<`, `>` and `&`, so that no `</script`, `<!--` or character reference can appear.
        public var markup: Bool
        /// U+2028 LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR, which end lines in JavaScript
        /// before ES2019 and in some editors.
        public var lineSeparators: Bool
        /// U+007F DELETE, a control character that JSON leaves unescaped.
        public var deleteCharacter: Bool

        /// Escapes the ``markup``, ``lineSeparators`` and ``deleteCharacter`` characters as chosen.
        public init(markup: Bool = false, lineSeparators: Bool = false, deleteCharacter: Bool = false) {
            self.markup = markup
            self.lineSeparators = lineSeparators
            self.deleteCharacter = deleteCharacter
        }

        /// Only what JSON requires: the bytes NIP-01 and `JSONEncoder` write.
        public static let jsonOnly = Escaping()
        /// For JSON placed inside an HTML `<script>` element: ``markup`` and ``lineSeparators``.
        public static let scriptSafe = Escaping(markup: true, lineSeparators: true)
        /// For a file that every editor shows line for line: ``lineSeparators`` and ``deleteCharacter``.
        public static let editorSafe = Escaping(lineSeparators: true, deleteCharacter: true)
    }

    /// Appends `text` to `output` as a quoted JSON string.
    package static func append(_ text: String, to output: inout [UInt8], escaping: Escaping = .jsonOnly) {
        output.append(quote)
        var contiguous = text
        contiguous.withUTF8 { input in
            if escaping == .jsonOnly {
                appendEscaped(input, to: &output)
            } else {
                appendEscaped(input, to: &output, escaping: escaping)
            }
        }
        output.append(quote)
    }

    /// `text` as a quoted JSON string.
    package static func quoted(_ text: String, escaping: Escaping = .jsonOnly) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count + 2)
        append(text, to: &output, escaping: escaping)
        return String(decoding: output, as: UTF8.self)
    }

    private static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")

    // MARK: The escapes JSON requires, eight bytes at a time

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

    /// Measures the escaped length first, then copies plain text in one step or writes the
    /// escaped form straight into the output. Both passes look at eight bytes at once and handle
    /// them one by one only when one of them needs an escape.
    private static func appendEscaped(_ input: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        let words = UnsafeRawBufferPointer(input)
        let wholeWords = input.count & ~7
        let escapedLength = escapedWidths.withUnsafeBufferPointer { widths -> Int in
            var length = 0
            var index = 0
            while index < wholeWords {
                if wordNeedsEscape(words.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
                    for offset in index..<(index + 8) { length += Int(widths[Int(input[offset])]) }
                } else {
                    length += 8
                }
                index += 8
            }
            for offset in wholeWords..<input.count { length += Int(widths[Int(input[offset])]) }
            return length
        }
        if escapedLength == input.count {
            output.append(contentsOf: input)
            return
        }
        let start = output.count
        output.append(contentsOf: repeatElement(0, count: escapedLength))
        output.withUnsafeMutableBufferPointer { output in
            let outputWords = UnsafeMutableRawBufferPointer(output)
            var position = start
            var index = 0
            while index < wholeWords {
                let word = words.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                if wordNeedsEscape(word) {
                    for offset in index..<(index + 8) { write(input[offset], into: output, at: &position) }
                } else {
                    outputWords.storeBytes(of: word, toByteOffset: position, as: UInt64.self)
                    position += 8
                }
                index += 8
            }
            for offset in wholeWords..<input.count { write(input[offset], into: output, at: &position) }
        }
    }

    /// Writes one byte, escaped if JSON requires it, and moves `position` past it.
    @inline(__always)
    private static func write(_ byte: UInt8, into output: UnsafeMutableBufferPointer<UInt8>, at position: inout Int) {
        let short = shortEscape(for: byte)
        if short != 0 {
            output[position] = backslash
            output[position + 1] = short
            position += 2
        } else if byte < 0x20 {
            output[position] = backslash
            output[position + 1] = UInt8(ascii: "u")
            output[position + 2] = UInt8(ascii: "0")
            output[position + 3] = UInt8(ascii: "0")
            output[position + 4] = Hex.lowercaseDigits[Int(byte >> 4)]
            output[position + 5] = Hex.lowercaseDigits[Int(byte & 0x0F)]
            position += 6
        } else {
            output[position] = byte
            position += 1
        }
    }

    /// The letter after the backslash of a two-character escape (`n` for a line feed), or 0.
    @inline(__always)
    private static func shortEscape(for byte: UInt8) -> UInt8 {
        switch byte {
        case 0x22, 0x5C: return byte
        case 0x0A: return UInt8(ascii: "n")
        case 0x0D: return UInt8(ascii: "r")
        case 0x09: return UInt8(ascii: "t")
        case 0x08: return UInt8(ascii: "b")
        case 0x0C: return UInt8(ascii: "f")
        default: return 0
        }
    }

    // MARK: With further escapes

    /// Appends the UTF-8 `input`, escaping what JSON requires and what `escaping` adds, one byte at
    /// a time (U+2028 and U+2029 are the bytes E2 80 A8 and E2 80 A9).
    private static func appendEscaped(_ input: UnsafeBufferPointer<UInt8>, to output: inout [UInt8], escaping: Escaping) {
        var index = 0
        while index < input.count {
            let byte = input[index]
            var extra: UInt16?
            switch byte {
            case 0x3C, 0x3E, 0x26:
                if escaping.markup { extra = UInt16(byte) }
            case 0x7F:
                if escaping.deleteCharacter { extra = 0x7F }
            case 0xE2:
                if escaping.lineSeparators, index + 2 < input.count, input[index + 1] == 0x80,
                   input[index + 2] == 0xA8 || input[index + 2] == 0xA9 {
                    extra = 0x2000 + UInt16(input[index + 2] - 0x80)
                    index += 2
                }
            default:
                break
            }
            if let extra {
                output += [backslash, UInt8(ascii: "u")]
                for shift in stride(from: 12, through: 0, by: -4) { output.append(Hex.lowercaseDigits[Int(extra >> UInt16(shift) & 0x0F)]) }
            } else {
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 6) { buffer in
                    var length = 0
                    write(byte, into: buffer, at: &length)
                    output.append(contentsOf: buffer[..<length])
                }
            }
            index += 1
        }
    }
}
