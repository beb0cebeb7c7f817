import Mustache

/// A Mustache parse error in words: where (line and column) and what, instead of the parser's
/// `ParserError(context: …, error: …)`.
enum TemplateParseFailure {
    /// `line L, column C: what (the line: …)` for `error`; `prefixLength` characters that were put
    /// before the template's first line are taken off the column.
    static func describe(_ error: any Error, prefixLength: Int = 0) -> String {
        guard let failure = error as? MustacheTemplate.ParserError else {
            return "the template ends in the middle of a tag; close every '{{' with '}}'"
        }
        let context = failure.context
        let column = context.lineNumber == 1 ? max(1, context.columnNumber - prefixLength) : context.columnNumber
        var line = Substring(context.line)
        if context.lineNumber == 1 { line = line.dropFirst(min(prefixLength, line.count)) }
        let excerpt = line.drop(while: { $0 == " " || $0 == "\t" }).prefix(80)
        return "line \(context.lineNumber), column \(column): \(what(failure.error)) (the line: \(excerpt))"
    }

    private static func what(_ error: any Error) -> String {
        guard let error = error as? MustacheTemplate.Error else {
            return "the template ends in the middle of a tag; close every '{{' with '}}'"
        }
        switch error {
        case .sectionCloseNameIncorrect: return "a section closes with another name than it opened with; pair {{#name}} with {{/name}}"
        case .unfinishedName: return "a tag is not finished; close it with '}}' and give it a name"
        case .expectedSectionEnd: return "a section is never closed; add its {{/name}}"
        case .invalidSetDelimiter: return "a set-delimiter tag is malformed; write it as {{=<% %>=}}"
        case .transformAppliedToInheritanceSection: return "a transform cannot apply to an inherited section"
        case .illegalTokenInsideInheritSection: return "only block definitions {{$name}} may appear inside a partial's inheritance section"
        case .textInsideInheritSection: return "text may not appear inside a partial's inheritance section"
        case .invalidConfigVariableSyntax: return "a configuration tag is malformed; write it as {{% NAME: VALUE}}"
        case .unrecognisedConfigVariable: return "unknown configuration tag; only {{% CONTENT_TYPE: TEXT}} (or HTML) is known"
        }
    }
}
