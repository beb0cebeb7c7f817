import ClipAASA
import ClipTestSupport
import Foundation
import Testing

/// The matcher has three engines (two-pointer wildcards, pieces between stars, an automaton).
/// These tests compare each with a plain reference matcher on random patterns, and check that
/// shadowing is only reported when it is real.
@Suite struct MatcherDifferentialTests {
    /// The textbook definition of `*` and `?`, by memoized recursion: slow, obviously right.
    static func reference(_ pattern: [Character], _ text: [Character]) -> Bool {
        var memo: [Int: Bool] = [:]
        func match(_ p: Int, _ t: Int) -> Bool {
            let key = p * (text.count + 1) + t
            if let known = memo[key] { return known }
            let result: Bool
            if p == pattern.count {
                result = t == text.count
            } else if pattern[p] == "*" {
                result = match(p + 1, t) || (t < text.count && match(p, t + 1))
            } else if t < text.count, pattern[p] == "?" || pattern[p] == text[t] {
                result = match(p + 1, t + 1)
            } else {
                result = false
            }
            memo[key] = result
            return result
        }
        return match(0, 0)
    }

    /// A URL path as path patterns see it, and a path pattern's alternatives, by plain string
    /// operations: one leading `/`, no trailing slashes; a pattern ending in `/*` also stands for
    /// the pattern without that segment.
    static func normalized(_ text: String) -> String {
        var characters = Substring(text)
        while characters.first == "/" { characters = characters.dropFirst() }
        while characters.last == "/" { characters = characters.dropLast() }
        return characters.isEmpty ? "" : "/" + characters
    }

    static func pathReference(_ pattern: String, _ path: String) -> Bool {
        let main = normalized(pattern)
        var alternatives = [main]
        var parent = Substring(main)
        while parent.last == "*" { parent = parent.dropLast() }
        if parent.count < main.count, parent.last == "/" { alternatives.append(normalized(String(parent))) }
        let subject = Array(normalized("/" + path))
        return alternatives.contains { reference(Array($0), subject) }
    }

    static func randomText<G: RandomNumberGenerator>(_ alphabet: [Character], _ length: ClosedRange<Int>, using random: inout G) -> String {
        String((0..<Int.random(in: length, using: &random)).compactMap { _ in alphabet.randomElement(using: &random) })
    }

    /// `$(none)` stands for the empty string: appending it changes nothing but forces the
    /// automaton. The path pattern goes through the path rules (leading and trailing slashes), so
    /// the engines are compared on the fragment, which is matched as it is.
    static func matcher(_ pattern: String, forceAutomaton: Bool) throws -> AASAMatcher {
        let escaped = pattern.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        let key = forceAutomaton ? "#" : "/"
        let source = forceAutomaton ? "\(escaped)$(none)" : "/\(escaped)"
        return try AASAFixture.singleDetail(
            #"[{"\#(key)": "\#(source)", "percentEncoded": false}]"#,
            extra: #""substitutionVariables":{"none":[""]},"#
        )
    }

    @Test func bothEnginesAgreeWithTheReference() throws {
        var random = SeededGenerator(seed: 0xD1FF_0001)
        for _ in 0..<600 {
            let pattern = Self.randomText(["a", "b", "/", "*", "?"], 0...10, using: &random)
            let fast = try Self.matcher(pattern, forceAutomaton: false)
            let automaton = try Self.matcher(pattern, forceAutomaton: true)
            for _ in 0..<12 {
                let text = Self.randomText(["a", "b", "/"], 0...10, using: &random)
                let expected = Self.pathReference(pattern, text)
                #expect((try fast.match("https://example.com/\(text)", appID: Apps.main).outcome == .match) == expected, "\(pattern) vs \(text)")
                let inFragment = Self.reference(Array(pattern), Array(text))
                #expect((try automaton.match("https://example.com/#\(text)", appID: Apps.main).outcome == .match) == inFragment, "\(pattern) vs \(text) (automaton)")
            }
        }
    }

    /// Every expansion of a pattern's variables, as plain glob text (for the reference matcher).
    static func expansions(_ pattern: String, variables: [String: [String]]) -> [String] {
        var results = [""]
        var rest = Substring(pattern)
        while !rest.isEmpty {
            if rest.hasPrefix("$("), let close = rest.firstIndex(of: ")") {
                let name = String(rest[rest.index(rest.startIndex, offsetBy: 2)..<close])
                let values = variables[name] ?? []
                results = results.flatMap { prefix in values.map { prefix + $0 } }
                rest = rest[rest.index(after: close)...]
            } else {
                let character = rest.removeFirst()
                results = results.map { $0 + String(character) }
            }
        }
        return results
    }

    static let engineVariables: [String: [String]] = [
        "v": ["a", "ab", "", "b?"], "w": ["ba", "a/", "bb"], "s": ["a*", "*b", "/"],
    ]

