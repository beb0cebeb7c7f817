@_spi(ClipKitTooling) import ClipKit

/// A component compiled for matching, with its settings resolved through the defaults cascade.
package struct CompiledComponent: Sendable {
    /// A compiled query pattern.
    package enum Query: Sendable {
        case whole(GlobPattern)
        case items([(name: String, pattern: GlobPattern)])
    }

    /// A compiled path pattern: the pattern with one leading `/` and no trailing slashes, and, when
    /// it ends in `/*`, also the pattern without that last segment (`/buy/*` matches `/buy`).
    package struct PathPattern: Sendable {
        package let alternatives: [GlobPattern]
        /// Whether it matches every path (`*`, `/*`).
        package let matchesEverything: Bool

        package func matches(_ subject: [PatternSymbol]) -> Bool {
            matchesEverything || alternatives.contains { $0.matches(subject) }
        }

        /// The texts the pattern is compiled from, in the order they are tried.
        package static func sources(_ source: String) -> [String] {
            var scalars = Substring(source).unicodeScalars[...]
            while scalars.first == "/" { scalars = scalars.dropFirst() }
            while scalars.last == "/" { scalars = scalars.dropLast() }
            let main = scalars.isEmpty ? "" : "/" + String(String.UnicodeScalarView(scalars))
            var parent = Substring(main).unicodeScalars[...]
            var stars = 0
            while parent.last == "*" {
                parent = parent.dropLast()
                stars += 1
            }
            guard stars > 0, parent.last == "/" else { return [main] }
            while parent.last == "/" { parent = parent.dropLast() }
            return [main, String(String.UnicodeScalarView(parent))]
        }
    }

    /// A pattern of the component that could not be compiled, by its key (`/`, `?`, `#`, or the
    /// query item name under `?`).
    package struct Problem: Sendable, Hashable {
        /// The keys from the component to the pattern: `["/"]` or `["?", "name"]`.
        package let keys: [String]
        package let problem: GlobPattern.Problem
    }

    /// The first part of a URL that a component did not accept.
    package enum Mismatch: Sendable, Hashable {
        /// A pattern of the component does not compile, so it never matches.
        case broken
        /// The path does not match.
        case path
        /// The whole query does not match.
        case query
        /// An occurrence of the query item `name` has a value that does not match.
        case queryItem(name: String, value: String)
        /// The URL has no item `name`, and its pattern does not match an empty value.
        case queryItemAbsent(name: String)
        /// The fragment does not match.
        case fragment
    }

    package let path: PathPattern?
    package let query: Query?
    /// Whether the component's `?` is a dictionary iOS ignores (it holds a value that is not a string).
    package let queryIgnored: Bool
    package let fragment: GlobPattern?
    package let exclude: Bool
    package let options: AASAMatchingOptions
    package let problems: [Problem]
    /// The component as evaluated, its defaults applied.
    package let source: AASAComponent

    /// Whether a pattern failed to compile; such a component never matches.
    package var isBroken: Bool { !problems.isEmpty }

    /// Compiles a component whose defaults are already applied (``AASAComponent/resolved(detailDefaults:domainDefaults:)``).
    package init(component: AASAComponent, options: AASAMatchingOptions, variables: SubstitutionVariables) {
        var problems: [Problem] = []
        func compile(_ source: String?, keys: [String]) -> GlobPattern? {
            guard let source else { return nil }
            do {
                return try GlobPattern(parsing: source, options: options, variables: variables)
            } catch {
                problems.append(Problem(keys: keys, problem: error))
                return nil
            }
        }
        if let source = component.path {
            let alternatives = PathPattern.sources(source).compactMap { compile($0, keys: ["/"]) }
            let first = alternatives.first
            path = alternatives.isEmpty ? nil : PathPattern(alternatives: alternatives, matchesEverything: first?.tokens == [.literal(PatternSymbol(scalar: "/")), .anyRun])
        } else {
            path = nil
        }
        if problems.count > 1, problems.allSatisfy({ $0.keys == ["/"] }) { problems = [problems[0]] }
        fragment = compile(component.fragment, keys: ["#"])
        var queryIgnored = false
        switch component.query {
        case nil:
            query = nil
        case .ignored:
            query = nil
            queryIgnored = true
        case .whole(let source):
            query = compile(source, keys: ["?"]).map(Query.whole)
        case .items(let items):
            var compiled: [(name: String, pattern: GlobPattern)] = []
            for name in items.keys.sorted() {
                if let source = items[name], let pattern = compile(source, keys: ["?", name]) {
                    compiled.append((options.caseSensitive ? name : CompiledComponent.folded(name), pattern))
                }
            }
            query = .items(compiled)
        }
        self.queryIgnored = queryIgnored
        exclude = component.exclude
        self.options = options
        self.problems = problems
        self.source = component
    }

    /// Whether every part of the URL matches its pattern.
    package func matches(_ cache: inout URLParts.SymbolCache) -> Bool {
        firstMismatch(&cache) == nil
    }

    /// The first part of the URL the component does not accept, or `nil` when it matches.
    package func firstMismatch(_ cache: inout URLParts.SymbolCache) -> Mismatch? {
        guard !isBroken else { return .broken }
        if let path, !path.matchesEverything, !path.matches(cache.path(options)) { return .path }
        switch query {
        case nil:
            break
        case .whole(let pattern):
            if !pattern.matchesEverything, !pattern.matches(cache.query(options)) { return .query }
        case .items(let items):
            for (name, pattern) in items where !pattern.matchesEverything {
                var present = false
                for item in cache.parts.queryItems where itemName(item.name) == name {
                    present = true
                    let value = URLParts.compared(item.value, options)
                    if !pattern.matches(URLParts.symbols(of: value, options: options)) { return .queryItem(name: name, value: item.value) }
                }
                if !present, !pattern.matches([]) { return .queryItemAbsent(name: name) }
            }
        }
        if let fragment, !fragment.matchesEverything, !fragment.matches(cache.fragment(options)) { return .fragment }
        return nil
    }

    /// A query item's name from the URL as this component compares it with its pattern names.
    package func itemName(_ written: String) -> String {
        let name = URLParts.compared(written, options)
        return options.caseSensitive ? name : CompiledComponent.folded(name)
    }

    package static func folded(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map(PatternSymbol.folded)))
    }

    /// Whether this component matches every URL that `other` matches (so `other`, coming later,
    /// can never be reached). Sound: `true` only when that is certain.
    package func covers(_ other: CompiledComponent) -> Bool {
        guard !isBroken, !other.isBroken else { return false }
        guard CompiledComponent.covers(path, options, other.path, other.options),
              GlobInclusion.covers(fragment, options, other.fragment, other.options) else { return false }
        switch (query, other.query) {
        case (nil, _):
            return true
        case (.whole(let mine), let theirs):
            if mine.matchesEverything { return true }
            guard case .whole(let pattern)? = theirs else { return false }
            return GlobInclusion.covers(mine, options, pattern, other.options)
        case (.items(let mine), let theirs):
            let constraining = mine.filter { !$0.pattern.matchesEverything }
            if constraining.isEmpty { return true }
            guard case .items(let required)? = theirs else { return false }
            return constraining.allSatisfy { item in
                required.contains { candidate in
                    GlobInclusion.nameCovers(item.name, options, candidate.name, other.options)
                        && GlobInclusion.covers(item.pattern, options, candidate.pattern, other.options)
                }
            }
        }
    }

    /// Whether the path pattern `outer` accepts every path `inner` accepts: each of `inner`'s
    /// alternatives is covered by one of `outer`'s.
    package static func covers(_ outer: PathPattern?, _ outerOptions: AASAMatchingOptions, _ inner: PathPattern?, _ innerOptions: AASAMatchingOptions) -> Bool {
        guard let outer, !outer.matchesEverything else { return true }
        guard let inner, !inner.matchesEverything else { return false }
        return inner.alternatives.allSatisfy { alternative in
            outer.alternatives.contains { GlobInclusion.covers($0, outerOptions, alternative, innerOptions) }
        }
    }
}

