import Foundation

extension JSONValue {
    /// The nesting depth ``init(strictlyParsing:maximumDepth:)`` allows unless told otherwise.
    @_spi(ClipKitTooling) public static let defaultMaximumDepth = 64

    /// Parses untrusted bytes as strict JSON (RFC 8259) with ``StrictJSONParser``.
    ///
    /// Stricter than `JSONDecoder`: an object may not name a member twice, nesting is limited, the
    /// bytes must be valid UTF-8 without a byte-order mark, every number must fit a `Double`, and the
    /// error says whether the input was merely cut short (``JSONSyntaxError/isTruncation``) or is
    /// malformed, and where.
    ///
    /// - Parameters:
    ///   - data: The JSON text, as UTF-8.
    ///   - maximumDepth: How deeply arrays and objects may nest; the top level counts as one.
    /// - Throws: ``JSONSyntaxError``.
    @_spi(ClipKitTooling) public init(strictlyParsing data: Data, maximumDepth: Int = JSONValue.defaultMaximumDepth) throws(JSONSyntaxError) {
        let parser = StrictJSONParser(maximumBytes: .max, maximumDepth: maximumDepth, maximumNumberLength: .max, rejectsNumbersBeyondDouble: true)
        self = try parser.parse(data)
    }
}
