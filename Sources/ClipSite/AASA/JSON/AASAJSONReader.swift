import ClipKit
import Foundation

/// A strict JSON reader for AASA files.
///
/// It rejects what the system rejects (a byte-order mark, more than 128 KB) before parsing, parses
/// RFC 8259 JSON with a nesting limit (so hostile input cannot exhaust the stack), reports the line
/// and column of a syntax error, and remembers duplicate keys, whose meaning JSON leaves open.
public enum AASAJSONReader {
    /// The deepest nesting of arrays and objects accepted. A valid AASA file nests 6 levels deep.
    public static let maximumDepth = 64

    /// What the reader found: the value and the JSON paths of keys that appeared twice in an object.
    public struct Result: Sendable, Hashable {
        /// The parsed value; for a duplicate key, the last occurrence wins.
        public let value: JSONValue
        /// Where keys were repeated, as JSON paths to the repeated member.
        public let duplicateKeyPaths: [String]
    }

    /// Parses an AASA file's bytes.
    ///
    /// - Throws: ``AASADocumentError/tooLarge(bytes:limit:)``, ``AASADocumentError/byteOrderMark(encoding:)``
    ///   or ``AASADocumentError/notJSON(line:column:reason:)``.
    public static func read(_ data: Data, limit: Int = AASADocument.maximumBytes) throws(AASADocumentError) -> Result {
        if data.count > limit { throw .tooLarge(bytes: data.count, limit: limit) }
        if let encoding = byteOrderMark(in: data) { throw .byteOrderMark(encoding: encoding) }
        var parser = Parser(bytes: [UInt8](data))
        do {
            let value = try parser.document()
            return Result(value: value, duplicateKeyPaths: parser.duplicates)
        } catch {
            let (line, column) = parser.position(of: error.offset)
            throw .notJSON(line: line, column: column, reason: error.reason)
        }
    }

