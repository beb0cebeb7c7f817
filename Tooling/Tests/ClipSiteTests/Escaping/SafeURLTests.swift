import ClipSite
import ClipTestSupport
import Foundation
import Testing

@Suite struct SafeURLTests {
    @Test func acceptsHTTPSURLs() {
        #expect(SafeURL.https("https://example.com/a.png") == "https://example.com/a.png")
        #expect(SafeURL.https("https://cdn.example.com/p/a%20b.jpg?size=2") == "https://cdn.example.com/p/a%20b.jpg?size=2")
    }

    @Test(arguments: [
        "javascript:alert(1)", "JaVaScRiPt:alert(1)", " javascript:alert(1)", "data:image/png;base64,AAAA",
        "http://example.com/a.png", "//example.com/a.png", "https://", "https://user:pw@example.com/",
        "https://exa mple.com/", "https://example.com/\u{0}", "vbscript:msgbox", "", "https://[::1]/",
        "https://example.com/%zz", "https://example.com/%4", "https://example.com/a b",
    ])
    func rejectsAnythingElse(_ text: String) {
        #expect(SafeURL.https(text) == nil)
    }

    @Test func quotesAndAnglesAreEncoded() throws {
        let url = try #require(SafeURL.https("https://example.com/\"><img/src=x/onerror=alert(1)>"))
        #expect(!url.contains("\""))
        #expect(!url.contains("<"))
        #expect(!url.contains(">"))
        #expect(url.hasPrefix("https://example.com/%22%3E%3Cimg"))
    }

    @Test func overLongURLsAreRejected() {
        #expect(SafeURL.https("https://example.com/" + String(repeating: "a", count: 3000)) == nil)
    }

    @Test func fuzzedURLsNeverYieldMarkupOrAnotherScheme() {
        var generator = SeededGenerator(seed: 42)
        let seeds = ["https://example.com/a.png", "https://cdn.example.org/u/1?x=1#f", "javascript:alert(1)"]
        let inserts = ["\"", "'", "<", ">", " ", "\u{0}", "%", "javascript:", ":", "/", "@", "\\", "\u{301}", "é", "#", "?"]
        for _ in 0..<5_000 {
            var text = Array(seeds.randomElement(using: &generator)!)
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let position = Int.random(in: 0...text.count, using: &generator)
                if Bool.random(using: &generator), !text.isEmpty {
                    text.remove(at: min(position, text.count - 1))
                } else {
                    text.insert(contentsOf: inserts.randomElement(using: &generator)!, at: position)
                }
            }
            guard let safe = SafeURL.https(String(text)) else { continue }
            #expect(safe.hasPrefix("https://"))
            #expect(!safe.contains { "\"'<> \\".contains($0) })
        }
    }
}
