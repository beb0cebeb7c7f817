/// A JSON parser for untrusted input (relay frames, event and profile JSON) that never guesses.
///
/// Unlike lenient decoders it rejects, with the byte offset: invalid UTF-8, unescaped control
/// characters in strings, lone UTF-16 surrogates in `\u` escapes (they cannot be signed and
/// other parsers would replace them), duplicate object keys (other parsers would pick a
/// different one), numbers outside JSON's grammar, nesting deeper than ``maximumDepth``, more than
/// ``maximumBytes`` of input, and anything after the value. Strings come out exactly as sent —
/// U+2028, U+0000 and combining marks included.
///
/// ```swift
/// let value = try StrictJSONParser().parse(frame)
/// ```
public struct StrictJSONParser: Sendable {
    /// The most bytes accepted.
    public var maximumBytes: Int
    /// The deepest nesting of arrays and objects accepted.
    public var maximumDepth: Int

    /// Creates a parser with the given caps (default 1 MiB, depth 32).
    public init(maximumBytes: Int = 1024 * 1024, maximumDepth: Int = 32) {
        self.maximumBytes = maximumBytes
        self.maximumDepth = maximumDepth
    }

    /// Parses one JSON value from `bytes`, surrounded by optional whitespace.
    public func parse<Bytes: Collection>(_ bytes: Bytes) throws(StrictJSONError) -> StrictJSONValue where Bytes.Element == UInt8 {
        guard bytes.count <= maximumBytes else {
            throw StrictJSONError(offset: maximumBytes, problem: "the input has \(bytes.count) bytes, more than the \(maximumBytes) allowed")
        }
        let buffer = Array(bytes)
        var cursor = StrictJSONCursor(bytes: buffer, maximumDepth: maximumDepth)
        return try cursor.parseDocument()
    }

    /// Parses one JSON value from the UTF-8 of `text`.
    public func parse(_ text: String) throws(StrictJSONError) -> StrictJSONValue {
        try parse(Array(text.utf8))
    }
}

/// The parser's state: a position in the input.
struct StrictJSONCursor {
    let bytes: [UInt8]
    let maximumDepth: Int
    var position = 0

    init(bytes: [UInt8], maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    mutating func parseDocument() throws(StrictJSONError) -> StrictJSONValue {
        skipWhitespace()
        let value = try parseValue(depth: 0)
        skipWhitespace()
        guard position == bytes.count else { throw failure("unexpected data after the JSON value") }
        return value
    }

    private func failure(_ problem: String) -> StrictJSONError {
        StrictJSONError(offset: position, problem: problem)
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(StrictJSONError) -> StrictJSONValue {
        guard position < bytes.count else { throw failure("the JSON ends where a value was expected") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw failure("unexpected character where a value was expected")
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(StrictJSONError) {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count else { throw failure("the JSON ends inside a literal") }
        let matches = literal.withUTF8Buffer { expected in
            bytes[position..<(position + count)].elementsEqual(expected)
        }
        guard matches else { throw failure("invalid literal") }
        position += count
    }

    private mutating func parseObject(depth: Int) throws(StrictJSONError) -> StrictJSONValue {
        guard depth <= maximumDepth else { throw failure("nesting deeper than \(maximumDepth) levels") }
        position += 1
        var members: [String: StrictJSONValue] = [:]
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw failure("expected a member name in quotes") }
            let keyOffset = position
            let key = try parseString()
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw failure("expected ':' after a member name") }
            position += 1
            skipWhitespace()
            let value = try parseValue(depth: depth)
            guard members.updateValue(value, forKey: key) == nil else {
                throw StrictJSONError(offset: keyOffset, problem: "the member name \"\(key.prefix(40))\" appears twice")
            }
            skipWhitespace()
            guard position < bytes.count else { throw failure("the JSON ends inside an object") }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            if bytes[position] == UInt8(ascii: "}") { position += 1; return .object(members) }
            throw failure("expected ',' or '}' in an object")
        }
    }

    private mutating func parseArray(depth: Int) throws(StrictJSONError) -> StrictJSONValue {
        guard depth <= maximumDepth else { throw failure("nesting deeper than \(maximumDepth) levels") }
        position += 1
        var elements: [StrictJSONValue] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            guard position < bytes.count else { throw failure("the JSON ends inside an array") }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            if bytes[position] == UInt8(ascii: "]") { position += 1; return .array(elements) }
            throw failure("expected ',' or ']' in an array")
        }
    }

    private mutating func parseNumber() throws(StrictJSONError) -> String {
        let start = position
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count, isDigit(bytes[position]) else { throw failure("a number needs a digit") }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, isDigit(bytes[position]) { throw failure("a number has a leading zero") }
        } else {
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else { throw failure("a number needs digits after '.'") }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard position < bytes.count, isDigit(bytes[position]) else { throw failure("a number needs digits in its exponent") }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        guard position - start <= 64 else { throw StrictJSONError(offset: start, problem: "a number longer than 64 characters") }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= 0x30 && byte <= 0x39
    }

    /// Parses a string starting at its opening quote.
    private mutating func parseString() throws(StrictJSONError) -> String {
        position += 1
        let start = position
        // Fast path: no escapes, so the bytes are the string's UTF-8.
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let slice = bytes[start..<position]
                guard let text = String(validatingUTF8Bytes: slice) else {
                    throw StrictJSONError(offset: start, problem: "a string is not valid UTF-8")
                }
                position += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw failure("a control character must be escaped inside a string") }
            position += 1
        }
        var decoded: [UInt8] = Array(bytes[start..<position])
        while true {
            guard position < bytes.count else { throw failure("the JSON ends inside a string") }
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validatingUTF8Bytes: decoded) else {
                    throw StrictJSONError(offset: start, problem: "a string is not valid UTF-8")
                }
                position += 1
                return text
            case UInt8(ascii: "\\"):
                try appendEscape(to: &decoded)
            case 0x00..<0x20:
                throw failure("a control character must be escaped inside a string")
            default:
                decoded.append(byte)
                position += 1
            }
        }
    }

    private mutating func appendEscape(to decoded: inout [UInt8]) throws(StrictJSONError) {
        guard position + 1 < bytes.count else { throw failure("the JSON ends inside an escape") }
        let escape = bytes[position + 1]
        position += 2
        switch escape {
        case UInt8(ascii: "\""): decoded.append(0x22)
        case UInt8(ascii: "\\"): decoded.append(0x5C)
        case UInt8(ascii: "/"): decoded.append(0x2F)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            let escapeStart = position - 2
            var scalar = try readHexQuad()
            if (0xD800...0xDBFF).contains(scalar) {
                guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
                    throw StrictJSONError(offset: escapeStart, problem: "a lone high surrogate \\u escape")
                }
                position += 2
                let low = try readHexQuad()
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw StrictJSONError(offset: escapeStart, problem: "a high surrogate \\u escape not followed by a low one")
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw StrictJSONError(offset: escapeStart, problem: "a lone low surrogate \\u escape")
            }
            guard let unicodeScalar = Unicode.Scalar(scalar) else {
                throw StrictJSONError(offset: escapeStart, problem: "an invalid \\u escape")
            }
            UTF8.encode(unicodeScalar) { decoded.append($0) }
        default:
            throw StrictJSONError(offset: position - 2, problem: "an unknown escape sequence")
        }
    }

    private mutating func readHexQuad() throws(StrictJSONError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw failure("the JSON ends inside a \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            default: throw failure("a \\u escape needs four hexadecimal digits")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }
}
