import ClipKit
import ClipManifestReader

extension AASAFileCheck {
    /// Lints every pattern, reports those the matcher could not compile, and the parts the rule
    /// engine finds can never match a URL.
    mutating func checkPatterns(document: AASADocument, matcher: AASAMatcher) {
        guard let links = document.appLinks else { return }
        for (detailIndex, detail) in links.details.enumerated() {
            let detailPath = AASAMatcher.detailPath(detailIndex, detail: detail, links: links)
            if let components = detail.components {
                for (index, component) in components.enumerated() {
                    let path = "\(detailPath).components[\(index)]"
                    if let pattern = component.path { lintPath(pattern, at: JSONPath.member("/", of: path)) }
                    if case .whole(let pattern)? = component.query { lintQuery(pattern, at: JSONPath.member("?", of: path)) }
                    if let pattern = component.fragment { lintFragment(pattern, at: JSONPath.member("#", of: path)) }
                }
            }
        }
        for problem in matcher.problems {
            add(AASAFinding.Code(rawValue: problem.code), .error, problem.path, problem.message, fix: AASAFileCheck.fix(forPatternCode: problem.code))
        }
        checkUnmatchableParts(matcher: matcher)
    }

    /// Components with a part that no URL can match, as the rule engine decides it.
    mutating func checkUnmatchableParts(matcher: AASAMatcher) {
        for (detailIndex, detail) in matcher.details.enumerated() {
            for (componentIndex, component) in detail.components.enumerated() {
                for (keys, reason) in component.unmatchableParts {
                    var path = matcher.componentPath(detail: detailIndex, component: componentIndex)
                    if !detail.usesLegacyPaths { for key in keys { path = JSONPath.member(key, of: path) } }
                    let part = keys.first == "/" ? "path" : keys.first == "#" ? "fragment" : keys.count > 1 ? "query item '\(keys[1])'" : "query"
                    switch reason {
                    case .characterNeverInURL(let scalar) where scalar == "#" && part == "path":
                        add(.fragmentInPath, .warning, path,
                            "this path pattern holds '#', which never appears in a URL's path (the part after '#' is the fragment), so this component never matches",
                            fix: "match the fragment with the '#' key instead")
                    case .characterNeverInURL(let scalar):
                        let shown = String(scalar).debugDescription.dropFirst().dropLast()
                        add(.unencodedCharacter, .warning, path,
                            "this \(part) pattern holds '\(shown)', which a URL always carries percent-encoded; the pattern is compared with the URL as written (percentEncoded), so this component never matches",
                            fix: "write it percent-encoded (\(PercentEncoding.escape(scalar)), upper-case hex as iOS writes it), or set \"percentEncoded\": false to compare with the decoded URL")
                    case .brokenEscape:
                        add(.badPercentEscape, .warning, path,
                            "this \(part) pattern has a '%' that starts no escape (two hex digits); the pattern is compared with the URL as written (percentEncoded), where every '%' starts one, so this component never matches",
                            fix: "write a literal percent sign as %25, or set \"percentEncoded\": false to compare with the decoded URL")
                    }
                }
            }
        }
    }

    static func fix(forPatternCode code: String) -> String {
        switch code {
        case AASAFinding.Code.unknownVariable.rawValue:
            return "define the variable in applinks.substitutionVariables, or use a predefined one"
        case AASAFinding.Code.patternTooComplex.rawValue:
            return "split the pattern into simpler components"
        case AASAFinding.Code.nestedVariable.rawValue:
            return "write the variable's values out in full, without other variables"
        default:
            return "write variables as $(name), with a closing parenthesis"
        }
    }

    mutating func lintPath(_ pattern: String, at path: String) {
        if !pattern.contains("#"), let mark = pattern.firstIndex(of: "?"), pattern[mark...].contains("=") {
            add(.queryInPath, .warning, path,
                "the path pattern '\(pattern.prefix(80))' looks like it holds a query: in a path pattern '?' is a wildcard for one character, and the query is never part of the path",
                fix: "move the query into the '?' key, like {\"/\": \"\(pattern[..<mark].prefix(40))\", \"?\": {\"name\": \"value\"}}")
        }
    }

    mutating func lintQuery(_ pattern: String, at path: String) {
        if pattern.hasPrefix("?"), pattern.dropFirst().contains("=") {
            add(.leadingDelimiter, .warning, path,
                "the query pattern '\(pattern.prefix(80))' starts with '?': the query is matched without its '?', so this '?' is a wildcard that takes the first character",
                fix: "remove the leading '?'")
        }
    }

    mutating func lintFragment(_ pattern: String, at path: String) {
        if pattern.hasPrefix("#") {
            add(.leadingDelimiter, .warning, path,
                "the fragment pattern '\(pattern.prefix(80))' starts with '#': the fragment is matched without its '#', so this pattern requires a second '#'",
                fix: "remove the leading '#'")
        }
    }
}
