import ClipAASA
@_spi(ClipKitTooling) import ClipKit
import ClipTestSupport
import Foundation
import Testing

/// The conformance corpus: URLs and files with the verdicts Apple's `swcutil` gave, each naming
/// its source (see the file's `sources`). Every case must get Apple's answer.
struct SwcutilCorpus {
    struct Case: Sendable {
        let family: String
        let source: String
        let origin: String
        let file: JSONValue
        let url: String
        let appID: String
        let domain: String
        let verdict: AASAMatchResult.Outcome
    }

    static let location = "Tooling/Tests/ClipAASATests/Fixtures/Conformance/swcutil-cases.json"
    static let defaultApp = "ABCDE12345.com.example.app"

    let cases: [Case]
    let sources: [String]

    static func load() throws -> SwcutilCorpus {
        let data = try Data(contentsOf: TestEnvironment.file(location))
        let root = try JSONValue(strictlyParsing: data)
        let documents = root["documents"]?.objectValue ?? [:]
        let sources = root["sources"]?.objectValue ?? [:]
        var cases: [Case] = []
        for entry in root["cases"]?.arrayValue ?? [] {
            let file: JSONValue
            if let name = entry["document"]?.stringValue {
                file = try #require(documents[name], "unknown document \(name)")
            } else if let inline = entry["file"] {
                file = inline
            } else {
                let rule = try #require(entry["rule"], "a case needs a document, a file or a rule")
                file = .object(["applinks": .object(["details": .array([.object(["appIDs": .array([.string(defaultApp)]), "components": .array([rule])])])])])
            }
            let source = try #require(entry["source"]?.stringValue)
            #expect(sources[source] != nil, "case \(entry["origin"]?.stringValue ?? "?") names the unknown source \(source)")
            cases.append(Case(
                family: try #require(entry["family"]?.stringValue), source: source,
                origin: try #require(entry["origin"]?.stringValue), file: file,
                url: try #require(entry["url"]?.stringValue),
                appID: entry["appID"]?.stringValue ?? defaultApp, domain: entry["domain"]?.stringValue ?? "example.com",
                verdict: try #require(AASAMatchResult.Outcome(rawValue: entry["verdict"]?.stringValue ?? ""))
            ))
        }
        return SwcutilCorpus(cases: cases, sources: sources.keys.sorted())
    }
}

@Suite struct SwcutilConformanceTests {
    @Test func everyCaseGetsApplesVerdict() throws {
        let corpus = try SwcutilCorpus.load()
        #expect(corpus.cases.count >= 150)
        var passed: [String: Int] = [:]
        var total: [String: Int] = [:]
        var bySource: [String: Int] = [:]
        for testCase in corpus.cases {
            total[testCase.family, default: 0] += 1
            bySource[testCase.source, default: 0] += 1
            let document = try AASADocument(json: testCase.file)
            let matcher = AASAMatcher(document: document)
            let answer = try matcher.match(testCase.url, appID: testCase.appID, domain: testCase.domain).outcome
            #expect(answer == testCase.verdict, "\(testCase.source) \(testCase.origin): \(testCase.url) is \(testCase.verdict.rawValue) for swcutil, \(answer.rawValue) for ClipKit")
            let explanation = try matcher.explain(testCase.url, appID: testCase.appID, domain: testCase.domain)
            #expect(explanation.result == answer, "\(testCase.origin): the explanation and the answer disagree")
            if answer == testCase.verdict { passed[testCase.family, default: 0] += 1 }
        }
        print("AASA conformance against swcutil: \(passed.values.reduce(0, +))/\(corpus.cases.count) cases")
        for family in total.keys.sorted() {
            print("  \(family.padding(toLength: 18, withPad: " ", startingAt: 0)) \(passed[family, default: 0])/\(total[family, default: 0])")
        }
        for source in bySource.keys.sorted() { print("  source \(source): \(bySource[source, default: 0]) cases") }
    }

    /// A file with which `swcutil` opened or blocked a URL is one Apple uses: `aasa validate`
    /// must not call it invalid.
    @Test func noFileAppleUsesIsInvalid() throws {
        let corpus = try SwcutilCorpus.load()
        var checked = 0
        for testCase in corpus.cases where testCase.verdict != .unset {
            let data = testCase.file.serialized()
            let report = AASAValidator().validate(data: data)
            let errors = report.findings.filter { $0.severity == .error }
            #expect(errors.isEmpty, "\(testCase.origin): Apple uses this file, ClipKit reports \(errors.map(\.description))")
            checked += 1
        }
        #expect(checked > 90)
    }

    /// `--explain` on one case of each rule family: the deciding step is the component the answer
    /// names, every component before it says why it did not match, and nothing after it ran.
    @Test func explanationNamesTheDecidingComponentInEveryFamily() throws {
        let corpus = try SwcutilCorpus.load()
        var families: Set<String> = []
        for testCase in corpus.cases where families.insert(testCase.family).inserted || testCase.verdict != .unset {
            let matcher = AASAMatcher(document: try AASADocument(json: testCase.file))
            let explanation = try matcher.explain(testCase.url, appID: testCase.appID, domain: testCase.domain)
            #expect(explanation.result == testCase.verdict, "\(testCase.origin)")
            #expect(!explanation.summary.isEmpty)
            let steps = explanation.steps.filter { $0.appID == testCase.appID }
            if let detail = explanation.detailIndex, let component = explanation.componentIndex {
                let deciding = try #require(steps.firstIndex { $0.verdict == .matched || $0.verdict == .blocked }, "\(testCase.origin)")
                #expect(steps[deciding].detailIndex == detail && steps[deciding].componentIndex == component, "\(testCase.origin)")
                #expect(steps[deciding].verdict == (testCase.verdict == .block ? .blocked : .matched))
                #expect(steps[..<deciding].allSatisfy { ($0.verdict == .noMatch || $0.verdict == .skipped) && !$0.reason.isEmpty }, "\(testCase.origin)")
                #expect(steps[(deciding + 1)...].allSatisfy { $0.verdict == .notReached || $0.verdict == .skipped }, "\(testCase.origin)")
            } else {
                #expect(steps.allSatisfy { $0.verdict == .noMatch || $0.verdict == .skipped }, "\(testCase.origin)")
            }
        }
        #expect(families.count >= 12)
    }
}
