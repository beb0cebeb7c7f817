import ClipKit

extension AASAFileCheck {
    /// Lints every pattern and reports those the matcher could not compile.
    mutating func checkPatterns(document: AASADocument, matcher: AASAMatcher) {
        guard let links = document.appLinks else { return }
        for (detailIndex, detail) in links.details.enumerated() {
            let detailPath = "$.applinks.details[\(detailIndex)]"
            if let components = detail.components {
                for (index, component) in components.enumerated() {
                    let path = "\(detailPath).components[\(index)]"
                    let options = AASAMatchingOptions(component: component, detailDefaults: detail.defaults, domainDefaults: links.defaults)
                    if let pattern = component.path { lintPath(pattern, at: JSONPath.member("/", of: path), options: options) }
                    switch component.query {
                    case .whole(let pattern)?:
                        lintQuery(pattern, at: JSONPath.member("?", of: path), options: options)
                    case .items(let items)?:
                        for name in items.keys.sorted() {
                            if let pattern = items[name] {
                                lintEscapes(pattern, at: JSONPath.member(name, of: JSONPath.member("?", of: path)), options: options)
                            }
                        }
                    case nil:
                        break
                    }
                    if let pattern = component.fragment { lintFragment(pattern, at: JSONPath.member("#", of: path), options: options) }
                }
            }
            if detail.components == nil, let paths = detail.legacyPaths {
                for (index, entry) in paths.enumerated() {
                    let pattern = AASAComponent(legacyPath: entry).path ?? entry
                    lintPath(pattern, at: "\(detailPath).paths[\(index)]", options: AASAMatchingOptions())
                }
            }
        }
        for problem in matcher.problems {
            let severity: AASAFinding.Severity = .error
            add(AASAFinding.Code(rawValue: problem.code), severity, problem.path, problem.message, fix: AASAFileCheck.fix(forPatternCode: problem.code))
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

    mutating func lintPath(_ pattern: String, at path: String, options: AASAMatchingOptions) {
        if let first = pattern.first, first != "/", first != "*", first != "?", !pattern.hasPrefix("$(") {
            add(.pathWithoutSlash, .warning, path, "the path pattern '\(pattern.prefix(80))' does not start with '/', but every URL path does, so it never matches",
                fix: "start the pattern with '/', like \"/\(pattern.prefix(40))\"")
        }
        if pattern.isEmpty {
            add(.pathWithoutSlash, .warning, path, "the path pattern is empty, so it never matches (every URL path has at least '/')",
                fix: "write \"/\" for the home page, or \"*\" for every path")
        }
        if pattern.contains("#") {
            add(.fragmentInPath, .error, path, "the path pattern '\(pattern.prefix(80))' contains '#', which never appears in a URL's path: the part after '#' is the fragment",
                fix: "match the fragment with the '#' key instead, like {\"#\": \"\(pattern.split(separator: "#", maxSplits: 1).last.map(String.init)?.prefix(40) ?? "*")\"}")
        } else if let mark = pattern.firstIndex(of: "?"), pattern[mark...].contains("=") {
            add(.queryInPath, .warning, path,
                "the path pattern '\(pattern.prefix(80))' looks like it holds a query: in a path pattern '?' is a wildcard for one character, and the query is never part of the path",
                fix: "move the query into the '?' key, like {\"/\": \"\(pattern[..<mark].prefix(40))\", \"?\": {\"name\": \"value\"}}")
        }
        lintEscapes(pattern, at: path, options: options)
    }

    mutating func lintQuery(_ pattern: String, at path: String, options: AASAMatchingOptions) {
        if pattern.hasPrefix("?"), pattern.dropFirst().contains("=") {
            add(.leadingDelimiter, .warning, path,
                "the query pattern '\(pattern.prefix(80))' starts with '?': the query is matched without its '?', so this '?' is a wildcard that takes the first character",
                fix: "remove the leading '?'")
        }
        lintEscapes(pattern, at: path, options: options)
    }

    mutating func lintFragment(_ pattern: String, at path: String, options: AASAMatchingOptions) {
        if pattern.hasPrefix("#") {
            add(.leadingDelimiter, .warning, path,
                "the fragment pattern '\(pattern.prefix(80))' starts with '#': the fragment is matched without its '#', so this pattern requires a second '#'",
                fix: "remove the leading '#'")
        }
        lintEscapes(pattern, at: path, options: options)
    }

    /// With `percentEncoded`, a `%` must start an escape, and characters a URL cannot carry
    /// unescaped should be written escaped.
    mutating func lintEscapes(_ pattern: String, at path: String, options: AASAMatchingOptions) {
        guard options.percentEncoded else { return }
        let scalars = Array(pattern.unicodeScalars)
        for (index, scalar) in scalars.enumerated() where scalar == "%" {
            let valid = index + 2 < scalars.count && Hex.digitValue(scalars[index + 1]) != nil && Hex.digitValue(scalars[index + 2]) != nil
            if !valid {
                add(.badPercentEscape, .error, path,
                    "'\(pattern.prefix(80))' has a '%' that does not start a percent-escape (two hex digits), but the pattern is read as percent-encoded",
                    fix: "write a literal percent sign as %25, or set \"percentEncoded\": false to write the pattern as plain text")
                break
            }
        }
        let unencoded = scalars.filter { scalar in
            scalar != "%" && !PatternSymbol.isUnreserved(scalar) && !PatternSymbol.isReserved(scalar)
        }
        if let first = unencoded.first {
            add(.unencodedCharacter, .warning, path,
                "'\(pattern.prefix(80))' holds '\(String(first).debugDescription.dropFirst().dropLast())', which a URL always carries percent-encoded, but the pattern is read as percent-encoded",
                fix: "write it percent-encoded (\(PercentEncoding.escape(first))), or set \"percentEncoded\": false to write the pattern as plain text")
        }
    }
}
