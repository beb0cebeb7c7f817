/// Matches a pattern with variables by the pieces between its `*`s.
///
/// A pattern is `S0 * S1 * … * Sk`, where no piece holds a `*` (and no variable string does).
/// `S0` must start at the beginning and `Sk` end at the end; every other piece is placed at the
/// earliest position where it can end, because what follows it is a `*`, which can take any text:
/// ending earlier never loses a match. Each piece is matched by tracking the set of positions it
/// can reach, token by token, so a variable with strings of several lengths is exact.
package struct SegmentMatcher: Sendable {
    /// One variable's strings, indexed by their first character for quick lookup.
    package struct Alternatives: Sendable {
        /// Strings by first literal character.
        package let byFirstSymbol: [PatternSymbol: [[GlobPattern.Token]]]
        /// Strings that start with `?`.
        package let startingWithAny: [[GlobPattern.Token]]
        /// Whether the empty string is one of them.
        package let includesEmpty: Bool
        /// The shortest string's length.
        package let minimumLength: Int
        /// The longest string's length.
        package let maximumLength: Int
    }

    package enum Step: Sendable {
        case literal(PatternSymbol)
        case anyOne
        case variable(Alternatives)
    }

    /// The pieces between `*`s; the first and last may be empty.
    package let pieces: [[Step]]
    package let minimumLengths: [Int]
    package let maximumLengths: [Int]

    /// Prepares a pattern, or returns `nil` when a variable's string holds `*`.
    package init?(tokens: [GlobPattern.Token], variables: [GlobPattern.Variable]) {
        var pieces: [[Step]] = [[]]
        for token in tokens {
            switch token {
            case .anyRun:
                pieces.append([])
            case .literal(let symbol):
                pieces[pieces.count - 1].append(.literal(symbol))
            case .anyOne:
                pieces[pieces.count - 1].append(.anyOne)
            case .variable(let index):
                guard let alternatives = variables[index].lookup else { return nil }
                pieces[pieces.count - 1].append(.variable(alternatives))
            }
        }
        self.pieces = pieces
        minimumLengths = pieces.map { $0.reduce(0) { $0 + SegmentMatcher.lengths(of: $1).minimum } }
        maximumLengths = pieces.map { $0.reduce(0) { $0 + SegmentMatcher.lengths(of: $1).maximum } }
    }

    /// Indexes a variable's strings, or returns `nil` when one holds `*`.
    package static func alternatives(_ strings: [[GlobPattern.Token]]) -> Alternatives? {
        var byFirst: [PatternSymbol: [[GlobPattern.Token]]] = [:]
        var startingWithAny: [[GlobPattern.Token]] = []
        var includesEmpty = false
        for alternative in strings {
            if alternative.contains(.anyRun) { return nil }
            switch alternative.first {
            case nil: includesEmpty = true
            case .literal(let symbol)?: byFirst[symbol, default: []].append(alternative)
            default: startingWithAny.append(alternative)
            }
        }
        let lengths = strings.map(\.count)
        return Alternatives(
            byFirstSymbol: byFirst, startingWithAny: startingWithAny, includesEmpty: includesEmpty,
            minimumLength: lengths.min() ?? 0, maximumLength: lengths.max() ?? 0
        )
    }

    package static func lengths(of step: Step) -> (minimum: Int, maximum: Int) {
        switch step {
        case .literal, .anyOne: return (1, 1)
        case .variable(let alternatives): return (alternatives.minimumLength, alternatives.maximumLength)
        }
    }

    package func matches(_ subject: [PatternSymbol]) -> Bool {
        let count = subject.count
        if pieces.count == 1 { return ends(of: pieces[0], in: subject, from: 0).contains(count) }
        guard var position = ends(of: pieces[0], in: subject, from: 0).min() else { return false }
        for index in 1..<(pieces.count - 1) {
            guard let end = earliestEnd(of: index, in: subject, from: position) else { return false }
            position = end
        }
        let last = pieces.count - 1
        let earliestStart = max(position, count - maximumLengths[last])
        let latestStart = count - minimumLengths[last]
        guard earliestStart <= latestStart else { return false }
        for start in earliestStart...latestStart where ends(of: pieces[last], in: subject, from: start).contains(count) {
            return true
        }
        return false
    }

    /// The earliest position at which piece `index` can end, starting anywhere from `position`.
    package func earliestEnd(of index: Int, in subject: [PatternSymbol], from position: Int) -> Int? {
        var best: Int?
        var start = position
        while start + minimumLengths[index] <= subject.count {
            if let best, start >= best { break }
            if let end = ends(of: pieces[index], in: subject, from: start).min(), end < (best ?? Int.max) { best = end }
            start += 1
        }
        return best
    }

    /// Every position where `piece` can end when it starts at `start`.
    package func ends(of piece: [Step], in subject: [PatternSymbol], from start: Int) -> [Int] {
        var positions = [start]
        for step in piece {
            var next: [Int] = []
            for position in positions {
                switch step {
                case .literal(let symbol):
                    if position < subject.count, subject[position] == symbol { next.append(position + 1) }
                case .anyOne:
                    if position < subject.count { next.append(position + 1) }
                case .variable(let alternatives):
                    if alternatives.includesEmpty { next.append(position) }
                    guard position < subject.count else { continue }
                    for alternative in (alternatives.byFirstSymbol[subject[position]] ?? []) + alternatives.startingWithAny
                    where SegmentMatcher.fixedMatch(alternative, subject, at: position) {
                        next.append(position + alternative.count)
                    }
                }
            }
            if next.isEmpty { return [] }
            positions = next.count > 1 ? Array(Set(next)) : next
        }
        return positions
    }

    package static func fixedMatch(_ tokens: [GlobPattern.Token], _ subject: [PatternSymbol], at start: Int) -> Bool {
        guard start + tokens.count <= subject.count else { return false }
        for (offset, token) in tokens.enumerated() {
            switch token {
            case .literal(let symbol): if subject[start + offset] != symbol { return false }
            case .anyOne: continue
            case .anyRun, .variable: return false
            }
        }
        return true
    }
}
