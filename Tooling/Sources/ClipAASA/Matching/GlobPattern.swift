/// A compiled AASA pattern: literals, `?` (exactly one character), `*` (any run, also empty) and
/// substitution variables.
///
/// Matching never backtracks exponentially. It picks one of three engines:
/// - patterns whose variables are all one character wide (`$(alpha)`, `$(digit)`, …) use the
///   two-pointer wildcard algorithm;
/// - patterns with wider variables whose strings hold no `*` use ``SegmentMatcher``, which places
///   the pieces between `*`s one after another, each as early as possible;
/// - the rest (a variable whose strings hold `*`) simulate the pattern's automaton.
///
/// Each is bounded by pattern length × text length steps.
package struct GlobPattern: Sendable {
    /// One element of a pattern.
    package enum Token: Sendable, Hashable {
        /// A character that must be present.
        case literal(PatternSymbol)
        /// `?`: exactly one character.
        case anyOne
        /// `*`: any run of characters.
        case anyRun
        /// `$(name)`: one of the variable's alternatives (index into ``GlobPattern/variables``).
        case variable(Int)
    }

    /// A variable as compiled for this pattern's options.
    package struct Variable: Sendable, Hashable {
        /// The variable's name.
        package let name: String
        /// Each of its strings as tokens (never containing variables).
        package let alternatives: [[Token]]
        /// The strings indexed for ``SegmentMatcher``; `nil` when a string holds `*`.
        package let lookup: SegmentMatcher.Alternatives?

        package init(name: String, alternatives: [[Token]], lookup: SegmentMatcher.Alternatives?? = nil) {
            self.name = name
            self.alternatives = alternatives
            self.lookup = lookup ?? SegmentMatcher.alternatives(alternatives)
        }

        package static func == (left: Variable, right: Variable) -> Bool {
            left.name == right.name && left.alternatives == right.alternatives
        }

        package func hash(into hasher: inout Hasher) {
            hasher.combine(name)
            hasher.combine(alternatives)
        }

        /// When every alternative is exactly one token (`$(alpha)`, `$(digit)`), those tokens.
        package var singleTokens: Set<Token>? {
            guard alternatives.allSatisfy({ $0.count == 1 }) else { return nil }
            return Set(alternatives.compactMap(\.first))
        }

        /// Whether every alternative is one character (a literal or `?`), so the variable is a
        /// character class.
        package var isSingleCharacter: Bool {
            !alternatives.isEmpty && alternatives.allSatisfy { $0.count == 1 && $0[0] != .anyRun }
        }

        /// Whether a one-character alternative accepts `symbol`.
        package func acceptsOne(_ symbol: PatternSymbol) -> Bool {
            alternatives.contains { alternative in
                switch alternative.first {
                case .literal(let expected)?: return expected == symbol
                case .anyOne?: return true
                default: return false
                }
            }
        }
    }

    /// The tokens, with each run of wildcards normalized to `?…?` then at most one `*`.
    package let tokens: [Token]
    /// The variables the tokens refer to.
    package let variables: [Variable]
    /// The pattern as written.
    package let source: String
    /// The engine for patterns with variables wider than one character.
    package let engine: Engine?

    /// How a pattern with wide variables is matched.
    package enum Engine: Sendable {
        case segments(SegmentMatcher)
        case automaton(Automaton)
    }

    /// Whether the pattern is `*` alone, which matches everything.
    package var matchesEverything: Bool { tokens == [.anyRun] }

    /// Why a pattern could not be compiled.
    package enum Problem: Error, Sendable, Hashable {
        case tooLong(length: Int, limit: Int)
        case unterminatedVariable(String)
        case invalidVariableName(String)
        case unknownVariable(String)
        case variableInVariable(variable: String)
        case tooComplex(states: Int, limit: Int)
    }

    /// The longest pattern accepted, in characters.
    package static let maximumLength = 2048
    /// The most automaton states a pattern with variables may need.
    package static let maximumStates = 60_000

    /// Compiles `source` for the given matching options.
    package init(parsing source: String, options: AASAMatchingOptions, variables: SubstitutionVariables) throws(Problem) {
        let length = source.unicodeScalars.count
        if length > GlobPattern.maximumLength { throw .tooLong(length: length, limit: GlobPattern.maximumLength) }
        var table: [Variable] = []
        var indexByName: [String: Int] = [:]
        let pieces = try GlobPattern.split(source)
        var tokens: [Token] = []
        for piece in pieces {
            switch piece {
            case .text(let text): tokens += GlobPattern.literalTokens(text, options: options)
            case .anyOne: tokens.append(.anyOne)
            case .anyRun: tokens.append(.anyRun)
            case .variable(let name):
                if let index = indexByName[name] {
                    tokens.append(.variable(index))
                    continue
                }
                let variable: Variable
                if variables.custom[name] == nil, let predefined = GlobPattern.predefinedVariables[PredefinedKey(name: name, options: options)] {
                    variable = predefined
                } else {
                    guard let values = variables.values(of: name) else { throw .unknownVariable(name) }
                    variable = Variable(name: name, alternatives: try GlobPattern.alternatives(of: name, values: values, options: options))
                }
                indexByName[name] = table.count
                tokens.append(.variable(table.count))
                table.append(variable)
            }
        }
        self.tokens = GlobPattern.normalized(tokens)
        self.variables = table
        self.source = source
        if table.allSatisfy(\.isSingleCharacter) {
            engine = nil
        } else {
            let states = Automaton.stateCount(for: self.tokens, variables: table)
            if states > GlobPattern.maximumStates { throw .tooComplex(states: states, limit: GlobPattern.maximumStates) }
            if let segments = SegmentMatcher(tokens: self.tokens, variables: table) {
                engine = .segments(segments)
            } else {
                engine = .automaton(Automaton(tokens: self.tokens, variables: table))
            }
        }
    }

    package struct PredefinedKey: Hashable {
        package let name: String
        package let options: AASAMatchingOptions
    }

    /// The predefined variables compiled once for each combination of options.
    package static let predefinedVariables: [PredefinedKey: Variable] = {
        var table: [PredefinedKey: Variable] = [:]
        for caseSensitive in [true, false] {
            for percentEncoded in [true, false] {
                let options = AASAMatchingOptions(caseSensitive: caseSensitive, percentEncoded: percentEncoded)
                for (name, values) in SubstitutionVariables.predefined {
                    guard let alternatives = try? alternatives(of: name, values: values, options: options) else { continue }
                    table[PredefinedKey(name: name, options: options)] = Variable(name: name, alternatives: alternatives)
                }
            }
        }
        return table
    }()

    /// A variable's strings compiled as token lists.
    package static func alternatives(of name: String, values: [String], options: AASAMatchingOptions) throws(Problem) -> [[Token]] {
        var alternatives: [[Token]] = []
        for value in values {
            var alternative: [Token] = []
            for inner in try GlobPattern.split(value) {
                switch inner {
                case .text(let text): alternative += GlobPattern.literalTokens(text, options: options)
                case .anyOne: alternative.append(.anyOne)
                case .anyRun: alternative.append(.anyRun)
                case .variable: throw .variableInVariable(variable: name)
                }
            }
            alternatives.append(GlobPattern.normalized(alternative))
        }
        return alternatives
    }

    package enum Piece {
        case text(Substring)
        case anyOne
        case anyRun
        case variable(String)
    }

    /// Splits pattern text into literal runs, wildcards and variable references.
    package static func split(_ source: String) throws(Problem) -> [Piece] {
        var pieces: [Piece] = []
        var literalStart = source.startIndex
        var index = source.startIndex
        func flush(upTo end: String.Index) {
            if literalStart < end { pieces.append(.text(source[literalStart..<end])) }
        }
        while index < source.endIndex {
            let character = source[index]
            if character == "*" || character == "?" {
                flush(upTo: index)
                pieces.append(character == "*" ? .anyRun : .anyOne)
                index = source.index(after: index)
                literalStart = index
            } else if character == "$", source[index...].hasPrefix("$(") {
                flush(upTo: index)
                let nameStart = source.index(index, offsetBy: 2)
                guard let close = source[nameStart...].firstIndex(of: ")") else {
                    throw .unterminatedVariable(String(source[index...].prefix(40)))
                }
                let name = String(source[nameStart..<close])
                guard SubstitutionVariables.isValidName(name) else { throw .invalidVariableName(name) }
                pieces.append(.variable(name))
                index = source.index(after: close)
                literalStart = index
            } else {
                index = source.index(after: index)
            }
        }
        flush(upTo: source.endIndex)
        return pieces
    }

    /// A pattern's literal text as tokens. Patterns are compared as written in both modes: with
    /// `percentEncoded` the URL's part is compared as it is written too (`%20` is three
    /// characters, and the case of its hex digits counts), without it the URL's part is decoded first.
    package static func literalTokens(_ text: Substring, options: AASAMatchingOptions) -> [Token] {
        Symbolizer.symbols(ofDecoded: text, folding: !options.caseSensitive).map(Token.literal)
    }

    /// Rewrites each run of wildcards as its `?`s followed by one `*` when the run has any.
    package static func normalized(_ tokens: [Token]) -> [Token] {
        var result: [Token] = []
        result.reserveCapacity(tokens.count)
        var index = 0
        while index < tokens.count {
            switch tokens[index] {
            case .anyOne, .anyRun:
                var ones = 0
                var star = false
                while index < tokens.count, tokens[index] == .anyOne || tokens[index] == .anyRun {
                    if tokens[index] == .anyOne { ones += 1 } else { star = true }
                    index += 1
                }
                result += Array(repeating: .anyOne, count: ones)
                if star { result.append(.anyRun) }
            default:
                result.append(tokens[index])
                index += 1
            }
        }
        return result
    }

    /// Whether the pattern matches the whole of `subject`.
    package func matches(_ subject: [PatternSymbol]) -> Bool {
        switch engine {
        case .segments(let segments): return segments.matches(subject)
        case .automaton(let automaton): return automaton.matches(subject)
        case nil: return matchesWithWildcards(subject)
        }
    }

    /// Matches with the two-pointer algorithm; only right when every variable is one character wide.
    package func matchesWithWildcards(_ subject: [PatternSymbol]) -> Bool {
        GlobPattern.wildcardMatch(tokens, subject) { token, symbol in
                switch token {
                case .literal(let expected): return expected == symbol
                case .anyOne: return true
                case .variable(let index): return variables[index].acceptsOne(symbol)
                case .anyRun: return false
                }
            }
    }

    /// Two-pointer wildcard matching: on a mismatch, retry from the last `*`, which takes one
    /// more character. Linear in practice, pattern length × text length at worst. Every token
    /// other than `*` must stand for exactly one character, tested by `accepts`.
    package static func wildcardMatch(_ tokens: [Token], _ subject: [PatternSymbol], accepts: (Token, PatternSymbol) -> Bool) -> Bool {
        var tokenIndex = 0
        var subjectIndex = 0
        var starToken = -1
        var starSubject = 0
        while subjectIndex < subject.count {
            if tokenIndex < tokens.count {
                let token = tokens[tokenIndex]
                if token == .anyRun {
                    starToken = tokenIndex
                    starSubject = subjectIndex
                    tokenIndex += 1
                    continue
                }
                if accepts(token, subject[subjectIndex]) {
                    tokenIndex += 1
                    subjectIndex += 1
                    continue
                }
            }
            guard starToken >= 0 else { return false }
            tokenIndex = starToken + 1
            starSubject += 1
            subjectIndex = starSubject
        }
        while tokenIndex < tokens.count, tokens[tokenIndex] == .anyRun { tokenIndex += 1 }
        return tokenIndex == tokens.count
    }
}

