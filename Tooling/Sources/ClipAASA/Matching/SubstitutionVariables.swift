/// The substitution variables a pattern may use: Apple's predefined ones and a file's own.
///
/// `$(name)` in a pattern matches any one of the variable's strings. Names are case-sensitive and
/// may hold any character except `$`, `(` and `)`; values may hold `?` and `*` but no variables.
public struct SubstitutionVariables: Sendable, Hashable {
    /// The predefined variables and their strings.
    public static let predefined: [String: [String]] = [
        "alpha": letters(upper: true, lower: true),
        "upper": letters(upper: true, lower: false),
        "lower": letters(upper: false, lower: true),
        "alnum": letters(upper: true, lower: true) + digits,
        "digit": digits,
        "xdigit": digits + ["A", "B", "C", "D", "E", "F", "a", "b", "c", "d", "e", "f"],
        "region": ISOCodes.regions,
        "lang": ISOCodes.languages,
    ]

    /// The file's own variables, `applinks.substitutionVariables`.
    public let custom: [String: [String]]

    /// Variables with the given custom ones; a custom variable named like a predefined one replaces it.
    public init(custom: [String: [String]] = [:]) {
        self.custom = custom
    }

    /// Only the predefined variables.
    public static let predefinedOnly = SubstitutionVariables()

    /// The strings of the variable `name`, or `nil` when no such variable exists.
    public func values(of name: String) -> [String]? {
        custom[name] ?? SubstitutionVariables.predefined[name]
    }

    /// Whether `name` can name a variable: not empty and without `$`, `(` or `)`.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && !name.contains("$") && !name.contains("(") && !name.contains(")")
    }

    private static let digits = (0...9).map(String.init)

    private static func letters(upper: Bool, lower: Bool) -> [String] {
        var result: [String] = []
        for value in UInt32(0x41)...UInt32(0x5A) {
            guard let capital = Unicode.Scalar(value), let small = Unicode.Scalar(value + 0x20) else { continue }
            if upper { result.append(String(Character(capital))) }
            if lower { result.append(String(Character(small))) }
        }
        return result
    }
}
