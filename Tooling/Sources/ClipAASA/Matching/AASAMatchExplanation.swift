import ClipKit
import ClipManifestReader

/// Why a URL got its answer: which entry and component decided, and why each one evaluated
/// before it did not.
public struct AASAMatchExplanation: Sendable, Hashable, Codable {
    /// What happened to one entry or component.
    public enum Verdict: String, Sendable, Hashable, Codable {
        /// The component matched and opens the app.
        case matched
        /// The component matched and excludes the URL (`exclude`, or a legacy `NOT ` path).
        case blocked
        /// The component did not match; the next one is tried.
        case noMatch = "no-match"
        /// The entry does not list the app, so iOS skips it for that app.
        case skipped
        /// An earlier component decided, so this one is never evaluated.
        case notReached = "not-reached"
    }

    /// One entry or component, in evaluation order.
    public struct Step: Sendable, Hashable, Codable {
        /// The app it was evaluated for.
        public let appID: String
        /// The entry's index in `applinks.details`.
        public let detailIndex: Int
        /// The component's index in the entry's `components` (or `paths`); `nil` for a skipped entry.
        public let componentIndex: Int?
        /// Its JSON path.
        public let path: String
        /// What happened.
        public let verdict: Verdict
        /// Why, in words.
        public let reason: String
    }

    /// The answer.
    public let result: AASAMatchResult.Outcome
    /// The app the answer is about.
    public let appID: String?
    /// The entry that decided.
    public let detailIndex: Int?
    /// The component that decided.
    public let componentIndex: Int?
    /// The URL's host, lower-cased; `nil` for a path.
    public let host: String?
    /// The domain the file is served for, when given.
    public let domain: String?
    /// One sentence: what decided and why.
    public let summary: String
    /// Every entry and component looked at, in order.
    public let steps: [Step]
}

extension AASAMatchResult.Outcome: Codable {}

extension AASAMatcher {
    /// Matches a URL like ``match(_:appID:domain:)-(URL,_,_)`` and says why: the component that decided,
    /// and for each one evaluated before it, the part of the URL it did not accept.
    ///
    /// - Throws: ``AASAMatchError`` when the text is not a URL or is too long.
    public func explain(_ text: String, appID: String? = nil, domain: String? = nil) throws(AASAMatchError) -> AASAMatchExplanation {
        let parts = try AASAMatcher.parts(of: text)
        let domainName = domain?.lowercased()
        if AASAMatcher.isOtherHost(parts, domain: domain), let host = parts.host, let domainName {
            return AASAMatchExplanation(
                result: .unset, appID: appID, detailIndex: nil, componentIndex: nil, host: host, domain: domainName,
                summary: "the URL's host \(host) is not \(domainName), the domain this file is served for: iOS does not consult this file for it",
                steps: []
            )
        }
        let result = match(parts, appID: appID)
        var cache = URLParts.SymbolCache(parts)
        let apps = appID.map { [$0] } ?? applicationIdentifiers
        var steps: [AASAMatchExplanation.Step] = []
        for app in apps {
            var decided = false
            for (detailIndex, detail) in details.enumerated() {
                guard detail.appIDs.contains(app) else {
                    steps.append(.init(appID: app, detailIndex: detailIndex, componentIndex: nil, path: detail.path, verdict: .skipped,
                                       reason: "this entry does not list \(app)"))
                    continue
                }
                for (componentIndex, component) in detail.components.enumerated() {
                    let path = componentPath(detail: detailIndex, component: componentIndex)
                    if decided {
                        steps.append(.init(appID: app, detailIndex: detailIndex, componentIndex: componentIndex, path: path, verdict: .notReached,
                                           reason: "an earlier component decided (first match wins)"))
                        continue
                    }
                    if let mismatch = component.firstMismatch(&cache) {
                        steps.append(.init(appID: app, detailIndex: detailIndex, componentIndex: componentIndex, path: path, verdict: .noMatch,
                                           reason: AASAMatcher.describe(mismatch, of: component, in: &cache)))
                    } else {
                        decided = true
                        steps.append(.init(appID: app, detailIndex: detailIndex, componentIndex: componentIndex, path: path,
                                           verdict: component.exclude ? .blocked : .matched,
                                           reason: AASAMatcher.describeMatch(of: component, in: &cache)))
                    }
                }
            }
        }
        return AASAMatchExplanation(
            result: result.outcome, appID: result.appID, detailIndex: result.detailIndex, componentIndex: result.componentIndex,
            host: parts.host, domain: domainName, summary: summary(of: result, apps: apps), steps: steps
        )
    }

