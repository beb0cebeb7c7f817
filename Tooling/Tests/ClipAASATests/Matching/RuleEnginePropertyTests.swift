import ClipAASA
@_spi(ClipKitTooling) import ClipKit
import ClipTestSupport
import Foundation
import Testing

/// The validator and the matcher read one rule engine, so they cannot contradict each other:
/// on random files and random URLs, a component the validator says never matches never matches,
/// and a component it says is never reached (shadowed, an unreachable `exclude` included) never
/// decides a URL.
@Suite struct RuleEnginePropertyTests {
    static let patternPieces = ["/", "a", "b", "A", "*", "?", "%", "2", "F", "%20", "%2F", " ", "é", "#", "$(digit)", "1"]
    static let urlPieces = ["/", "a", "b", "A", "1", "2", "F", "%2F", "%20", "%2f", "%", " ", "é", "#", "?", "//"]

    static func pick<G: RandomNumberGenerator>(_ pieces: [String], _ count: ClosedRange<Int>, using random: inout G) -> String {
        (0..<Int.random(in: count, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
    }

    static func jsonString(_ text: String) -> String {
        String(decoding: JSONValue.string(text).serialized(), as: UTF8.self)
    }

    static func randomComponent<G: RandomNumberGenerator>(using random: inout G) -> String {
        var members: [String] = []
        if Int.random(in: 0..<4, using: &random) > 0 { members.append(#""/": \#(jsonString("/" + pick(patternPieces, 0...5, using: &random)))"#) }
        switch Int.random(in: 0..<4, using: &random) {
        case 0: members.append(#""?": {"a": \#(jsonString(pick(patternPieces, 0...3, using: &random)))}"#)
        case 1: members.append(#""?": \#(jsonString(pick(patternPieces, 0...3, using: &random)))"#)
        default: break
        }
        if Int.random(in: 0..<4, using: &random) == 0 { members.append(##""#": \##(jsonString(pick(patternPieces, 0...3, using: &random)))"##) }
        if Bool.random(using: &random) { members.append(#""exclude": true"#) }
        if Int.random(in: 0..<3, using: &random) == 0 { members.append(#""caseSensitive": false"#) }
        if Int.random(in: 0..<4, using: &random) == 0 { members.append(#""percentEncoded": false"#) }
        return "{" + members.joined(separator: ", ") + "}"
    }

    static func randomURL<G: RandomNumberGenerator>(using random: inout G) -> String {
        var url = "https://example.com/" + pick(urlPieces.filter { $0 != "#" && $0 != "?" }, 0...6, using: &random)
        if Bool.random(using: &random) {
            let values = ["1", "A", "a", "%20", "é", "", "%2F"]
            let items = (0..<Int.random(in: 0...2, using: &random)).map { _ in "\(["a", "b", "A"].randomElement(using: &random) ?? "a")=\(values.randomElement(using: &random) ?? "")" }
            url += "?" + items.joined(separator: "&")
        }
        if Int.random(in: 0..<3, using: &random) == 0 { url += "#" + pick(urlPieces, 0...3, using: &random) }
        return url
    }

    /// The component index a finding's path names: `…components[N]…`.
    static func componentIndex(of path: String) -> Int? {
        guard let open = path.range(of: "components[") else { return nil }
        return Int(path[open.upperBound...].prefix { $0.isNumber })
    }

    static let neverMatchCodes: Set<AASAFinding.Code> = [.unencodedCharacter, .badPercentEscape, .fragmentInPath]

    @Test func validatorFindingsHoldForEveryGeneratedURL() throws {
        var random = SeededGenerator(seed: 0xA5A5_2025)
        var neverMatching = 0
        var shadowed = 0
        var unreachableExcludes = 0
        var urlsChecked = 0
        for _ in 0..<1_500 {
            let components = (0..<Int.random(in: 1...4, using: &random)).map { _ in Self.randomComponent(using: &random) }
            let file = #"{"applinks":{"details":[{"appIDs":["\#(Apps.main)"],"components":[\#(components.joined(separator: ", "))]}]}}"#
            let report = AASAValidator().validate(data: Data(file.utf8))
            guard !report.codes.contains(.wrongType) else { continue }
            let never = Set(report.findings.filter { Self.neverMatchCodes.contains($0.code) }.compactMap { Self.componentIndex(of: $0.path) })
            let unreached = Set(report.findings.filter { $0.code == .shadowedComponent }.compactMap { Self.componentIndex(of: $0.path) })
            guard !never.isEmpty || !unreached.isEmpty else { continue }
            let matcher = try AASAFixture.matcher(file)
            let compiled = matcher.details[0].components
            neverMatching += never.count
            shadowed += unreached.count
            unreachableExcludes += unreached.filter { compiled[$0].exclude }.count
            for _ in 0..<40 {
                let url = Self.randomURL(using: &random)
                guard let parts = URLParts(url) else { continue }
                urlsChecked += 1
                var cache = URLParts.SymbolCache(parts)
                for index in never {
                    #expect(!compiled[index].matches(&cache), "\(file): component \(index) is reported as never matching, but matches \(url)")
                }
                let decided = try matcher.match(url, appID: Apps.main).componentIndex
                if let decided {
                    #expect(!unreached.contains(decided), "\(file): component \(decided) is reported as never reached, but decides \(url)")
                }
            }
        }
        #expect(neverMatching > 50, "the generator should produce components that never match")
        #expect(shadowed > 50 && unreachableExcludes > 10, "the generator should produce shadowed components and unreachable excludes")
        #expect(urlsChecked > 1_000)
    }

    /// And the other way: the URLs that decide at the shadowing component do reach the shadowed
    /// one's patterns (the finding is about a real overlap, not an empty component).
    @Test func anUnreachableExcludeIsAWarningThatSaysWhatItCosts() throws {
        let file = #"{"applinks":{"details":[{"appIDs":["\#(Apps.main)"],"components":[{"/":"/*"},{"/":"/private/*","exclude":true}]}]}}"#
        let report = AASAValidator().validate(data: Data(file.utf8))
        let finding = try #require(report.findings.first { $0.code == .shadowedComponent })
        #expect(finding.severity == .warning)
        #expect(finding.message.contains("open the app"))
        #expect(report.isValid)
        #expect(try AASAFixture.matcher(file).match("https://example.com/private/x", appID: Apps.main).outcome == .match)
    }
}