    @Test func eachEngineAgreesWithTheReferenceOnPatternsWithVariables() throws {
        var random = SeededGenerator(seed: 0xD1FF_0004)
        let options = AASAMatchingOptions(caseSensitive: true, percentEncoded: false)
        let variables = SubstitutionVariables(custom: Self.engineVariables)
        var engines: [String: Int] = [:]
        for _ in 0..<500 {
            let pieces = ["a", "b", "/", "*", "?", "$(v)", "$(w)", "$(s)"]
            let pattern = (0..<Int.random(in: 0...6, using: &random)).compactMap { _ in pieces.randomElement(using: &random) }.joined()
            let compiled = try GlobPattern(parsing: pattern, options: options, variables: variables)
            let automaton = Automaton(tokens: compiled.tokens, variables: compiled.variables)
            let segments = SegmentMatcher(tokens: compiled.tokens, variables: compiled.variables)
            switch compiled.engine {
            case .segments: engines["segments", default: 0] += 1
            case .automaton: engines["automaton", default: 0] += 1
            case nil: engines["wildcards", default: 0] += 1
            }
            let expanded = Self.expansions(pattern, variables: Self.engineVariables)
            for _ in 0..<15 {
                let text = Self.randomText(["a", "b", "/"], 0...8, using: &random)
                let expected = expanded.contains { Self.reference(Array($0), Array(text)) }
                let symbols = text.unicodeScalars.map { PatternSymbol(scalar: $0) }
                #expect(compiled.matches(symbols) == expected, "\(pattern) vs \(text)")
                #expect(automaton.matches(symbols) == expected, "\(pattern) vs \(text) (automaton)")
                if let segments { #expect(segments.matches(symbols) == expected, "\(pattern) vs \(text) (segments)") }
                if compiled.variables.allSatisfy(\.isSingleCharacter) {
                    #expect(compiled.matchesWithWildcards(symbols) == expected, "\(pattern) vs \(text) (wildcards)")
                }
            }
        }
        #expect(engines.count == 3, "\(engines)")
    }

    @Test func enginesAgreeOnPercentEncodedPatternsAndURLs() throws {
        var random = SeededGenerator(seed: 0xD1FF_0002)
        let pieces = ["a", "A", "%61", "%41", "%2F", "/", "%C3%A9", "é", "*", "?", "%20", "+", "~", "%7E"]
        for _ in 0..<400 {
            let pattern = (0..<Int.random(in: 0...6, using: &random)).compactMap { _ in pieces.randomElement(using: &random) }.joined()
            let caseSensitive = Bool.random(using: &random)
            // On the fragment, which is matched as it is (the path rules would treat the two differently).
            let body = ##""#": "\##(pattern)", "caseSensitive": \##(caseSensitive)"##
            let fast = try AASAFixture.singleDetail("[{\(body)}]", extra: #""substitutionVariables":{"none":[""]},"#)
            let automaton = try AASAFixture.singleDetail(
                ##"[{"#": "\##(pattern)$(none)", "caseSensitive": \##(caseSensitive)}]"##, extra: #""substitutionVariables":{"none":[""]},"#
            )
            for _ in 0..<10 {
                let path = (0..<Int.random(in: 0...6, using: &random)).compactMap { _ in pieces.filter { $0 != "*" && $0 != "?" && $0 != "é" }.randomElement(using: &random) }.joined()
                let url = "https://example.com/#\(path)"
                #expect(try fast.match(url, appID: Apps.main).outcome == automaton.match(url, appID: Apps.main).outcome, "\(pattern) vs \(path)")
            }
        }
    }

    @Test(.timeLimit(.minutes(1))) func pathologicalPatternsFinishQuickly() throws {
        let stars = String(repeating: "*a", count: 500) + "b"
        let text = String(repeating: "a", count: 4000)
        for force in [false, true] {
            let matcher = try Self.matcher(stars, forceAutomaton: force)
            let prefix = force ? "/#" : "/"
            #expect(try matcher.match(prefix + text, appID: Apps.main).outcome == .unset)
            #expect(try matcher.match(prefix + text + "b", appID: Apps.main).outcome == .match)
        }
        // The automaton, the slowest engine, on a smaller case of the same shape.
        let compiled = try GlobPattern(
            parsing: String(repeating: "*a", count: 100) + "$(s)", options: AASAMatchingOptions(percentEncoded: false),
            variables: SubstitutionVariables(custom: ["s": ["b*"]])
        )
        guard case .automaton = compiled.engine else {
            Issue.record("expected the automaton for a variable whose string holds '*'")
            return
        }
        let symbols = Array(repeating: PatternSymbol(scalar: "a"), count: 1000)
        #expect(!compiled.matches(symbols))
        #expect(compiled.matches(symbols + [PatternSymbol(scalar: "b")]))
        let regions = String(repeating: "$(region)", count: 8) + "*$(lang)?"
        let many = try AASAFixture.singleDetail(#"[{"/": "/\#(regions)"}]"#)
        #expect(try many.match("/" + String(repeating: "DE", count: 8) + String(repeating: "x", count: 2000) + "enx", appID: Apps.main).outcome == .match)
        #expect(try many.match("/" + String(repeating: "DE", count: 7) + String(repeating: "x", count: 2000), appID: Apps.main).outcome == .unset)
    }

    /// Whenever the validator says a later component is shadowed, every URL the later one matches
    /// is decided by the earlier one.
    @Test func shadowingIsOnlyReportedWhenItIsReal() throws {
        var random = SeededGenerator(seed: 0xD1FF_0003)
        var reported = 0
        for _ in 0..<3_000 {
            let outer = Self.randomText(["a", "b", "/", "*", "?"], 0...6, using: &random)
            let inner = Self.randomText(["a", "b", "/", "*", "?"], 0...6, using: &random)
            let components = #"[{"/": "/\#(outer)"}, {"/": "/\#(inner)"}]"#
            let report = AASAValidator().validate(data: Data(#"{"applinks":{"details":[{"appIDs":["\#(Apps.main)"],"components":\#(components)}]}}"#.utf8))
            guard report.codes.contains(.shadowedComponent) else { continue }
            reported += 1
            let matcher = try AASAFixture.singleDetail(components)
            for _ in 0..<20 {
                var text = ""
                for character in inner {
                    switch character {
                    case "*": text += Self.randomText(["a", "b", "/"], 0...4, using: &random)
                    case "?": text += Self.randomText(["a", "b", "/"], 1...1, using: &random)
                    default: text.append(character)
                    }
                }
                #expect(try matcher.match("/" + text, appID: Apps.main).componentIndex != 1, "/\(outer) should decide /\(text) before /\(inner)")
            }
        }
        #expect(reported > 100)
    }

    @Test(arguments: [
        ("/*", "/a"), ("/a/*", "/a/b/*"), ("/a/*", "/a/?"), ("/a?*", "/ab*c"), ("/*?", "/?*"), ("*", "/x"),
        ("/a/*/c", "/a/b/c"), ("/*.html", "/x/*.html"), ("/$(digit)", "/7"), ("/$(alpha)*", "/$(upper)x"),
    ])
    func commonShadowingIsFound(outer: String, inner: String) throws {
        let file = #"{"applinks":{"details":[{"appIDs":["\#(Apps.main)"],"components":[{"/": "\#(outer)"}, {"/": "\#(inner)"}]}]}}"#
        #expect(AASAValidator().validate(data: Data(file.utf8)).codes.contains(.shadowedComponent))
    }

    @Test(arguments: [
        ("/a/*", "/b/*"), ("/a/?", "/a/*"), ("/a/b", "/a/*"), ("/a/*", "/A/*"), ("/?*", "/*"), ("/$(digit)", "/a"),
    ])
    func distinctPatternsAreNotShadowed(outer: String, inner: String) throws {
        let file = #"{"applinks":{"details":[{"appIDs":["\#(Apps.main)"],"components":[{"/": "\#(outer)"}, {"/": "\#(inner)"}]}]}}"#
        #expect(!AASAValidator().validate(data: Data(file.utf8)).codes.contains(.shadowedComponent))
    }

    @Test func shadowingRespectsQueriesFragmentsAndCase() throws {
        func shadowed(_ components: String) -> Bool {
            let file = #"{"applinks":{"details":[{"appIDs":["\#(Apps.main)"],"components":\#(components)}]}}"#
            return AASAValidator().validate(data: Data(file.utf8)).codes.contains(.shadowedComponent)
        }
        #expect(shadowed(#"[{"/": "/a/*"}, {"/": "/a/b", "?": {"x": "1"}}]"#))
        #expect(!shadowed(#"[{"/": "/a/*", "?": {"x": "1"}}, {"/": "/a/b"}]"#))
        #expect(shadowed(#"[{"/": "/a/*", "?": {"x": "?"}}, {"/": "/a/b", "?": {"x": "1", "y": "2"}}]"#))
        #expect(!shadowed(##"[{"/": "/a/*", "#": "top"}, {"/": "/a/b"}]"##))
        #expect(shadowed(#"[{"/": "/a/*", "caseSensitive": false}, {"/": "/A/b"}]"#))
        #expect(!shadowed(#"[{"/": "/a/*"}, {"/": "/a/b", "caseSensitive": false}]"#))
        #expect(!shadowed(#"[{"/": "/a/*"}, {"/": "/a/1", "caseSensitive": false}]"#))
        #expect(shadowed(#"[{"/": "/*/*"}, {"/": "/a/1", "caseSensitive": false}]"#))
        #expect(shadowed(#"[{"/": "/1"}, {"/": "/1", "caseSensitive": false}]"#))
    }
}
