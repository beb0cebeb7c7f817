/// A set of ASCII characters, checked against text in one plain loop.
///
/// Identifiers, keys, codes and host labels are all "only these ASCII characters"; one set type
/// for all of them keeps each rule a value instead of a closure of its own.
public struct ASCIISet: Sendable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    /// The set of `characters` (ASCII only; others are ignored), optionally with whole classes
    /// (`controls`: U+0000 to U+001F and U+007F).
    public init(
        _ characters: String = "", letters: Bool = false, uppercase: Bool = false, lowercase: Bool = false,
        digits: Bool = false, controls: Bool = false
    ) {
        if controls { insert(0x00...0x1F); insert(0x7F...0x7F) }
        if letters || uppercase { insert(0x41...0x5A) }
        if letters || lowercase { insert(0x61...0x7A) }
        if digits { insert(0x30...0x39) }
        for scalar in characters.unicodeScalars where scalar.isASCII { insert(scalar.value...scalar.value) }
    }

    /// Letters and digits, and `characters`.
    package static func alphanumerics(and characters: String = "") -> ASCIISet {
        ASCIISet(characters, letters: true, digits: true)
    }

    private mutating func insert(_ values: ClosedRange<UInt32>) {
        for value in values {
            if value < 64 { low |= 1 << UInt64(value) } else { high |= 1 << UInt64(value - 64) }
        }
    }

    /// Whether `scalar` is in the set.
    func contains(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 64 { return low >> UInt64(value) & 1 == 1 }
        return value < 128 && high >> UInt64(value - 64) & 1 == 1
    }

    /// Whether every character of `text` is in the set (true for empty text).
    @_spi(ClipKitTooling) public func containsAll(_ text: Substring) -> Bool {
        for scalar in text.unicodeScalars where !contains(scalar) { return false }
        return true
    }

    /// Whether every character of `text` is in the set (true for empty text).
    @_spi(ClipKitTooling) public func containsAll(_ text: String) -> Bool {
        containsAll(text[...])
    }

    /// Whether some character of `text` is in the set.
    public func containsAny(_ text: String) -> Bool {
        for scalar in text.unicodeScalars where contains(scalar) { return true }
        return false
    }
}

extension Unicode.Scalar {
    var isASCIIAlphanumeric: Bool { isASCIILowercaseLetter || isASCIIUppercaseLetter || isASCIIDigit }
    package var isASCIILowercaseLetter: Bool { (0x61...0x7A).contains(value) }
    package var isASCIIUppercaseLetter: Bool { (0x41...0x5A).contains(value) }
    var isASCIIDigit: Bool { (0x30...0x39).contains(value) }
    var isASCIIHexDigit: Bool { isASCIIDigit || (0x61...0x66).contains(value) || (0x41...0x46).contains(value) }
}

extension String {
    /// The string cut to a length that suits an error message.
    package var truncatedForMessages: String {
        count <= 80 ? self : String(prefix(77)) + "…"
    }

    /// Whether the string splits at `.` into at least `minimum` labels, none of them empty.
    package func hasDotSeparatedLabels(atLeast minimum: Int) -> Bool {
        var labels = 1
        var labelIsEmpty = true
        for scalar in unicodeScalars {
            if scalar == "." {
                if labelIsEmpty { return false }
                labels += 1
                labelIsEmpty = true
            } else {
                labelIsEmpty = false
            }
        }
        return !labelIsEmpty && labels >= minimum
    }
}
