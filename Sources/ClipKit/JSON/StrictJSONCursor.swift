/// The state of one ``StrictJSONParser`` run: a recursive-descent reader over bytes whose recursion
/// is bounded by the parser's `maximumDepth`.
struct StrictJSONCursor {
    private let bytes: [UInt8]
    private let maximumDepth: Int
    private let maximumNumberLength: Int
    private let rejectsNumbersBeyondDouble: Bool
    private let reportsDuplicateKeys: Bool
    private let recordsValueLocations: Bool
    /// Whether ``path`` is kept: only when duplicates are reported or value locations recorded.
    private let tracksPath: Bool
    private var index = 0
    /// Where the reader is, kept only while duplicate members are being reported.
    private var path: [JSONPathComponent] = []
    /// The paths of duplicate members found so far (with ``StrictJSONParser/DuplicateKeyPolicy/keepLastAndReport``).
    private(set) var duplicateKeyPaths: [[JSONPathComponent]] = []
    /// Where each value starts, in document order (with ``StrictJSONParser/recordsValueLocations``).
    private(set) var valueLocations: [JSONValueLocation] = []

    init(bytes: [UInt8], rules: StrictJSONParser) {
        self.bytes = bytes
        self.maximumDepth = max(1, rules.maximumDepth)
        self.maximumNumberLength = max(1, rules.maximumNumberLength)
        self.rejectsNumbersBeyondDouble = rules.rejectsNumbersBeyondDouble
        self.reportsDuplicateKeys = rules.duplicateKeys == .keepLastAndReport
        self.recordsValueLocations = rules.recordsValueLocations
        self.tracksPath = reportsDuplicateKeys || recordsValueLocations
    }

    mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else {
            throw error(.unexpectedEnd, at: index, "the input ends before any JSON value")
        }
        let value = try parseValue(depth: 0)
        skipWhitespace()
        if index < bytes.count {
            throw error(.trailingContent, at: index, "unexpected \(describe(bytes[index])) after the end of the JSON value")
        }
        return value
    }

    // MARK: Values

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard index < bytes.count else { throw endOfInput("a JSON value") }
        if recordsValueLocations { valueLocations.append(JSONValueLocation(path: path, offset: index)) }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try parseLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try parseLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try parseLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(JSONNumber(checkedLiteral: try parseNumber()))
        default: throw unexpected(expecting: "a JSON value")
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        try checkDepth(depth)
        index += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw endOfInput("a member name") }
            guard bytes[index] == UInt8(ascii: "\"") else { throw unexpected(expecting: "a member name in double quotes") }
            let keyOffset = index
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count else { throw endOfInput("':'") }
            guard bytes[index] == UInt8(ascii: ":") else { throw unexpected(expecting: "':' after a member name") }
            index += 1
            skipWhitespace()
            if tracksPath { path.append(.member(key)) }
            let value = try parseValue(depth: depth)
            if members.updateValue(value, forKey: key) != nil {
                guard reportsDuplicateKeys else {
                    throw error(.duplicateKey(key), at: keyOffset, "the member '\(key.prefix(64))' appears twice in one object")
                }
                duplicateKeyPaths.append(path)
            }
            if tracksPath { path.removeLast() }
            skipWhitespace()
            guard index < bytes.count else { throw endOfInput("',' or '}'") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return .object(members)
            default: throw unexpected(expecting: "',' or '}'")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        try checkDepth(depth)
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            if tracksPath { path.append(.element(elements.count)) }
            elements.append(try parseValue(depth: depth))
            if tracksPath { path.removeLast() }
            skipWhitespace()
            guard index < bytes.count else { throw endOfInput("',' or ']'") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return .array(elements)
            default: throw unexpected(expecting: "',' or ']'")
            }
        }
    }

    private mutating func parseLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for byte in expected {
            guard index < bytes.count else { throw endOfInput("'\(literal)'") }
            guard bytes[index] == byte else { throw unexpected(expecting: "'\(literal)'") }
            index += 1
        }
    }

    /// Reads a number and returns its literal text.
    private mutating func parseNumber() throws(JSONSyntaxError) -> String {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { throw endOfInput("a digit") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) {
                throw error(.invalidNumber, at: index, "a number may not have a leading zero")
            }
        } else if isDigit(bytes[index]) {
            skipDigits()
        } else {
            throw invalidNumber(expecting: "a digit")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count else { throw endOfInput("a digit after '.'") }
            guard isDigit(bytes[index]) else { throw invalidNumber(expecting: "a digit after '.'") }
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count else { throw endOfInput("an exponent digit") }
            guard isDigit(bytes[index]) else { throw invalidNumber(expecting: "an exponent digit") }
            skipDigits()
        }
        guard index - start <= maximumNumberLength else {
            throw error(.invalidNumber, at: start, "a number is longer than \(maximumNumberLength) characters")
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if rejectsNumbersBeyondDouble {
            guard let value = Double(text), value.isFinite else {
                throw error(.invalidNumber, at: start, "the number \(text.prefix(32)) is out of range")
            }
        }
        return text
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1  // opening quote
        var buffer: [UInt8] = []
        while true {
            guard index < bytes.count else { throw endOfInput("the closing '\"' of a string") }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: buffer, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape(into: &buffer)
            case 0x00..<0x20:
                throw error(.invalidString, at: index, "a control character (\(describe(byte))) must be escaped inside a string")
            case 0x20..<0x80:
                buffer.append(byte)
                index += 1
            default:
                try copyUTF8Sequence(into: &buffer)
            }
        }
    }

    private mutating func parseEscape(into buffer: inout [UInt8]) throws(JSONSyntaxError) {
        let escapeOffset = index
        index += 1
        guard index < bytes.count else { throw endOfInput("an escape character after '\\'") }
        let escaped = bytes[index]
        index += 1
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(escaped)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            let first = try parseHexQuad()
            var scalarValue = UInt32(first)
            if (0xD800...0xDBFF).contains(first) {
                guard index < bytes.count else { throw endOfInput("a low surrogate escape") }
                guard bytes[index] == UInt8(ascii: "\\") else { throw unpairedSurrogate(at: escapeOffset) }
                guard index + 1 < bytes.count else { index = bytes.count; throw endOfInput("a low surrogate escape") }
                guard bytes[index + 1] == UInt8(ascii: "u") else { throw unpairedSurrogate(at: escapeOffset) }
                index += 2
                let second = try parseHexQuad()
                guard (0xDC00...0xDFFF).contains(second) else { throw unpairedSurrogate(at: escapeOffset) }
                scalarValue = 0x10000 + ((UInt32(first) - 0xD800) << 10) + (UInt32(second) - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(first) {
                throw unpairedSurrogate(at: escapeOffset)
            }
            guard let scalar = Unicode.Scalar(scalarValue) else { throw unpairedSurrogate(at: escapeOffset) }
            UTF8.encode(scalar) { buffer.append($0) }
        default:
            throw error(.invalidString, at: escapeOffset, "'\\\(describeRaw(escaped))' is not a JSON escape")
        }
    }

    private mutating func parseHexQuad() throws(JSONSyntaxError) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw endOfInput("four hexadecimal digits after '\\u'") }
            let byte = bytes[index]
            guard let digit = Hex.digitValue(byte) else {
                throw error(.invalidString, at: index, "expected a hexadecimal digit in a '\\u' escape, found \(describe(byte))")
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }

    /// Copies one multi-byte UTF-8 sequence, rejecting overlong forms, surrogates and values above U+10FFFF.
    private mutating func copyUTF8Sequence(into buffer: inout [UInt8]) throws(JSONSyntaxError) {
        let start = index
        let lead = bytes[index]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; secondRange = 0x80...0x9F
        case 0xF0: length = 4; secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; secondRange = 0x80...0x8F
        default:
            throw error(.invalidUTF8, at: start, "byte 0x\(hex(lead)) cannot start a UTF-8 sequence")
        }
        for position in 1..<length {
            guard start + position < bytes.count else {
                index = bytes.count
                throw endOfInput("the rest of a UTF-8 sequence")
            }
            let byte = bytes[start + position]
            let allowed = position == 1 ? secondRange : 0x80...0xBF
            guard allowed.contains(byte) else {
                throw error(.invalidUTF8, at: start + position, "byte 0x\(hex(byte)) is not valid in this UTF-8 sequence")
            }
        }
        buffer.append(contentsOf: bytes[start..<(start + length)])
        index = start + length
    }

    // MARK: Helpers

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func skipDigits() {
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private func checkDepth(_ depth: Int) throws(JSONSyntaxError) {
        if depth > maximumDepth {
            throw error(.tooDeep(limit: maximumDepth), at: index, "arrays and objects are nested deeper than \(maximumDepth) levels")
        }
    }

    private func error(_ kind: JSONSyntaxError.Kind, at offset: Int, _ detail: String) -> JSONSyntaxError {
        JSONSyntaxError(kind: kind, offset: offset, in: bytes, detail: detail)
    }

    private func endOfInput(_ expected: String) -> JSONSyntaxError {
        error(.unexpectedEnd, at: bytes.count, "the input ends too early (cut short?): expected \(expected)")
    }

    private func unexpected(expecting expected: String) -> JSONSyntaxError {
        error(.unexpectedCharacter, at: index, "expected \(expected), found \(describe(bytes[index]))")
    }

    private func invalidNumber(expecting expected: String) -> JSONSyntaxError {
        error(.invalidNumber, at: index, "expected \(expected) in a number, found \(describe(bytes[index]))")
    }

    private func unpairedSurrogate(at offset: Int) -> JSONSyntaxError {
        error(.invalidString, at: offset, "a '\\u' escape names half of a UTF-16 surrogate pair without the other half")
    }

    private func describe(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(hex(byte))"
    }

    private func describeRaw(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? String(Character(Unicode.Scalar(byte))) : "0x\(hex(byte))"
    }

    private func hex(_ byte: UInt8) -> String {
        Hex.encode([byte], uppercase: true)
    }
}
