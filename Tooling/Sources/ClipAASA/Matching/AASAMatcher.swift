import ClipKit
import ClipManifestReader
import Foundation

/// Answers which app a URL opens according to an AASA file, with Apple's semantics.
///
/// - The entries of `applinks.details` that list the app are evaluated in order, and within each
///   its components in order; the first component that matches decides (first match wins).
/// - A matching component with `exclude` blocks the URL: it opens in the browser and no later
///   component is consulted. Legacy `NOT ` paths behave the same way.
/// - An entry with `components` ignores its legacy `paths`; an entry with only `paths` is matched
///   on the URL's path alone.
/// - In patterns, `*` matches any run of characters (also none, also across `/`), `?` exactly one,
///   `?*` at least one, `$(name)` any string of a substitution variable.
/// - A query dictionary requires every listed item name to be present with a value that matches
///   (when a name repeats, one matching occurrence is enough); other items are ignored.
/// - `caseSensitive` and `percentEncoded` cascade: component, then the entry's `defaults`, then
///   `applinks.defaults`, then `true`. With `percentEncoded` the pattern is read as percent-encoded
///   text (so `%20` is a space, and an escaped reserved character such as `%2F` differs from `/`);
///   without it, the pattern is plain text compared with the URL's decoded part.
///
/// ```swift
/// let matcher = AASAMatcher(document: try AASADocument(parsing: data))
/// let result = try matcher.match("https://roadflare.app/share/d/npub1…", appID: "6Y98438M9X.com.roadflare.RoadFlare")
/// // result.outcome == .match, result.componentIndex == 0
/// ```
public struct AASAMatcher: Sendable {
    /// The longest URL matched, in characters.
    public static let maximumURLLength = 4096

    /// A pattern that could not be compiled; its component never matches.
    public struct PatternProblem: Sendable, Hashable {
        /// The JSON path of the pattern, such as `$.applinks.details[0].components[2]["/"]`.
        public let path: String
        /// What is wrong, for a person.
        public let message: String
        /// A stable code for the kind of problem.
        public let code: String
    }

    struct CompiledDetail: Sendable {
        let appIDs: [String]
        let components: [CompiledComponent]
        let usesLegacyPaths: Bool
    }

    /// The document being matched against.
    public let document: AASADocument
    let details: [CompiledDetail]
    /// Patterns that could not be compiled, with their JSON paths.
    public let problems: [PatternProblem]

    /// Compiles every pattern of `document`. Patterns that do not compile are listed in ``problems``
    /// and never match.
    public init(document: AASADocument) {
        self.document = document
        let links = document.appLinks
        let variables = SubstitutionVariables(custom: links?.substitutionVariables ?? [:])
        var details: [CompiledDetail] = []
        var problems: [PatternProblem] = []
        for (detailIndex, detail) in (links?.details ?? []).enumerated() {
            let detailPath = "$.applinks.details[\(detailIndex)]"
            var compiled: [CompiledComponent] = []
            for (componentIndex, component) in detail.effectiveComponents.enumerated() {
                let options = AASAMatchingOptions(component: component, detailDefaults: detail.defaults, domainDefaults: links?.defaults)
                let result = CompiledComponent(component: component, options: options, variables: variables)
                for problem in result.problems {
                    var path: String
                    if detail.usesLegacyPaths {
                        path = "\(detailPath).paths[\(componentIndex)]"
                    } else {
                        path = "\(detailPath).components[\(componentIndex)]"
                        for key in problem.keys { path = JSONPath.member(key, of: path) }
                    }
                    problems.append(PatternProblem(path: path, message: AASAMatcher.describe(problem.problem), code: AASAMatcher.code(for: problem.problem)))
                }
                compiled.append(result)
            }
            details.append(CompiledDetail(appIDs: detail.applicationIdentifiers, components: compiled, usesLegacyPaths: detail.usesLegacyPaths))
        }
        self.details = details
        self.problems = problems
    }

    /// Every app the file's `applinks` names, in order of first appearance.
    public var applicationIdentifiers: [String] {
        var seen: Set<String> = []
        return details.flatMap(\.appIDs).filter { seen.insert($0).inserted }
    }

