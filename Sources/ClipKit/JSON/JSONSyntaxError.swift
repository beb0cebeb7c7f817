import Foundation

/// Why bytes are not strict JSON, and where.
///
/// Produced by `StrictJSONParser` and `JSONValue.init(strictlyParsing:maximumDepth:)`.
/// `isTruncation` tells a document that was cut short (every byte so far was valid JSON, but the
/// input ended inside a value) from one that is malformed, so a store can say "the write was
/// interrupted" rather than "this is not ours". The position is given as a byte offset and as a
/// line and column, for files a person edits.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of problem was found.
    @_spi(ClipKitTooling) public enum Kind: Sendable, Equatable {
        /// The input ended before the JSON value was complete (it is a prefix of some valid JSON).
        case unexpectedEnd
        /// A byte that cannot appear at this point.
        case unexpectedCharacter
        /// A number that does not follow JSON's grammar, is too long, or does not fit a `Double`
        /// when the parser requires that.
        case invalidNumber
        /// A string with a control character, a bad escape or an unpaired surrogate.
        case invalidString
        /// Bytes that are not valid UTF-8.
        case invalidUTF8
        /// An object that names the same member twice.
        case duplicateKey(String)
        /// Arrays and objects nested deeper than the parser allows.
        case tooDeep(limit: Int)
        /// Something other than whitespace follows the complete value.
        case trailingContent
        /// The input has more bytes than the parser accepts.
        case tooLarge(limit: Int)
        /// The input starts with a byte-order mark (named by `encoding`: `UTF-8`, `UTF-16`, `UTF-32`).
        case byteOrderMark(encoding: String)
    }

    /// What kind of problem was found.
    @_spi(ClipKitTooling) public let kind: Kind
    /// The byte offset in the input where the problem was found.
    @_spi(ClipKitTooling) public let offset: Int
    /// The line of ``offset``, counting from 1 (lines end at line feeds).
    @_spi(ClipKitTooling) public let line: Int
    /// The column of ``offset`` in bytes, counting from 1.
    @_spi(ClipKitTooling) public let column: Int
    /// What was expected or what is wrong, for a person.
    @_spi(ClipKitTooling) public let detail: String

    /// Creates an error at `offset`, with its line and column.
    @_spi(ClipKitTooling) public init(kind: Kind, offset: Int, line: Int, column: Int, detail: String) {
        self.kind = kind
        self.offset = offset
        self.line = line
        self.column = column
        self.detail = detail
    }

    /// Creates an error at `offset` in `bytes`, working out the line and column.
    init(kind: Kind, offset: Int, in bytes: [UInt8], detail: String) {
        let position = Self.position(ofOffset: offset, in: bytes)
        self.init(kind: kind, offset: offset, line: position.line, column: position.column, detail: detail)
    }

    /// The line and the column in bytes, both counting from 1, of byte `offset` of `bytes`.
    package static func position(ofOffset offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for position in 0..<max(0, min(offset, bytes.count)) where bytes[position] == 0x0A {
            line += 1
            lineStart = position + 1
        }
        return (line, offset - lineStart + 1)
    }

    /// Whether the input is a valid JSON prefix that ends too early (a cut-short write).
    @_spi(ClipKitTooling) public var isTruncation: Bool { kind == .unexpectedEnd }

    /// `detail at byte N (line L, column C)`.
    public var description: String { "\(detail) at byte \(offset) (line \(line), column \(column))" }
}

extension JSONSyntaxError: ClipKitError {
}
