/// Swift literals for values read from a manifest, written so that any text, however hostile,
/// becomes exactly that string in the compiled program and nothing else.
enum SwiftLiteral {
    /// A string literal: `"…"`, with `\` and `"` escaped, and every character outside printable
    /// ASCII written as a `\u{…}` escape, so no control character, line break, bidirectional
    /// override or interpolation (`\(`) reaches the source as such.
    static func string(_ value: String) -> String {
        var literal = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": literal += "\\\\"
            case "\"": literal += "\\\""
            case " "..."~": literal.unicodeScalars.append(scalar)
            default: literal += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return literal + "\""
    }

    /// `nil`, or a string literal.
    static func optionalString(_ value: String?) -> String {
        value.map(string) ?? "nil"
    }

    /// An array of string literals: `["a", "b"]`.
    static func strings(_ values: [String]) -> String {
        "[" + values.map(string).joined(separator: ", ") + "]"
    }

    /// A dictionary of string literals with its keys sorted, so the output does not depend on
    /// hashing: `["a": "1", "b": "2"]`, or `[:]`.
    static func dictionary(_ values: [String: String]) -> String {
        guard !values.isEmpty else { return "[:]" }
        return "[" + values.keys.sorted().map { string($0) + ": " + string(values[$0] ?? "") }.joined(separator: ", ") + "]"
    }

    /// A floating-point literal that reads back as exactly `value` (finite values only; the
    /// manifest's checks keep coordinates finite).
    static func double(_ value: Double) -> String {
        let text = "\(value)"
        return text.contains(".") || text.contains("e") ? text : text + ".0"
    }
}
