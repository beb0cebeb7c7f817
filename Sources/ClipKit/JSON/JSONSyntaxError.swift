/// Why bytes are not strict JSON, and where.
///
/// Produced by ``JSONValue/init(strictlyParsing:maximumDepth:)``. ``isTruncation`` tells a document
/// that was cut short (every byte so far was valid JSON, but the input ended inside a value) from one
/// that is malformed, so a store can say "the write was interrupted" rather than "this is not ours".
public struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem was found.
    public enum Kind: Sendable, Hashable {
        /// The input ended before the JSON value was complete (it is a prefix of some valid JSON).
        case unexpectedEnd
        /// A byte that cannot appear at this point.
        case unexpectedCharacter
        /// A number that does not follow JSON's grammar or does not fit a `Double`.
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
    }

    /// What kind of problem was found.
    public let kind: Kind
    /// The byte offset in the input where the problem was found.
    public let offset: Int
    /// What was expected or what is wrong, for a person.
    public let detail: String

    /// Creates an error.
    public init(kind: Kind, offset: Int, detail: String) {
        self.kind = kind
        self.offset = offset
        self.detail = detail
    }

    /// Whether the input is a valid JSON prefix that ends too early (a cut-short write).
    public var isTruncation: Bool { kind == .unexpectedEnd }

    /// `detail at byte N`.
    public var description: String { "\(detail) at byte \(offset)" }
}
