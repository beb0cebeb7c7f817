/// A component compiled for matching, with its settings resolved through the defaults cascade.
struct CompiledComponent: Sendable {
    /// A compiled query pattern.
    enum Query: Sendable {
        case whole(GlobPattern)
        case items([(name: String, pattern: GlobPattern)])
    }

    /// A pattern of the component that could not be compiled, by its key (`/`, `?`, `#`, or the
    /// query item name under `?`).
    struct Problem: Sendable, Hashable {
        /// The keys from the component to the pattern: `["/"]` or `["?", "name"]`.
        let keys: [String]
        let problem: GlobPattern.Problem
    }

    let path: GlobPattern?
    let query: Query?
    let fragment: GlobPattern?
    let exclude: Bool
    let options: AASAMatchingOptions
    let problems: [Problem]

    /// Whether a pattern failed to compile; such a component never matches.
    var isBroken: Bool { !problems.isEmpty }

    init(component: AASAComponent, options: AASAMatchingOptions, variables: SubstitutionVariables) {
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
        path = compile(component.path, keys: ["/"])
        fragment = compile(component.fragment, keys: ["#"])
        switch component.query {
        case nil:
            query = nil
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
        exclude = component.exclude
        self.options = options
        self.problems = problems
    }

    /// Whether every part of the URL matches its pattern.
    func matches(_ cache: inout URLParts.SymbolCache) -> Bool {
        guard !isBroken else { return false }
        if let path, !path.matchesEverything, !path.matches(cache.path(options)) { return false }
        if let fragment, !fragment.matchesEverything, !fragment.matches(cache.fragment(options)) { return false }
        let url = cache.parts
        switch query {
        case nil:
            return true
        case .whole(let pattern):
            return pattern.matchesEverything || pattern.matches(cache.query(options))
        case .items(let items):
            for (name, pattern) in items {
                let candidates = url.queryItems.filter { item in
                    options.caseSensitive ? item.name == name : CompiledComponent.folded(item.name) == name
                }
                guard candidates.contains(where: { pattern.matches(URLParts.symbols(of: $0.value, options: options)) }) else {
                    return false
                }
            }
            return true
        }
    }

    static func folded(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map(PatternSymbol.folded)))
    }

    /// Whether this component matches every URL that `other` matches (so `other`, coming later,
    /// can never be reached). Sound: `true` only when that is certain.
    func covers(_ other: CompiledComponent) -> Bool {
        guard !isBroken, !other.isBroken else { return false }
        guard GlobInclusion.covers(path, options, other.path, other.options),
              GlobInclusion.covers(fragment, options, other.fragment, other.options) else { return false }
        switch (query, other.query) {
        case (nil, _):
            return true
        case (.whole(let mine), let theirs):
            if mine.matchesEverything { return true }
            guard case .whole(let pattern)? = theirs else { return false }
            return GlobInclusion.covers(mine, options, pattern, other.options)
        case (.items(let mine), let theirs):
            if mine.isEmpty { return true }
            guard case .items(let required)? = theirs else { return false }
            return mine.allSatisfy { item in
                required.contains { candidate in
                    GlobInclusion.nameCovers(item.name, options, candidate.name, other.options)
                        && GlobInclusion.covers(item.pattern, options, candidate.pattern, other.options)
                }
            }
        }
    }
}