    /// Matches a URL given as text: an absolute URL or a path starting with `/`.
    ///
    /// - Parameters:
    ///   - text: An absolute URL, or a path that starts with `/`.
    ///   - appID: The app to answer for. Without one, the answer is for the first app (in file
    ///     order) that the URL opens; when it opens none, `block` if some app's entry excludes it,
    ///     otherwise `unset`.
    /// - Throws: ``AASAMatchError`` when the text is not a URL or is too long.
    public func match(_ text: String, appID: String? = nil) throws(AASAMatchError) -> AASAMatchResult {
        let length = text.unicodeScalars.count
        if length > AASAMatcher.maximumURLLength { throw .tooLong(length: length, limit: AASAMatcher.maximumURLLength) }
        guard let parts = URLParts(text) else { throw .notAURL(text) }
        return match(parts, appID: appID)
    }

    /// Matches a URL.
    public func match(_ url: URL, appID: String? = nil) throws(AASAMatchError) -> AASAMatchResult {
        try match(url.absoluteString, appID: appID)
    }

    /// The answer for each app the file names, in order of first appearance.
    public func matchForEveryApp(_ text: String) throws(AASAMatchError) -> [AASAMatchResult] {
        let length = text.unicodeScalars.count
        if length > AASAMatcher.maximumURLLength { throw .tooLong(length: length, limit: AASAMatcher.maximumURLLength) }
        guard let parts = URLParts(text) else { throw .notAURL(text) }
        var cache = URLParts.SymbolCache(parts)
        return applicationIdentifiers.map { evaluate(&cache, for: $0) }
    }

    func match(_ parts: URLParts, appID: String?) -> AASAMatchResult {
        var cache = URLParts.SymbolCache(parts)
        if let appID { return evaluate(&cache, for: appID) }
        var firstBlock: AASAMatchResult?
        for candidate in applicationIdentifiers {
            let result = evaluate(&cache, for: candidate)
            if result.outcome == .match { return result }
            if result.outcome == .block, firstBlock == nil { firstBlock = result }
        }
        return firstBlock ?? .unset(appID: nil)
    }

    func evaluate(_ cache: inout URLParts.SymbolCache, for appID: String) -> AASAMatchResult {
        for (detailIndex, detail) in details.enumerated() where detail.appIDs.contains(appID) {
            for (componentIndex, component) in detail.components.enumerated() where component.matches(&cache) {
                return AASAMatchResult(
                    outcome: component.exclude ? .block : .match, appID: appID,
                    detailIndex: detailIndex, componentIndex: componentIndex
                )
            }
        }
        return .unset(appID: appID)
    }

    static func code(for problem: GlobPattern.Problem) -> String {
        switch problem {
        case .unknownVariable: return "aasa.pattern.unknownVariable"
        case .tooLong, .tooComplex: return "aasa.pattern.tooComplex"
        case .variableInVariable: return "aasa.variable.nested"
        case .unterminatedVariable, .invalidVariableName: return "aasa.pattern.syntax"
        }
    }

    static func describe(_ problem: GlobPattern.Problem) -> String {
        switch problem {
        case .tooLong(let length, let limit):
            return "the pattern has \(length) characters; ClipKit matches patterns of at most \(limit)"
        case .unterminatedVariable(let text):
            return "'\(text)' starts a substitution variable with '$(' but has no closing ')'"
        case .invalidVariableName(let name):
            return "'$(\(name))' is not a variable reference: a name is not empty and has no '$', '(' or ')'"
        case .unknownVariable(let name):
            return "'$(\(name))' is not a predefined variable (alpha, upper, lower, alnum, digit, xdigit, region, lang) and applinks.substitutionVariables does not define it"
        case .variableInVariable(let variable):
            return "the substitution variable '\(variable)' has a value that refers to another variable, which is not allowed"
        case .tooComplex(let states, let limit):
            return "the pattern expands to \(states) matching states with its variables; ClipKit matches at most \(limit)"
        }
    }
}
