/// A JSON number: the text a parsed document wrote (or the digits of the integer it was made
/// from), with the nearest `Double`.
///
/// JSON does not say how big a number may be. Keeping the text lets a caller read a Nostr event's
/// `created_at` as an exact 64-bit integer (``int64Value``) where a `Double` would round it, and
/// lets `JSONValue.serialized(layout:escaping:)` write such an integer back unchanged.
///
/// Two numbers are equal when both are exact 64-bit integers with the same value, and otherwise
/// when their `Double`s are equal: `1`, `1.0` and `1e0` are one number.
public struct JSONNumber: Sendable, Equatable, CustomStringConvertible {
    /// The number's text as the parsed document wrote it, or the decimal digits of the integer it
    /// was made from; `nil` for a number made from a `Double`.
    public let literal: String?
    /// The nearest `Double`; infinite for a literal beyond a `Double`'s range (such as `1e999`).
    public let doubleValue: Double

    /// The number `value`.
    public init(_ value: Double) {
        literal = nil
        doubleValue = value
    }

    /// The integer `value`, exactly.
    public init<Integer: BinaryInteger>(_ value: Integer) {
        literal = String(value)
        doubleValue = Double(value)
    }

    /// A number from text that the strict parser has checked against JSON's grammar.
    init(checkedLiteral text: String) {
        literal = text
        if let value = Double(text) {
            doubleValue = value
        } else {
            doubleValue = text.hasPrefix("-") ? -.infinity : .infinity
        }
    }

    /// The number as an exact 64-bit integer: a literal written without fraction or exponent that
    /// fits, or a whole `Double` that fits.
    public var int64Value: Int64? {
        guard let literal else { return Int64(exactly: doubleValue) }
        guard !Self.fractionOrExponent.containsAny(literal) else { return nil }
        return Int64(literal)
    }

    /// The characters that make a literal more than an integer's digits.
    private static let fractionOrExponent = ASCIISet(".eE")

    /// The number as an `Int`, when its `Double` is whole and within ±2^53 (where every integer is
    /// exact in a `Double`, as JavaScript reads JSON).
    public var integerValue: Int? {
        guard doubleValue.rounded() == doubleValue,
              doubleValue >= -9.007_199_254_740_992e15, doubleValue <= 9.007_199_254_740_992e15 else { return nil }
        return Int(doubleValue)
    }

    /// The number as `JSONValue.serialized(layout:escaping:)` writes it, or `nil` for a `Double`
    /// that is not finite (JSON has no such number).
    ///
    /// An integer literal (however long) is written as its digits, `-0` as `0`; any other finite
    /// number as `JSONEncoder` writes a `Double` (whole numbers within ±2^53 without a fraction,
    /// others in Swift's shortest form); a literal beyond a `Double`'s range as it was written.
    public var jsonText: String? {
        if let literal, !Self.fractionOrExponent.containsAny(literal) { return literal == "-0" ? "0" : literal }
        guard doubleValue.isFinite else { return literal }
        if let integer = integerValue { return String(integer) }
        var text = doubleValue.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }

    /// The number as JSON text; Swift's description of the `Double` when it is not finite.
    public var description: String {
        jsonText ?? doubleValue.description
    }

    /// Whether two numbers are the same number (see the type's discussion).
    public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        if let left = lhs.int64Value, let right = rhs.int64Value { return left == right }
        if !lhs.doubleValue.isFinite, !rhs.doubleValue.isFinite, let left = lhs.literal, let right = rhs.literal {
            return left == right
        }
        return lhs.doubleValue == rhs.doubleValue
    }
}