    func summary(of result: AASAMatchResult, apps: [String]) -> String {
        guard let detail = result.detailIndex, let component = result.componentIndex else {
            if apps.isEmpty { return "unset: the file's applinks names no app" }
            return "unset: no component of the entries for \(apps.joined(separator: ", ")) matches, so iOS opens the browser"
        }
        let path = componentPath(detail: detail, component: component)
        let app = result.appID ?? "the app"
        switch result.outcome {
        case .match: return "match: \(path) is the first component for \(app) that matches, so iOS opens \(app)"
        case .block: return "block: \(path) is the first component for \(app) that matches and it excludes the URL, so iOS opens the browser"
        case .unset: return "unset"
        }
    }

    static func mode(_ options: AASAMatchingOptions) -> String {
        let encoding = options.percentEncoded ? "as written" : "decoded"
        return options.caseSensitive ? encoding : "\(encoding), ignoring case"
    }

    static func describe(_ mismatch: CompiledComponent.Mismatch, of component: CompiledComponent, in cache: inout URLParts.SymbolCache) -> String {
        let source = component.source
        let options = component.options
        let parts = cache.parts
        switch mismatch {
        case .broken:
            return "a pattern of this component does not compile, so it never matches"
        case .path:
            let text = URLParts.normalizedPath(options.percentEncoded ? parts.path : Symbolizer.percentDecoded(Substring(parts.path)))
            return "the path '\(text.isEmpty ? "/" : text)' (\(mode(options))) does not match '\(source.path ?? "*")'"
        case .query:
            let pattern: String
            if case .whole(let text)? = source.query { pattern = text } else { pattern = "*" }
            return "the query '\(URLParts.compared(parts.query, options))' (\(mode(options))) does not match '\(pattern)'"
        case .queryItem(let name, let value):
            return "the query item '\(name)' has the value '\(URLParts.compared(value, options))', which does not match '\(itemPattern(name, of: component))' (every occurrence of a name must match)"
        case .queryItemAbsent(let name):
            return "the URL has no query item '\(name)', which counts as an empty value, and '\(itemPattern(name, of: component))' does not match an empty value"
        case .fragment:
            return "the fragment '\(URLParts.compared(parts.fragment, options))' (\(mode(options))) does not match '\(source.fragment ?? "*")'"
        }
    }

    static func itemPattern(_ name: String, of component: CompiledComponent) -> String {
        guard case .items(let items)? = component.source.query else { return "*" }
        if let pattern = items[name] { return pattern }
        return items.first { CompiledComponent.folded($0.key) == name }?.value ?? "*"
    }

    static func describeMatch(of component: CompiledComponent, in cache: inout URLParts.SymbolCache) -> String {
        let source = component.source
        var notes: [String] = []
        if let path = source.path {
            let text = URLParts.normalizedPath(component.options.percentEncoded ? cache.parts.path : Symbolizer.percentDecoded(Substring(cache.parts.path)))
            notes.append("the path '\(text.isEmpty ? "/" : text)' matches '\(path)'")
        } else {
            notes.append("it has no path pattern, so any path matches")
        }
        switch source.query {
        case .ignored?: notes.append("its '?' dictionary holds a value that is not a string, so iOS ignores it and any query matches")
        case .whole(let pattern)?: notes.append("the query matches '\(pattern)'")
        case .items(let items)?: notes.append("the query items \(items.keys.sorted().map { "'\($0)'" }.joined(separator: ", ")) match (a missing item counts as empty)")
        case nil: break
        }
        if let fragment = source.fragment { notes.append("the fragment matches '\(fragment)'") }
        let effect = component.exclude ? "it excludes the URL" : "it opens the app"
        return notes.joined(separator: ", ") + " (\(mode(component.options))); \(effect)"
    }
}