    /// The name of the byte-order mark at the start of `data`, if any.
    public static func byteOrderMark(in data: Data) -> String? {
        let head = [UInt8](data.prefix(4))
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { return "UTF-8" }
        if head.starts(with: [0x00, 0x00, 0xFE, 0xFF]) || head.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return "UTF-32" }
        if head.starts(with: [0xFE, 0xFF]) || head.starts(with: [0xFF, 0xFE]) { return "UTF-16" }
        return nil
    }

    struct SyntaxError: Error {
        let offset: Int
        let reason: String
    }

    struct Parser {
        let bytes: [UInt8]
        var index = 0
        var depth = 0
        var duplicates: [String] = []

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        func position(of offset: Int) -> (line: Int, column: Int) {
            var line = 1
            var lineStart = 0
            for position in 0..<min(offset, bytes.count) where bytes[position] == 0x0A {
                line += 1
                lineStart = position + 1
            }
            return (line, offset - lineStart + 1)
        }

        mutating func document() throws(SyntaxError) -> JSONValue {
            skipWhitespace()
            let value = try self.value(path: "$")
            skipWhitespace()
            if index < bytes.count { throw SyntaxError(offset: index, reason: "unexpected text after the JSON value") }
            return value
        }

        mutating func skipWhitespace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func value(path: String) throws(SyntaxError) -> JSONValue {
            guard index < bytes.count else { throw SyntaxError(offset: index, reason: "the file ends where a value should be") }
            switch bytes[index] {
            case UInt8(ascii: "{"): return try object(path: path)
            case UInt8(ascii: "["): return try array(path: path)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
            default:
                throw SyntaxError(offset: index, reason: "unexpected character \(describe(bytes[index])) where a value should be")
            }
        }

        mutating func enter() throws(SyntaxError) {
            depth += 1
            if depth > AASAJSONReader.maximumDepth {
                throw SyntaxError(offset: index, reason: "nested more than \(AASAJSONReader.maximumDepth) levels deep")
            }
        }

        mutating func object(path: String) throws(SyntaxError) -> JSONValue {
            try enter()
            index += 1
            var members: [String: JSONValue] = [:]
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                depth -= 1
                return .object(members)
            }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                    throw SyntaxError(offset: index, reason: "expected a key in double quotes")
                }
                let key = try string()
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                    throw SyntaxError(offset: index, reason: "expected ':' after the key")
                }
                index += 1
                skipWhitespace()
                let memberPath = JSONPath.member(key, of: path)
                let value = try self.value(path: memberPath)
                if members.updateValue(value, forKey: key) != nil { duplicates.append(memberPath) }
                skipWhitespace()
                guard index < bytes.count else { throw SyntaxError(offset: index, reason: "the file ends inside an object") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    depth -= 1
                    return .object(members)
                }
                throw SyntaxError(offset: index, reason: "expected ',' or '}' in an object, found \(describe(bytes[index]))")
            }
        }

        mutating func array(path: String) throws(SyntaxError) -> JSONValue {
            try enter()
            index += 1
            var elements: [JSONValue] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                depth -= 1
                return .array(elements)
            }
            while true {
                skipWhitespace()
                elements.append(try value(path: JSONPath.element(elements.count, of: path)))
                skipWhitespace()
                guard index < bytes.count else { throw SyntaxError(offset: index, reason: "the file ends inside an array") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                if bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    depth -= 1
                    return .array(elements)
                }
                throw SyntaxError(offset: index, reason: "expected ',' or ']' in an array, found \(describe(bytes[index]))")
            }
        }

        mutating func literal(_ word: String) throws(SyntaxError) {
            let expected = Array(word.utf8)
            guard index + expected.count <= bytes.count, Array(bytes[index..<(index + expected.count)]) == expected else {
                throw SyntaxError(offset: index, reason: "unexpected text; expected '\(word)'")
            }
            index += expected.count
        }

        mutating func number() throws(SyntaxError) -> Double {
            let start = index
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw SyntaxError(offset: index, reason: "a number needs digits") }
            if bytes[index] == UInt8(ascii: "0") {
                index += 1
            } else {
                while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard index < bytes.count, isDigit(bytes[index]) else { throw SyntaxError(offset: index, reason: "a number needs digits after '.'") }
                while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard index < bytes.count, isDigit(bytes[index]) else { throw SyntaxError(offset: index, reason: "a number needs digits in its exponent") }
                while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            guard let value = Double(text), value.isFinite else { throw SyntaxError(offset: start, reason: "the number \(text.prefix(40)) is out of range") }
            return value
        }

        mutating func string() throws(SyntaxError) -> String {
            let start = index
            index += 1
            var buffer: [UInt8] = []
            while true {
                guard index < bytes.count else { throw SyntaxError(offset: start, reason: "a string is not closed") }
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    index += 1
                    break
                }
                if byte < 0x20 { throw SyntaxError(offset: index, reason: "a control character must be escaped inside a string") }
                if byte != UInt8(ascii: "\\") {
                    buffer.append(byte)
                    index += 1
                    continue
                }
                index += 1
                guard index < bytes.count else { throw SyntaxError(offset: start, reason: "a string is not closed") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): buffer.append(0x22)
                case UInt8(ascii: "\\"): buffer.append(0x5C)
                case UInt8(ascii: "/"): buffer.append(0x2F)
                case UInt8(ascii: "b"): buffer.append(0x08)
                case UInt8(ascii: "f"): buffer.append(0x0C)
                case UInt8(ascii: "n"): buffer.append(0x0A)
                case UInt8(ascii: "r"): buffer.append(0x0D)
                case UInt8(ascii: "t"): buffer.append(0x09)
                case UInt8(ascii: "u"):
                    let scalar = try unicodeEscape()
                    buffer.append(contentsOf: Array(String(Character(scalar)).utf8))
                default:
                    throw SyntaxError(offset: index - 1, reason: "unknown escape \\\(describe(escape)) in a string")
                }
            }
            guard let text = String(validating: buffer, as: UTF8.self) else {
                throw SyntaxError(offset: start, reason: "a string is not valid UTF-8")
            }
            return text
        }

        mutating func hexQuad() throws(SyntaxError) -> UInt32 {
            guard index + 4 <= bytes.count else { throw SyntaxError(offset: index, reason: "\\u needs four hex digits") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard let digit = hexValue(bytes[index]) else { throw SyntaxError(offset: index, reason: "\\u needs four hex digits") }
                value = value * 16 + UInt32(digit)
                index += 1
            }
            return value
        }

        mutating func unicodeEscape() throws(SyntaxError) -> Unicode.Scalar {
            let first = try hexQuad()
            if (0xD800...0xDBFF).contains(first) {
                guard index + 2 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw SyntaxError(offset: index, reason: "a \\u escape holds an unpaired surrogate")
                }
                index += 2
                let second = try hexQuad()
                guard (0xDC00...0xDFFF).contains(second),
                      let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)) else {
                    throw SyntaxError(offset: index, reason: "a \\u escape holds an unpaired surrogate")
                }
                return scalar
            }
            guard let scalar = Unicode.Scalar(first) else {
                throw SyntaxError(offset: index, reason: "a \\u escape holds an unpaired surrogate")
            }
            return scalar
        }

        func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

        func hexValue(_ byte: UInt8) -> UInt8? {
            switch byte {
            case 0x30...0x39: return byte - 0x30
            case 0x41...0x46: return byte - 0x41 + 10
            case 0x61...0x66: return byte - 0x61 + 10
            default: return nil
            }
        }

        func describe(_ byte: UInt8) -> String {
            (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : String(format: "byte 0x%02X", byte)
        }
    }
}