/// The nondeterministic automaton of a pattern with variables, simulated state set by state set.
///
/// A variable's alternatives are laid out as a trie, so `$(region)` costs one step per character
/// rather than one per region code.
package struct Automaton: Sendable {
    package struct State: Sendable {
        /// Transitions on one character.
        package var onSymbol: [PatternSymbol: [Int]] = [:]
        /// Transitions on any character.
        package var onAny: [Int] = []
        /// Transitions that consume nothing.
        package var epsilons: [Int] = []
    }

    private(set) var states: [State] = [State()]
    private(set) var accept = 0

    package init(tokens: [GlobPattern.Token], variables: [GlobPattern.Variable]) {
        var current = 0
        for token in tokens {
            switch token {
            case .variable(let index):
                let end = newState()
                // The trie's nodes are all new, so a node's existing transitions are its children.
                var runChildren: [Int: Int] = [:]
                for alternative in variables[index].alternatives {
                    var node = current
                    for inner in alternative {
                        switch inner {
                        case .literal(let symbol):
                            if let child = states[node].onSymbol[symbol]?.first {
                                node = child
                                continue
                            }
                        case .anyOne:
                            if let child = states[node].onAny.first {
                                node = child
                                continue
                            }
                        case .anyRun, .variable:
                            if let child = runChildren[node] {
                                node = child
                                continue
                            }
                        }
                        let next = step(from: node, over: inner)
                        if inner == .anyRun { runChildren[node] = next }
                        node = next
                    }
                    if !states[node].epsilons.contains(end) { states[node].epsilons.append(end) }
                }
                current = end
            default:
                current = step(from: current, over: token)
            }
        }
        accept = current
    }

    private mutating func newState() -> Int {
        states.append(State())
        return states.count - 1
    }

    /// Adds the states for one token that is not a variable, starting at `state`; returns the state after it.
    private mutating func step(from state: Int, over token: GlobPattern.Token) -> Int {
        switch token {
        case .literal(let symbol):
            let next = newState()
            states[state].onSymbol[symbol, default: []].append(next)
            return next
        case .anyOne:
            let next = newState()
            states[state].onAny.append(next)
            return next
        case .anyRun, .variable:
            let loop = newState()
            let next = newState()
            states[state].epsilons.append(loop)
            states[loop].onAny.append(loop)
            states[loop].epsilons.append(next)
            return next
        }
    }

    /// An upper bound of the states a pattern needs, checked before building it.
    package static func stateCount(for tokens: [GlobPattern.Token], variables: [GlobPattern.Variable]) -> Int {
        var count = 1
        for token in tokens {
            if case .variable(let index) = token {
                count += 1 + variables[index].alternatives.reduce(0) { $0 + 2 * $1.count }
            } else {
                count += 2
            }
        }
        return count
    }

    package func matches(_ subject: [PatternSymbol]) -> Bool {
        var marks = [Int](repeating: -1, count: states.count)
        var generation = 0
        var current: [Int] = []
        var stack: [Int] = []

        func close(_ start: Int, into set: inout [Int]) {
            stack.append(start)
            while let state = stack.popLast() {
                if marks[state] == generation { continue }
                marks[state] = generation
                set.append(state)
                stack += states[state].epsilons
            }
        }

        close(0, into: &current)
        for symbol in subject {
            generation += 1
            var next: [Int] = []
            for state in current {
                for target in states[state].onAny { close(target, into: &next) }
                if let targets = states[state].onSymbol[symbol] {
                    for target in targets { close(target, into: &next) }
                }
            }
            if next.isEmpty { return false }
            current = next
        }
        return current.contains(accept)
    }
}
