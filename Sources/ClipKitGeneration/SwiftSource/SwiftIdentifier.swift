/// Swift names for manifest names (routes and parameters), which are ASCII identifiers: a letter,
/// then letters, digits or `_`.
enum SwiftIdentifier {
    /// `name`, in backticks when Swift reserves it, so a route named `default` or a parameter named
    /// `in` still compiles.
    static func escaped(_ name: String) -> String {
        keywords.contains(name) ? "`" + name + "`" : name
    }

    /// `name` as an argument label at a call site, where only `inout`, `var` and `let` need
    /// backticks (Swift warns about any others).
    static func argumentLabel(_ name: String) -> String {
        ["inout", "var", "let"].contains(name) ? "`" + name + "`" : name
    }

    /// The names that no backticks make usable as an enum case of the generated route type.
    static let unusableCaseNames: Set<String> = ["init", "self", "Self", "Type", "Protocol", "routeName"]

    /// Swift's reserved words, which need backticks as names.
    static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "package", "private",
        "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
        "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil",
        "self", "Self", "super", "throws", "true", "try", "async", "some", "any", "Type", "Protocol",
    ]
}
