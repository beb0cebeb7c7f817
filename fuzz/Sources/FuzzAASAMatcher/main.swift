// libFuzzer target: Apple-exact AASA pattern matching (ClipAASA's AASAMatcher). One input is a URL,
// a newline, then an AASA document; the document's patterns are compiled and the URL matched for
// every app. Matching the same URL twice gives the same answer; the explanation gives the answer
// the match gives; a URL on another host than the file's domain is unset; and the validator, which
// reads the same rule engine, never calls the component that decided "never matches" or "never
// reached".
import ClipAASA
import Foundation
import FuzzDriver
import FuzzSupport

let validator = AASAValidator()
let neverDeciding: Set<AASAFinding.Code> = [.unencodedCharacter, .badPercentEscape, .fragmentInPath, .shadowedComponent]

runFuzzer { data, size in
    let (head, rest) = FuzzInput(data, size).split(at: 0x0A)
    guard let document = try? AASADocument(parsing: Data(rest)) else { return 0 }
    let matcher = AASAMatcher(document: document)
    let url = String(decoding: head, as: UTF8.self)
    guard let results = try? matcher.matchForEveryApp(url) else { return 0 }
    require(results.count == matcher.applicationIdentifiers.count,
            "\(results.count) results for \(matcher.applicationIdentifiers.count) apps")
    guard let appID = matcher.applicationIdentifiers.first else { return 0 }
    let once = try? matcher.match(url, appID: appID)
    let twice = try? matcher.match(url, appID: appID)
    require(once == twice, "matching the same URL twice gave different answers")
    let explained = try? matcher.explain(url, appID: appID)
    require(explained?.result == once?.outcome && explained?.componentIndex == once?.componentIndex,
            "the explanation and the match disagree")
    if url.contains("://") {
        let elsewhere = try? matcher.match(url, appID: appID, domain: "other-host.invalid")
        require(elsewhere?.outcome == .unset, "a URL on another host than the file's domain was not unset")
    }
    if let once, let detail = once.detailIndex, let component = once.componentIndex {
        let report = validator.validate(data: Data(rest))
        let path = "$.applinks.details[\(detail)].components[\(component)]"
        let contradiction = report.findings.first { neverDeciding.contains($0.code) && ($0.path == path || $0.path.hasPrefix(path + "[")) }
        require(contradiction == nil, "\(path) decided \(url), but the validator says: \(contradiction?.description ?? "")")
    }
    return 0
}
