/// Writes Swift source line by line, indented by nesting.
struct SwiftWriter {
    /// The source written so far.
    private(set) var text = ""
    private var depth = 0

    /// Writes one line at the current depth; an empty line stays empty.
    mutating func line(_ content: String = "") {
        text += content.isEmpty ? "\n" : String(repeating: "    ", count: depth) + content + "\n"
    }

    /// Writes `opening`, the lines `body` writes one level deeper, and `closing`.
    mutating func block(_ opening: String, closing: String = "}", _ body: (inout SwiftWriter) -> Void) {
        line(opening)
        depth += 1
        body(&self)
        depth -= 1
        line(closing)
    }

    /// Writes a `switch` over `subject`, its cases at the switch's own depth as Swift style has them.
    mutating func switchBlock(_ subject: String, _ cases: (inout SwiftWriter) -> Void) {
        line("switch \(subject) {")
        cases(&self)
        line("}")
    }

    /// Writes the lines `body` writes one level deeper.
    mutating func indented(_ body: (inout SwiftWriter) -> Void) {
        depth += 1
        body(&self)
        depth -= 1
    }

    /// Writes a `///` documentation comment, one line per element of `lines`.
    mutating func documentation(_ lines: String...) {
        for content in lines { line(content.isEmpty ? "///" : "/// " + content) }
    }
}
