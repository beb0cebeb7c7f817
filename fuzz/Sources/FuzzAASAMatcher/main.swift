// libFuzzer target: Apple-exact AASA pattern matching (ClipSite's AASAMatcher). One input is a URL,
// a newline, then an AASA document; the document's patterns are compiled and the URL matched for
// every app. Matching the same URL twice gives the same answer.
import ClipAASA
import Foundation
import FuzzDriver
import FuzzSupport

runFuzzer { data, size in
    let (head, rest) = FuzzInput(data, size).split(at: 0x0A)
    guard let document = try? AASADocument(parsing: Data(rest)) else { return 0 }
    let matcher = AASAMatcher(document: document)
    let url = String(decoding: head, as: UTF8.self)
    guard let results = try? matcher.matchForEveryApp(url) else { return 0 }
    require(results.count == matcher.applicationIdentifiers.count,
            "\(results.count) results for \(matcher.applicationIdentifiers.count) apps")
    if let appID = matcher.applicationIdentifiers.first {
        let once = try? matcher.match(url, appID: appID)
        let twice = try? matcher.match(url, appID: appID)
        require(once == twice, "matching the same URL twice gave different answers")
    }
    return 0
}