extension CompiledComponent {
    /// Why a part of a component can never match any URL.
    package enum Unmatchable: Sendable, Hashable {
        /// The pattern requires a character that the URL's part never carries as it is, while the
        /// pattern is compared with the part as written (`percentEncoded`).
        case characterNeverInURL(Unicode.Scalar)
        /// The pattern has a `%` that starts no escape (two hex digits), which the URL's part
        /// never has as written.
        case brokenEscape
    }

    /// The parts of this component that can never match, by key (`["/"]`, `["?"]`,
    /// `["?", name]`, `["#"]`). Empty when every part can match some URL. Sound: only what is certain.
    package var unmatchableParts: [(keys: [String], reason: Unmatchable)] {
        guard options.percentEncoded, !isBroken else { return [] }
        var result: [(keys: [String], reason: Unmatchable)] = []
        if let path, !path.matchesEverything, let main = path.alternatives.first, let reason = CompiledComponent.unmatchable(main, keeping: "/") {
            result.append((["/"], reason))
        }
        switch query {
        case .whole(let pattern)?:
            if let reason = CompiledComponent.unmatchable(pattern, keeping: "/?") { result.append((["?"], reason)) }
        case .items(let items)?:
            for item in items {
                if let reason = CompiledComponent.unmatchable(item.pattern, keeping: "/?") { result.append((["?", item.name], reason)) }
            }
        case nil:
            break
        }
        if let fragment, let reason = CompiledComponent.unmatchable(fragment, keeping: "/?") { result.append((["#"], reason)) }
        return result
    }

    /// Why `pattern`, compared with a URL part as written, can never match one, or `nil`.
    package static func unmatchable(_ pattern: GlobPattern, keeping delimiters: String) -> Unmatchable? {
        let tokens = pattern.tokens
        for (index, token) in tokens.enumerated() {
            guard case .literal(let symbol) = token else { continue }
            if !URLParts.canCarry(symbol.scalar, inPartKeeping: delimiters) { return .characterNeverInURL(symbol.scalar) }
            guard symbol.scalar == "%" else { continue }
            for offset in 1...2 {
                guard index + offset < tokens.count else { return .brokenEscape }
                guard case .literal(let next) = tokens[index + offset] else { break }
                if Hex.digitValue(next.scalar) == nil { return .brokenEscape }
            }
        }
        return nil
    }
}
