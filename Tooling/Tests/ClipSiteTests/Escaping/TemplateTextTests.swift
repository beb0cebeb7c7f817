import ClipSite
import ClipTestSupport
import Mustache
import Testing

@Suite struct TemplateTextTests {
    let attribute = try! MustacheTemplate(string: #"<meta content="{{value}}"><p>{{value}}</p>"#)

    @Test func combiningMarksCannotHideAQuoteFromEscaping() {
        let hostile = "\"\u{301}><img src=x onerror=alert(1)>"
        // The hazard being closed: the engine alone leaves the quote raw.
        let raw = attribute.render(["value": hostile])
        let quoteWithMark = "\"\u{301}&gt;"
        #expect(raw.contains(quoteWithMark))
        let safe = attribute.render(["value": TemplateText.sanitized(hostile)])
        #expect(!safe.contains("<img"))
        #expect(safe.contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"))
    }

    @Test func prependedMarksAreSeparatedToo() {
        let hostile = "\u{600}\"><script>"
        let safe = attribute.render(["value": TemplateText.sanitized(hostile)])
        #expect(!safe.contains("<script>"))
        #expect(safe.contains("&quot;&gt;&lt;script&gt;"))
    }

    @Test func controlAndDirectionalCharactersAreDropped() {
        #expect(TemplateText.sanitized("a\u{0}b\u{7}c\u{202E}d\u{2066}e\u{FEFF}") == "abcde")
        #expect(TemplateText.sanitized("line\nbreak\ttab") == "line break tab")
    }

    @Test func textIsCutAtTheLimit() {
        let cut = TemplateText.sanitized(String(repeating: "x", count: 1000), maximumLength: 10)
        #expect(cut.count == 10)
        #expect(cut.hasSuffix("…"))
    }

    @Test func ordinaryTextIsKept() {
        #expect(TemplateText.sanitized("Zoë 🚗 Müller — O'Brien") == "Zoë 🚗 Müller — O'Brien")
    }

    /// Seeded mutations of hostile strings: markup characters mixed with combining, prepended and
    /// joining scalars. After sanitising, the engine's output never holds a raw markup scalar
    /// from the value.
    @Test func fuzzedValuesAreAlwaysFullyEscaped() {
        var generator = SeededGenerator(seed: 0xC11B_5173)
        let pieces: [String] = ["<", ">", "&", "\"", "'", "\u{301}", "\u{600}", "\u{200D}", "\u{FE0F}", "a", "é", "🚗",
                                "\u{1F3FB}", "\u{0E33}", "\u{1100}", "\u{1161}", "\u{20E3}", " ", "=", "/", "\u{E000}"]
        let template = try! MustacheTemplate(string: "[{{value}}]")
        for _ in 0..<5_000 {
            let length = Int.random(in: 1...24, using: &generator)
            let value = (0..<length).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let output = template.render(["value": TemplateText.sanitized(value)])
            let inner = output.dropFirst().dropLast()
            #expect(!inner.unicodeScalars.contains { "<>\"'".unicodeScalars.contains($0) }, "unescaped markup for \(value.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test func escapingForHTMLLeavesNothingXMLForbids() {
        // XML 1.0's Char production: tab, line feed, carriage return, U+0020 up; not U+FFFE or U+FFFF.
        let every = String(String.UnicodeScalarView((0..<0x80).compactMap(Unicode.Scalar.init) + ["\u{FFFE}", "\u{FFFF}", "\u{FFFD}", "é"]))
        let escaped = TemplateText.escapedForHTML(every)
        for scalar in escaped.unicodeScalars {
            let allowed = scalar == "\t" || scalar == "\n" || scalar == "\r" || (scalar.value >= 0x20 && scalar.value != 0xFFFE && scalar.value != 0xFFFF)
            #expect(allowed, "U+\(String(scalar.value, radix: 16)) is left in")
        }
        #expect(TemplateText.escapedForHTML("a\u{1}b\tc\u{FFFF}<&>\"'") == "a\u{FFFD}b\tc\u{FFFD}&lt;&amp;&gt;&quot;&#39;")
        #expect(escaped.unicodeScalars.filter { $0 == "\u{FFFD}" }.count == 32 - 3 + 2 + 1, "29 controls, two non-characters and the one already there")
    }
}
