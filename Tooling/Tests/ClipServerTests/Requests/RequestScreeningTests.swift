import ClipServer
import Foundation
import Testing

@Suite struct RequestScreeningTests {
    @Test(arguments: ["/", "/share/d/npub1abc", "/start/alice.bsky.social/3kabc", "/caf%C3%A9", "/a/.b/c..", "/%2e%2e%2e"])
    func ordinaryPathsAreAccepted(_ path: String) {
        #expect(RequestScreening.isAcceptable(path: Substring(path)))
    }

    @Test(arguments: [
        "", "share", "/..", "/../x", "/a/../b", "/a/./b", "/%2e%2e/x", "/%2E%2e", "/.%2e/", "/a%2fb", "/a%2Fb", "/a%5cb",
        "/a\\b", "/a b", "/a%00", "/a%0a", "/a%7f", "/%", "/%4", "/%zz", "/é", "/a\u{7F}",
    ])
    func hostilePathsAreRefused(_ path: String) {
        #expect(!RequestScreening.isAcceptable(path: Substring(path)))
    }

    /// Seeded mutations of valid paths: whatever is accepted decodes to segments that are
    /// neither `.` nor `..`, hold no `/`, `\` or control character, and came as printable ASCII.
    @Test func fuzzedPathsThatPassAreSafe() {
        var generator = FuzzGenerator(seed: 0xA11_0C8)
        let seeds = ["/share/d/npub1qpzry9x8gf", "/start/alice.bsky.social/3kabc", "/.well-known/apple-app-site-association"]
        let pieces = ["/", ".", "..", "%", "%2e", "%2f", "%5c", "%00", "%41", "\\", " ", "é", "%e2%80%ae", "%2E%2E", "a"]
        for _ in 0..<20_000 {
            var path = seeds[Int(generator.next() % UInt64(seeds.count))]
            for _ in 0..<(1 + Int(generator.next() % 5)) {
                let piece = pieces[Int(generator.next() % UInt64(pieces.count))]
                let offset = Int(generator.next() % UInt64(path.count + 1))
                path.insert(contentsOf: piece, at: path.index(path.startIndex, offsetBy: offset))
            }
            guard RequestScreening.isAcceptable(path: Substring(path)) else { continue }
            #expect(path.hasPrefix("/"))
            #expect(path.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F && $0 != "\\" })
            for raw in path.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
                guard let decoded = raw.removingPercentEncoding else {
                    // Valid escapes of bytes that are not UTF-8 may not decode to a string; they still hold no separator.
                    continue
                }
                #expect(decoded != "." && decoded != "..", "accepted \(path)")
                #expect(!decoded.contains("/") && !decoded.contains("\\"), "accepted \(path)")
                #expect(!decoded.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "accepted \(path)")
            }
        }
    }
}
