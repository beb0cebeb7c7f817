@_spi(ClipKitTooling) import ClipKit
import ClipTestSupport
import Foundation
import Testing

/// The one JSON string escaper: what JSON (and NIP-01's id serialization) requires, and the
/// further escapes for script elements and files.
@Suite struct JSONStringTests {
    @Test func onlyWhatJSONRequiresIsEscaped() {
        #expect(JSONString.quoted("a/b") == #""a/b""#)
        #expect(JSONString.quoted("quote\"back\\slash") == #""quote\"back\\slash""#)
        #expect(JSONString.quoted("\u{8}\u{9}\u{A}\u{C}\u{D}") == #""\b\t\n\f\r""#)
        #expect(JSONString.quoted("\u{0}\u{1}\u{B}\u{1F}") == #""\u0000\u0001\u000b\u001f""#)
        #expect(JSONString.quoted("\u{7F}\u{2028}\u{2029}<>&😀é") == "\"\u{7F}\u{2028}\u{2029}<>&😀é\"")
        for byte in 0..<0x20 {
            let text = String(UnicodeScalar(UInt8(byte)))
            #expect(JSONString.quoted(text) == ReferenceJSONEscaper.quoted(text), "U+\(String(byte, radix: 16))")
        }
    }

    @Test func longTextTakesTheWordAtATimePathAndAgrees() {
        // Eight-byte words with and without escapes, and a tail that is not a whole word.
        let text = "plain text, no escapes\u{1}\"in\\ this one\n and a tail"
        #expect(JSONString.quoted(text) == ReferenceJSONEscaper.quoted(text))
        var bytes: [UInt8] = Array("prefix".utf8)
        JSONString.append(text, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "prefix" + ReferenceJSONEscaper.quoted(text))
    }

    @Test func bothPathsWriteWhatJSONRequiresTheSameWay() {
        var generator = SeededGenerator(seed: 0x15C4_9E01)
        for caseNumber in 0..<3_000 {
            let text = JSONValueSerializationTests.randomString(using: &generator)
                + String(repeating: generator.pick(["a", "\"", "\n", "\u{1}", "é"]), count: generator.below(20))
            let expected = ReferenceJSONEscaper.quoted(text)
            #expect(JSONString.quoted(text) == expected, "case \(caseNumber)")
            // Further escapes change only their own characters; the rest is written the same way.
            let hasNoMarkup = !text.unicodeScalars.contains { "<>&".unicodeScalars.contains($0) }
            if hasNoMarkup {
                #expect(JSONString.quoted(text, escaping: JSONString.Escaping(markup: true)) == expected, "case \(caseNumber)")
            }
        }
    }

    @Test func furtherEscapesAreUnicodeEscapes() {
        #expect(JSONString.quoted("</script>&", escaping: JSONString.Escaping(markup: true)) == #""\u003c/script\u003e\u0026""#)
        #expect(JSONString.quoted("a\u{2028}b\u{2029}", escaping: JSONString.Escaping(lineSeparators: true)) == #""a\u2028b\u2029""#)
        #expect(JSONString.quoted("\u{7F}", escaping: JSONString.Escaping(deleteCharacter: true)) == #""\u007f""#)
        #expect(JSONString.quoted("\u{7F}\u{2028}<", escaping: .editorSafe) == #""\u007f\u2028<""#)
        // Only the two separators: other characters that start with the byte E2 stay as they are.
        #expect(JSONString.quoted("\u{2027}\u{202A}\u{20AC}\u{2028}", escaping: .editorSafe) == "\"\u{2027}\u{202A}\u{20AC}\\u2028\"")
        #expect(JSONString.quoted("<\u{2028}\u{7F}", escaping: .scriptSafe) == "\"\\u003c\\u2028\u{7F}\"")
        #expect(JSONString.quoted("\"\n\u{1}é😀", escaping: .scriptSafe) == "\"\\\"\\n\\u0001é😀\"")
    }

    @Test func scriptEndTagsCannotCloseTheElement() throws {
        let value = JSONValue.object(["page": .string("</script><script>alert(1)</script><!-- & \u{2028}")])
        let text = String(decoding: value.serialized(escaping: .scriptSafe), as: UTF8.self)
        #expect(!text.contains("<"))
        #expect(!text.contains(">"))
        #expect(!text.contains("&"))
        #expect(!text.contains("\u{2028}"))
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: String]
        #expect(parsed?["page"] == "</script><script>alert(1)</script><!-- & \u{2028}")
    }
}
