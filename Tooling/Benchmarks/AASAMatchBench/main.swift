// Benchmark: ClipSite's AASA matcher against the same patterns translated to regular expressions
// (NSRegularExpression, ICU's backtracking engine), which is how many AASA tools match.
//
// Build and run: swift run --package-path Tooling -c release aasa-match-bench
import ClipAASA
import Foundation

struct Row {
    let name: String
    let clipkit: Double
    let regex: Double
    let unit: String
}

func seconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// The regular expression for an AASA path pattern: `*` is `.*`, `?` is `.`, the rest literal.
func regex(for pattern: String) throws -> NSRegularExpression {
    var text = "^"
    for character in pattern {
        switch character {
        case "*": text += ".*"
        case "?": text += "."
        default: text += NSRegularExpression.escapedPattern(for: String(character))
        }
    }
    return try NSRegularExpression(pattern: text + "$", options: [.dotMatchesLineSeparators])
}

func regexMatches(_ expression: NSRegularExpression, _ path: String) -> Bool {
    expression.firstMatch(in: path, range: NSRange(path.startIndex..., in: path)) != nil
}

let appID = "ABCDE12345.com.example.app"
let file = #"""
{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[
  {"/":"/help/website/*","exclude":true},{"/":"/buy/*"},{"/":"/share/d/*"},{"/":"/share/r/*"},
  {"/":"/start/*/*"},{"/":"/starter-pack/*/*"},{"/":"/profile/?*"},{"/":"/help/*"}]}]}}
"""#
let patterns = ["/help/website/*", "/buy/*", "/share/d/*", "/share/r/*", "/start/*/*", "/starter-pack/*/*", "/profile/?*", "/help/*"]
let excluded: Set<Int> = [0]
let matcher = AASAMatcher(document: try AASADocument(parsing: Data(file.utf8)))
let expressions = try patterns.map(regex(for:))
let paths = [
    "/share/d/npub10xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqpkge6d", "/start/alice.bsky.social/3jzfcijpj2z2a",
    "/help/website/contact", "/about", "/buy/shoes/42", "/starter-pack/did:plc:ewvi7nxzyoun6zhxrhs64oiz/3k", "/profile/x", "/nothing/here",
]

var rows: [Row] = []

// 1. Typical URLs against a typical file: decisions per second.
let rounds = 20_000
var sink = 0
let ours = seconds {
    for _ in 0..<rounds {
        for path in paths where (try? matcher.match("https://example.com" + path, appID: appID))?.outcome == .match { sink += 1 }
    }
}
let theirs = seconds {
    for _ in 0..<rounds {
        for path in paths {
            if let index = expressions.indices.first(where: { regexMatches(expressions[$0], path) }), !excluded.contains(index) { sink += 1 }
        }
    }
}
let decisions = Double(rounds * paths.count)
rows.append(Row(name: "typical file, 8 URLs (decisions/s)", clipkit: decisions / ours, regex: decisions / theirs, unit: "/s"))

// 2. Pathological: k stars against a run of 'a's that never ends in 'b'.
for (stars, length) in [(4, 20), (6, 24), (8, 28), (12, 32)] {
    let pattern = "/" + String(repeating: "*a", count: stars) + "*b"
    let single = try AASAFixtureFree.matcher(pattern)
    let expression = try regex(for: pattern)
    let path = "/" + String(repeating: "a", count: length)
    let oursTime = seconds { for _ in 0..<100 { if (try? single.match(path, appID: appID))?.outcome == .match { sink += 1 } } } / 100
    let regexTime = seconds { if regexMatches(expression, path) { sink += 1 } }
    rows.append(Row(name: "\(stars) stars vs \(length) chars, no match (s per URL)", clipkit: oursTime, regex: regexTime, unit: "s"))
}

enum AASAFixtureFree {
    static func matcher(_ pattern: String) throws -> AASAMatcher {
        let json = #"{"applinks":{"details":[{"appIDs":["\#(appID)"],"components":[{"/":"\#(pattern)"}]}]}}"#
        return AASAMatcher(document: try AASADocument(parsing: Data(json.utf8)))
    }
}

print("| measurement | ClipSite matcher | regex (NSRegularExpression) | ratio |")
print("|---|---:|---:|---:|")
for row in rows {
    let ratio = row.unit == "/s" ? row.clipkit / row.regex : row.regex / row.clipkit
    let format = row.unit == "/s" ? "%.0f" : "%.6f"
    print("| \(row.name) | \(String(format: format, row.clipkit)) | \(String(format: format, row.regex)) | \(String(format: "%.1f", ratio))× |")
}
if sink == -1 { print(sink) }
