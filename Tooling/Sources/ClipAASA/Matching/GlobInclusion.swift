/// Decides whether one pattern matches everything another matches, the question behind
/// "this component is shadowed by an earlier one".
///
/// The later pattern is read as a string of tokens and the earlier one is matched against it
/// symbolically: a `*` of the earlier pattern may take any run of the later one's tokens
/// (wildcards included), a `?` one token that stands for exactly one character, a literal only a
/// literal it certainly equals. Wildcard runs are normalized first (`*?` is `?*`). This is sound
/// (a `true` is always right) and exact for the patterns people write: prefixes, suffixes, fixed
/// segments and wildcards. For exotic combinations of variables it may answer `false` when the
/// true answer is `true`, which only means a redundant component goes unreported.
enum GlobInclusion {
    /// Whether `outer` (with its options) matches every text that `inner` matches; `nil` is `*`.
    static func covers(
        _ outer: GlobPattern?, _ outerOptions: AASAMatchingOptions,
        _ inner: GlobPattern?, _ innerOptions: AASAMatchingOptions
    ) -> Bool {
        guard let outer else { return true }
        if outer.matchesEverything { return true }
        guard let inner else { return false }
        // With and without `percentEncoded` the same URL is compared as two different texts
        // (written, decoded), so patterns of different modes are only compared through `*`.
        guard outerOptions.percentEncoded == innerOptions.percentEncoded else { return false }
        let pattern = outer.tokens
        let text = inner.tokens
        var patternIndex = 0
        var textIndex = 0
        var starPattern = -1
        var starText = 0
        while textIndex < text.count {
            if patternIndex < pattern.count {
                let token = pattern[patternIndex]
                if token == .anyRun {
                    starPattern = patternIndex
                    starText = textIndex
                    patternIndex += 1
                    continue
                }
                if accepts(token, in: outer, outerOptions, text[textIndex], in: inner, innerOptions) {
                    patternIndex += 1
                    textIndex += 1
                    continue
                }
            }
            guard starPattern >= 0 else { return false }
            patternIndex = starPattern + 1
            starText += 1
            textIndex = starText
        }
        while patternIndex < pattern.count, pattern[patternIndex] == .anyRun { patternIndex += 1 }
        return patternIndex == pattern.count
    }

    /// Whether the single-character token `outer` accepts every character that `inner` stands for.
    static func accepts(
        _ outer: GlobPattern.Token, in outerPattern: GlobPattern, _ outerOptions: AASAMatchingOptions,
        _ inner: GlobPattern.Token, in innerPattern: GlobPattern, _ innerOptions: AASAMatchingOptions
    ) -> Bool {
        switch (outer, inner) {
        case (.anyRun, _), (_, .anyRun):
            return false
        case (.anyOne, .literal), (.anyOne, .anyOne):
            return true
        case (.anyOne, .variable(let index)):
            return innerPattern.variables[index].alternatives.allSatisfy { $0.count == 1 && $0[0] != .anyRun }
        case (.literal(let mine), .literal(let theirs)):
            return symbolCovers(mine, outerOptions, theirs, innerOptions)
        case (.literal(let mine), .variable(let index)):
            return innerPattern.variables[index].alternatives.allSatisfy { alternative in
                guard alternative.count == 1, case .literal(let theirs) = alternative[0] else { return false }
                return symbolCovers(mine, outerOptions, theirs, innerOptions)
            }
        case (.literal, .anyOne):
            return false
        case (.variable(let mine), .variable(let theirs)):
            if outerPattern.variables[mine] == innerPattern.variables[theirs], outerOptions == innerOptions { return true }
            guard let accepted = outerPattern.variables[mine].singleTokens else { return false }
            return innerPattern.variables[theirs].alternatives.allSatisfy { alternative in
                guard alternative.count == 1 else { return false }
                return accepted.contains { accepts($0, in: outerPattern, outerOptions, alternative[0], in: innerPattern, innerOptions) }
            }
        case (.variable(let mine), .literal), (.variable(let mine), .anyOne):
            guard let accepted = outerPattern.variables[mine].singleTokens else { return false }
            return accepted.contains { accepts($0, in: outerPattern, outerOptions, inner, in: innerPattern, innerOptions) }
        }
    }

    /// Whether the literal `outer` certainly equals every character the literal `inner` stands for.
    static func symbolCovers(
        _ outer: PatternSymbol, _ outerOptions: AASAMatchingOptions,
        _ inner: PatternSymbol, _ innerOptions: AASAMatchingOptions
    ) -> Bool {
        if outerOptions.caseSensitive {
            if !innerOptions.caseSensitive, PatternSymbol.hasCaseVariants(inner.scalar) { return false }
            guard outer.scalar == inner.scalar else { return false }
        } else {
            guard PatternSymbol.folded(inner.scalar) == outer.scalar else { return false }
        }
        return outerOptions.percentEncoded == innerOptions.percentEncoded
    }

    /// Whether a query item name of the outer component accepts every name the inner one does.
    static func nameCovers(_ outer: String, _ outerOptions: AASAMatchingOptions, _ inner: String, _ innerOptions: AASAMatchingOptions) -> Bool {
        guard outerOptions.percentEncoded == innerOptions.percentEncoded else { return false }
        if outerOptions.caseSensitive {
            if !innerOptions.caseSensitive, inner.unicodeScalars.contains(where: PatternSymbol.hasCaseVariants) { return false }
            return outer == inner
        }
        return CompiledComponent.folded(inner) == outer
    }
}
