/// A compiled AASA pattern: literals, `?` (exactly one character), `*` (any run, also empty) and
/// substitution variables.
///
/// Matching never backtracks exponentially: a pattern without variables is matched with the
/// classic two-pointer wildcard algorithm (at worst pattern length × text length steps), one with
/// variables by simulating its automaton (at worst states × text length steps).
struct GlobPattern: Sendable, Hashable {
    /// One element of a pattern.
    enum Token: Sendable, Hashable {
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
    struct Variable: Sendable, Hashable {
        /// The variable's name.
        let name: String
        /// Each of its strings as tokens (never containing variables).
        let alternatives: [[Token]]

        /// When every alternative is exactly one token (`$(alpha)`, `$(digit)`), those tokens.
        var singleTokens: Set<Token>? {
            guard alternatives.allSatisfy({ $0.count == 1 }) else { return nil }
            return Set(alternatives.compactMap(\.first))
        }
    }

    /// The tokens, with each run of wildcards normalized to `?…?` then at most one `*`.
    let tokens: [Token]
    /// The variables the tokens refer to.
    let variables: [Variable]
    /// The pattern as written.
    let source: String

    /// Whether the pattern is `*` alone, which matches everything.
    var matchesEverything: Bool { tokens == [.anyRun] }

    /// Why a pattern could not be compiled.
    enum Problem: Error, Sendable, Hashable {
        case tooLong(length: Int, limit: Int)
        case unterminatedVariable(String)
        case invalidVariableName(String)
        case unknownVariable(String)
        case variableInVariable(variable: String)
        case tooComplex(states: Int, limit: Int)
    }

    /// The longest pattern accepted, in characters.
    static let maximumLength = 2048
    /// The most automaton states a pattern with variables may need.
    static let maximumStates = 60_000

    /// Compiles `source` for the given matching options.
    init(parsing source: String, options: AASAMatchingOptions, variables: SubstitutionVariables) throws(Problem) {
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
                guard let values = variables.values(of: name) else { throw .unknownVariable(name) }
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
                indexByName[name] = table.count
                tokens.append(.variable(table.count))
                table.append(Variable(name: name, alternatives: alternatives))
            }
        }
        self.tokens = GlobPattern.normalized(tokens)
        self.variables = table
        self.source = source
        if !table.isEmpty {
            let states = Automaton.stateCount(for: self.tokens, variables: table)
            if states > GlobPattern.maximumStates { throw .tooComplex(states: states, limit: GlobPattern.maximumStates) }
        }
    }

    enum Piece {
        case text(Substring)
        case anyOne
        case anyRun
        case variable(String)
    }

    /// Splits pattern text into literal runs, wildcards and variable references.
    static func split(_ source: String) throws(Problem) -> [Piece] {
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

    static func literalTokens(_ text: Substring, options: AASAMatchingOptions) -> [Token] {
        let folding = !options.caseSensitive
        let symbols = options.percentEncoded
            ? Symbolizer.symbols(ofEncoded: text, folding: folding)
            : Symbolizer.symbols(ofDecoded: text, folding: folding)
        return symbols.map(Token.literal)
    }

    /// Rewrites each run of wildcards as its `?`s followed by one `*` when the run has any.
    static func normalized(_ tokens: [Token]) -> [Token] {
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
    func matches(_ subject: [PatternSymbol]) -> Bool {
        if variables.isEmpty { return GlobPattern.wildcardMatch(tokens, subject) }
        return Automaton(tokens: tokens, variables: variables).matches(subject)
    }

    /// Two-pointer wildcard matching: on a mismatch, retry from the last `*`, which takes one
    /// more character. Linear in practice, pattern length × text length at worst.
    static func wildcardMatch(_ tokens: [Token], _ subject: [PatternSymbol]) -> Bool {
        var tokenIndex = 0
        var subjectIndex = 0
        var starToken = -1
        var starSubject = 0
        while subjectIndex < subject.count {
            if tokenIndex < tokens.count {
                switch tokens[tokenIndex] {
                case .anyOne:
                    tokenIndex += 1
                    subjectIndex += 1
                    continue
                case .literal(let symbol) where symbol == subject[subjectIndex]:
                    tokenIndex += 1
                    subjectIndex += 1
                    continue
                case .anyRun:
                    starToken = tokenIndex
                    starSubject = subjectIndex
                    tokenIndex += 1
                    continue
                default:
                    break
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

/// The nondeterministic automaton of a pattern with variables, simulated state-set by state-set.
struct Automaton {
    enum Edge: Equatable {
        case symbol(PatternSymbol)
        case any
    }

    struct State {
        var edge: Edge?
        var next: Int
        var epsilons: [Int]
    }

    private(set) var states: [State] = []
    let accept: Int

    init(tokens: [GlobPattern.Token], variables: [GlobPattern.Variable]) {
        var builder = Builder()
        builder.append(tokens, variables: variables)
        accept = builder.states.count
        builder.states.append(State(edge: nil, next: -1, epsilons: []))
        states = builder.states
    }

    static func stateCount(for tokens: [GlobPattern.Token], variables: [GlobPattern.Variable]) -> Int {
        var count = 1
        for token in tokens {
            if case .variable(let index) = token {
                count += 1 + variables[index].alternatives.reduce(0) { $0 + $1.count + 1 }
            } else {
                count += 1
            }
        }
        return count
    }

    struct Builder {
        var states: [State] = []

        mutating func append(_ tokens: [GlobPattern.Token], variables: [GlobPattern.Variable]) {
            for token in tokens {
                switch token {
                case .literal(let symbol):
                    states.append(State(edge: .symbol(symbol), next: states.count + 1, epsilons: []))
                case .anyOne:
                    states.append(State(edge: .any, next: states.count + 1, epsilons: []))
                case .anyRun:
                    let loop = states.count
                    states.append(State(edge: .any, next: loop, epsilons: [loop + 1]))
                case .variable(let index):
                    let split = states.count
                    states.append(State(edge: nil, next: -1, epsilons: []))
                    var starts: [Int] = []
                    var joins: [Int] = []
                    for alternative in variables[index].alternatives {
                        starts.append(states.count)
                        append(alternative, variables: [])
                        joins.append(states.count)
                        states.append(State(edge: nil, next: -1, epsilons: []))
                    }
                    let end = states.count
                    states[split].epsilons = starts
                    for join in joins { states[join].epsilons = [end] }
                }
            }
        }
    }

    func matches(_ subject: [PatternSymbol]) -> Bool {
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
                guard let edge = states[state].edge else { continue }
                switch edge {
                case .any: close(states[state].next, into: &next)
                case .symbol(let expected) where expected == symbol: close(states[state].next, into: &next)
                default: continue
                }
            }
            if next.isEmpty { return false }
            current = next
        }
        return current.contains(accept)
    }
}
