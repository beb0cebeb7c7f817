@_spi(ClipKitTooling) import ClipNostr
import Foundation
import ClipTestSupport
import Testing

/// NIP-01's serialization for ids: seven short escapes, other control characters as lowercase
/// `\u00xx`, everything else verbatim.
@Suite struct CanonicalSerializationTests {
    func serialization(content: String, tags: [[String]] = []) -> String {
        let event = NostrEvent(id: "", pubkey: "ab", createdAt: 1_700_000_000, kind: 1, tags: tags, content: content, signature: "")
        return String(decoding: event.canonicalSerialization(), as: UTF8.self)
    }

    @Test func theLayoutIsCompactWithTheFieldsInOrder() {
        #expect(serialization(content: "hi", tags: [["e", "x"], ["p", "y", "z"]]) == #"[0,"ab",1700000000,1,[["e","x"],["p","y","z"]],"hi"]"#)
        #expect(serialization(content: "") == #"[0,"ab",1700000000,1,[],""]"#)
    }

    @Test func theSevenShortEscapes() {
        #expect(serialization(content: "\n\"\\\r\t\u{08}\u{0C}").hasSuffix(#","\n\"\\\r\t\b\f"]"#))
    }

    @Test(arguments: Array(0..<0x20))
    func otherControlCharactersUseLowercaseUnicodeEscapes(_ code: Int) throws {
        let scalar = try #require(Unicode.Scalar(code))
        let short: [Int: String] = [0x08: #"\b"#, 0x09: #"\t"#, 0x0A: #"\n"#, 0x0C: #"\f"#, 0x0D: #"\r"#]
        let expected = short[code] ?? String(format: "\\u%04x", code)
        #expect(serialization(content: String(Character(scalar))).hasSuffix("\"\(expected)\"]"))
    }

    @Test func everythingElseIsVerbatim() {
        let content = "/ \u{7F} \u{2028}\u{2029} é 🚗 司机 \u{202E} </script>"
        #expect(serialization(content: content).hasSuffix("\"\(content)\"]"))
    }

    @Test func tagsAreEscapedLikeContent() {
        #expect(serialization(content: "", tags: [["a\nb", "\u{01}/"]]).contains(#"[["a\nb","\u0001/"]]"#))
    }

    /// Strings with escapes at every offset of the word-at-a-time scan, against a plain
    /// character-by-character escaper.
    @Test func escapingMatchesAPlainReferenceAtEveryOffset() {
        let pieces: [String] = ["a", "é", "🚗", "\"", "\\", "\n", "\r", "\t", "\u{08}", "\u{0C}", "\u{00}", "\u{01}", "\u{1F}", "\u{7F}", "/", " ", "\u{2028}"]
        var mutator = SeededMutator(seed: 0x5EED_E5C)
        for _ in 0..<3_000 {
            let content = (0..<mutator.below(40)).map { _ in mutator.pick(pieces) }.joined()
            #expect(serialization(content: content) == #"[0,"ab",1700000000,1,[],"# + ReferenceJSONEscaper.quoted(content) + "]")
        }
    }

    @Test func theComputedIDIsTheSHA256OfTheSerialization() throws {
        let event = try SampleEvents.decode(SampleEvents.noteJSON)
        #expect(event.computedID() == "6f7279c6dfefd019c76fee673d764f933c9645a7c6b8d5dc384c3138ee0e07ed")
        #expect(event.computedID() == event.id)
    }

    @Test func foundationsEncoderWouldGiveAnotherID() throws {
        // JSONEncoder escapes "/", which is why the serialization is written by hand.
        let event = try SampleEvents.decode(SampleEvents.noteJSON)
        let encoded = try JSONEncoder().encode([event.content])
        #expect(String(decoding: encoded, as: UTF8.self).contains(#"\/"#))
        #expect(!String(decoding: event.canonicalSerialization(), as: UTF8.self).contains(#"\/"#))
    }
}
