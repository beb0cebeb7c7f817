import Foundation

/// The JSON parser for untrusted input (handoff envelopes, web-bridge messages, Nostr events and
/// relay frames, notification payloads, AASA files) that never guesses.
///
/// It reads RFC 8259 JSON and rejects, with the position (byte offset, line, column) and a reason:
/// more than ``maximumBytes`` of input, a byte-order mark, invalid UTF-8 (overlong forms, encoded
/// surrogates), raw control characters in strings, lone UTF-16 surrogates in `\u` escapes, numbers
/// outside JSON's grammar or longer than ``maximumNumberLength``, nesting deeper than
/// ``maximumDepth``, duplicate object members (unless ``duplicateKeys`` says to keep the last and
/// report them), and anything after the value. Strings come out exactly as sent, numbers with their
/// literal text (``JSONNumber``), so a caller can read `created_at` as an exact 64-bit integer.
///
/// ```swift
/// let value = try StrictJSONParser().parse(frame)
/// ```
@_spi(ClipKitTooling)
public struct StrictJSONParser: Sendable {
    /// What the parser does when an object names a member twice.
    public enum DuplicateKeyPolicy: Sendable, Equatable {
        /// Reject the document with ``JSONSyntaxError/Kind/duplicateKey(_:)``.
        case reject
        /// Keep the last occurrence and list the member's path in
        /// ``StrictJSONDocument/duplicateKeyPaths``.
        case keepLastAndReport
    }

    /// The most bytes accepted.
    public var maximumBytes: Int
    /// The deepest nesting of arrays and objects accepted; the top level counts as one.
    public var maximumDepth: Int
    /// The longest number literal accepted, in characters.
    public var maximumNumberLength: Int
    /// Whether a number that a `Double` cannot hold (such as `1e999`) is an error.
    public var rejectsNumbersBeyondDouble: Bool
    /// What to do with duplicate object members.
    public var duplicateKeys: DuplicateKeyPolicy
    /// Whether ``parseDocument(_:)`` records where each value starts
    /// (``StrictJSONDocument/valueLocations``), so a checker can name the line of a problem.
    package var recordsValueLocations = false

    /// Creates a parser with the given caps (by default 1 MiB, depth 32, numbers of up to 64
    /// characters kept as text, duplicate members rejected).
    public init(
        maximumBytes: Int = 1024 * 1024,
        maximumDepth: Int = 32,
        maximumNumberLength: Int = 64,
        rejectsNumbersBeyondDouble: Bool = false,
        duplicateKeys: DuplicateKeyPolicy = .reject
    ) {
        self.maximumBytes = maximumBytes
        self.maximumDepth = maximumDepth
        self.maximumNumberLength = maximumNumberLength
        self.rejectsNumbersBeyondDouble = rejectsNumbersBeyondDouble
        self.duplicateKeys = duplicateKeys
    }

    /// Parses one JSON value, surrounded by optional whitespace, and reports duplicate members when
    /// ``duplicateKeys`` is ``DuplicateKeyPolicy/keepLastAndReport``.
    ///
    /// - Throws: ``JSONSyntaxError``.
    public func parseDocument<Bytes: Collection>(_ input: Bytes) throws(JSONSyntaxError) -> StrictJSONDocument where Bytes.Element == UInt8 {
        let count = input.count
        // Only the bytes up to the limit are copied; they are all a too-large error needs.
        return try parseDocument(bytes: Array(input.prefix(maximumBytes)), count: count)
    }

    /// Parses `bytes`, the first bytes of an input that has `count` bytes in all.
    private func parseDocument(bytes: [UInt8], count: Int) throws(JSONSyntaxError) -> StrictJSONDocument {
        guard count <= maximumBytes else {
            throw JSONSyntaxError(kind: .tooLarge(limit: maximumBytes), offset: maximumBytes, in: bytes,
                                  detail: "the input has \(count) bytes, more than the \(maximumBytes) allowed")
        }
        if let encoding = Self.byteOrderMark(atStartOf: Array(bytes.prefix(4))) {
            throw JSONSyntaxError(kind: .byteOrderMark(encoding: encoding), offset: 0, line: 1, column: 1,
                                  detail: "the input starts with a \(encoding) byte-order mark; JSON text is UTF-8 without one")
        }
        var cursor = StrictJSONCursor(bytes: bytes, rules: self)
        let value = try cursor.parseDocument()
        var document = StrictJSONDocument(value: value, duplicateKeyPaths: cursor.duplicateKeyPaths)
        document.valueLocations = cursor.valueLocations
        return document
    }

    /// Parses one JSON value from `bytes`, surrounded by optional whitespace.
    ///
    /// - Throws: ``JSONSyntaxError``.
    public func parse<Bytes: Collection>(_ bytes: Bytes) throws(JSONSyntaxError) -> JSONValue where Bytes.Element == UInt8 {
        try parseDocument(bytes).value
    }

    /// Parses one JSON value from the UTF-8 of `text`.
    ///
    /// - Throws: ``JSONSyntaxError``.
    public func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parseDocument(Array(text.utf8)).value
    }

    /// The name of the Unicode byte-order mark at the start of `bytes` (`UTF-8`, `UTF-16` or
    /// `UTF-32`), or `nil` when there is none.
    public static func byteOrderMark<Bytes: Collection>(in bytes: Bytes) -> String? where Bytes.Element == UInt8 {
        byteOrderMark(atStartOf: Array(bytes.prefix(4)))
    }

    private static func byteOrderMark(atStartOf head: [UInt8]) -> String? {
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { return "UTF-8" }
        if head.starts(with: [0x00, 0x00, 0xFE, 0xFF]) || head.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return "UTF-32" }
        if head.starts(with: [0xFE, 0xFF]) || head.starts(with: [0xFF, 0xFE]) { return "UTF-16" }
        return nil
    }
}
