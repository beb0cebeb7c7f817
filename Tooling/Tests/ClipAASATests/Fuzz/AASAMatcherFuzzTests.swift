import ClipAASA
import ClipTestSupport
import Foundation
import Testing

/// Random patterns and hostile URLs through the matcher: no crash, no hang, answers that agree
/// with themselves (the first-app answer is one of the per-app answers; a case-insensitive copy
/// of a component matches whenever the case-sensitive one does).
@Suite struct AASAMatcherFuzzTests {
    static let patternPieces = [
        "a", "B", "/", "*", "?", "**", "?*", "%2F", "%C3%A9", "%", "%G1", "$(alpha)", "$(digit)", "$(region)", "$(lang)",
        "$(v)", "$(", "é", " ", "-", ".", "~", "=", "&",
    ]
    static let urlPieces = [
        "a", "b", "B", "/", "DE", "en", "1", "%2F", "%2f", "%C3%A9", "%FF%FE", "%", "%G", "é", "+", "~", "=", "&", "?", "#", "x",
    ]

    static func pick<G: RandomNumberGenerator>(_ pieces: [String], _ count: ClosedRange<Int>, using random: inout G) -> String {
        (0..<Int.random(in: count, using: &random)).compactMap { _ in pieces.randomElement(using: &random) }.joined()
    }

    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    @Test(.timeLimit(.minutes(1))) func randomPatternsAndHostileURLs() throws {
        var random = SeededGenerator(seed: 0xF022_0003)
        for _ in 0..<800 {
            var components: [String] = []
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                var members = ["\"/\": " + Self.quoted("/" + Self.pick(Self.patternPieces, 0...8, using: &random))]
                if Bool.random(using: &random) {
                    members.append("\"?\": {\"k\": " + Self.quoted(Self.pick(Self.patternPieces, 0...4, using: &random)) + "}")
                }
                if Int.random(in: 0..<4, using: &random) == 0 { members.append("\"#\": " + Self.quoted(Self.pick(Self.patternPieces, 0...4, using: &random))) }
                if Int.random(in: 0..<4, using: &random) == 0 { members.append("\"exclude\": true") }
                if Bool.random(using: &random) { members.append("\"caseSensitive\": \(Bool.random(using: &random))") }
                if Bool.random(using: &random) { members.append("\"percentEncoded\": \(Bool.random(using: &random))") }
                components.append("{" + members.joined(separator: ", ") + "}")
            }
            let file = #"{"applinks":{"substitutionVariables":{"v":["ab","","*x","?"]},"details":[{"appIDs":["\#(Apps.main)"],"components":[\#(components.joined(separator: ","))]},{"appIDs":["\#(Apps.other)"],"components":[{"/":"*"}]}]}}"#
            let matcher = try AASAFixture.matcher(file)
            for _ in 0..<8 {
                let url = "https://example.com/" + Self.pick(Self.urlPieces, 0...12, using: &random)
                let perApp = try matcher.matchForEveryApp(url)
                let first = try matcher.match(url)
                #expect(perApp.count == 2)
                #expect(perApp[1].outcome == .match, "the catch-all of the other app matches \(url)")
                if first.outcome == .match { #expect(perApp.contains(first)) }
                let main = try matcher.match(url, appID: Apps.main)
                #expect(main == perApp[0])
            }
        }
    }

    @Test func caseInsensitiveMatchingAcceptsEverythingCaseSensitiveMatchingDoes() throws {
        var random = SeededGenerator(seed: 0xF022_0004)
        for _ in 0..<800 {
            let pattern = "/" + Self.pick(["a", "B", "*", "?", "$(upper)", "%C3%A9", "/"], 0...6, using: &random)
            let sensitive = try AASAFixture.singleDetail("[{\"/\": \(Self.quoted(pattern))}]")
            let insensitive = try AASAFixture.singleDetail("[{\"/\": \(Self.quoted(pattern)), \"caseSensitive\": false}]")
            for _ in 0..<10 {
                let url = "https://example.com/" + Self.pick(["a", "A", "b", "B", "%C3%A9", "%C3%89", "/"], 0...6, using: &random)
                if try sensitive.match(url, appID: Apps.main).outcome == .match {
                    #expect(try insensitive.match(url, appID: Apps.main).outcome == .match, "\(pattern) vs \(url)")
                }
            }
        }
    }
}
