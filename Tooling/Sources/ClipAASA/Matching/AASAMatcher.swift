import ClipKit
import ClipManifestReader
import Foundation

/// Answers which app a URL opens according to an AASA file, as iOS does: the one rule engine
/// behind `aasa match`, the validator's "never matches" and "shadowed" findings, `simulate`'s
/// link decision and the CDN comparison.
///
/// The rules, each checked against verdicts of Apple's `swcutil` (the conformance corpus in
/// `Tooling/Tests/ClipAASATests/Fixtures/Conformance/` names the source of every one):
/// - The file answers only for the domain it is served for: a URL on another host is `unset`
///   (the host is compared without regard to case).
/// - The entries of `applinks.details` that list the app are evaluated in order, and within each
///   its components in order; the first component that matches decides. A matching component
///   with `exclude` blocks the URL. Legacy `paths` behave the same way, `NOT ` excluding; an entry
///   with `components` ignores its `paths`. `details` may also be the oldest form, an object keyed
///   by application identifier.
/// - A component's missing `/`, `?`, `#`, `exclude`, `caseSensitive` and `percentEncoded` come
///   from its entry's `defaults`, then `applinks.defaults`; what nobody sets matches anything
///   (`exclude` `false`, the two flags `true`).
/// - Paths: a pattern needs no leading `/` (`abc` matches `/abc`), a leading run of slashes counts
///   as one, trailing slashes count for nothing on either side (`/buy` matches `/buy/`), and a
///   pattern ending in `/*` also matches the path without its last segment (`/buy/*` matches `/buy`).
/// - In patterns, `*` matches any run of characters (also none, also across `/`), `?` exactly one,
///   `$(name)` any string of a substitution variable.
/// - A query dictionary checks each named item; an item the URL lacks counts as empty, and when
///   a name repeats, every occurrence must match. Items it does not name are ignored. A dictionary
///   holding a value that is not a string is ignored whole: the component matches any query.
/// - With `percentEncoded` (the default) the URL's parts are compared as written, without
///   decoding (`%20` is three characters, and the case of the hex digits counts); without it the
///   URL's parts are decoded first. Patterns are always compared as written.
///
/// ```swift
/// let matcher = AASAMatcher(document: try AASADocument(parsing: data))
/// let result = try matcher.match("https://roadflare.app/share/d/npub1…", appID: "6Y98438M9X.com.roadflare.RoadFlare", domain: "roadflare.app")
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

    package struct CompiledDetail: Sendable {
        let appIDs: [String]
        package let components: [CompiledComponent]
        let usesLegacyPaths: Bool
        /// The JSON path of the entry.
        let path: String
    }

    /// The document being matched against.
    public let document: AASADocument
    package let details: [CompiledDetail]
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
            let detailPath = AASAMatcher.detailPath(detailIndex, detail: detail, links: links)
            var compiled: [CompiledComponent] = []
            for (componentIndex, component) in detail.effectiveComponents.enumerated() {
                let effective = detail.usesLegacyPaths ? component : component.resolved(detailDefaults: detail.defaults, domainDefaults: links?.defaults)
                let options = AASAMatchingOptions(component: effective, detailDefaults: nil, domainDefaults: nil)
                let result = CompiledComponent(component: effective, options: options, variables: variables)
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
            details.append(CompiledDetail(appIDs: detail.applicationIdentifiers, components: compiled, usesLegacyPaths: detail.usesLegacyPaths, path: detailPath))
        }
        self.details = details
        self.problems = problems
    }

    /// The JSON path of an entry of `details`, in either of its forms.
    static func detailPath(_ index: Int, detail: AASADetail, links: AASAAppLinks?) -> String {
        if links?.detailsKeyedByAppID == true, let appID = detail.legacyAppID {
            return JSONPath.member(appID, of: "$.applinks.details")
        }
        return "$.applinks.details[\(index)]"
    }

    /// The JSON path of the component at `componentIndex` of entry `detailIndex`.
    func componentPath(detail detailIndex: Int, component componentIndex: Int) -> String {
        let detail = details[detailIndex]
        return "\(detail.path).\(detail.usesLegacyPaths ? "paths" : "components")[\(componentIndex)]"
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
    ///   - domain: The domain the file is served for. An absolute URL on another host is `unset`,
    ///     as iOS never consults this file for it. Without a domain the host is not checked.
    /// - Throws: ``AASAMatchError`` when the text is not a URL or is too long.
    public func match(_ text: String, appID: String? = nil, domain: String? = nil) throws(AASAMatchError) -> AASAMatchResult {
        let parts = try AASAMatcher.parts(of: text)
        if AASAMatcher.isOtherHost(parts, domain: domain) { return .unset(appID: appID) }
        return match(parts, appID: appID)
    }

    /// Matches a URL.
    public func match(_ url: URL, appID: String? = nil, domain: String? = nil) throws(AASAMatchError) -> AASAMatchResult {
        try match(url.absoluteString, appID: appID, domain: domain)
    }

    /// The answer for each app the file names, in order of first appearance.
    public func matchForEveryApp(_ text: String, domain: String? = nil) throws(AASAMatchError) -> [AASAMatchResult] {
        let parts = try AASAMatcher.parts(of: text)
        if AASAMatcher.isOtherHost(parts, domain: domain) { return applicationIdentifiers.map { .unset(appID: $0) } }
        var cache = URLParts.SymbolCache(parts)
        return applicationIdentifiers.map { evaluate(&cache, for: $0) }
    }

    static func parts(of text: String) throws(AASAMatchError) -> URLParts {
        let length = text.unicodeScalars.count
        if length > AASAMatcher.maximumURLLength { throw .tooLong(length: length, limit: AASAMatcher.maximumURLLength) }
        guard let parts = URLParts(text) else { throw .notAURL(text) }
        return parts
    }

    /// Whether `parts` is an absolute URL on a host other than `domain`.
    static func isOtherHost(_ parts: URLParts, domain: String?) -> Bool {
        guard let domain, let host = parts.host else { return false }
        return host != domain.lowercased()
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
