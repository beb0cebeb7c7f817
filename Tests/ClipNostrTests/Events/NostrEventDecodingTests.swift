@_spi(ClipKitTooling) import ClipKit
@_spi(ClipKitTooling) import ClipNostr
import Testing

/// Decoding events from untrusted JSON keeps content exactly and refuses ambiguous input.
@Suite struct NostrEventDecodingTests {
    static let base = #"{"id":"00","pubkey":"11","created_at":5,"kind":1,"tags":[["t","x"]],"content":"CONTENT","sig":"22"}"#

    func decode(_ json: String) -> Result<NostrEvent, EventDecodingError> {
        Result { () throws(EventDecodingError) in try NostrEvent(checkingJSONData: Array(json.utf8), limits: .standard) }
    }

    func withContent(_ literal: String) -> String {
        Self.base.replacingOccurrences(of: "\"CONTENT\"", with: literal)
    }

    @Test func fieldsAreRead() throws {
        let event = try decode(Self.base).get()
        #expect(event == NostrEvent(id: "00", pubkey: "11", createdAt: 5, kind: 1, tags: [["t", "x"]], content: "CONTENT", signature: "22"))
    }

    @Test func contentKeepsEveryCharacter() throws {
        let event = try decode(withContent(#""a\u2028b\u0000c\/d\ud83d\ude97e\u00e9""#)).get()
        #expect(event.content == "a\u{2028}b\u{0}c/d🚗eé")
        let raw = try decode(withContent("\"e\u{301} \u{2029} \u{FEFF}\"")).get()
        #expect(raw.content == "e\u{301} \u{2029} \u{FEFF}")
        #expect(raw.content.unicodeScalars.count == 6)
    }

    @Test(arguments: [
        (#""\ud800""#, "lone high surrogate"),
        (#""\udc00x""#, "lone low surrogate"),
        (#""\ud800\u0041""#, "high surrogate then a non-surrogate"),
        ("\"a\u{01}b\"", "raw control character"),
        (#""\x41""#, "unknown escape"),
        (#""\u12""#, "short unicode escape"),
    ])
    func contentThatCannotBeSignedExactlyIsRejected(_ literal: String, _ why: String) {
        guard case .failure(.invalidJSON) = decode(withContent(literal)) else {
            Issue.record("\(why) was accepted")
            return
        }
    }

    @Test func invalidUTF8IsRejected() throws {
        var bytes = Array(Self.base.utf8)
        let index = try #require(bytes.firstIndex(of: UInt8(ascii: "C")))
        bytes[index] = 0xFF
        guard case .failure(.invalidJSON) = Result(catching: { () throws(EventDecodingError) in try NostrEvent(checkingJSONData: bytes, limits: .standard) }) else {
            Issue.record("invalid UTF-8 was accepted")
            return
        }
    }

    @Test func duplicateKeysAreRejected() {
        let json = Self.base.replacingOccurrences(of: #""kind":1,"#, with: #""kind":1,"kind":0,"#)
        guard case .failure(.invalidJSON(let error)) = decode(json) else {
            Issue.record("duplicate kind was accepted")
            return
        }
        #expect(error.detail.contains("twice"))
    }

    @Test func integersMustBeExact() {
        for replacement in [#""created_at":5.0"#, #""created_at":5e0"#, #""created_at":99999999999999999999"#, #""created_at":"5""#] {
            let json = Self.base.replacingOccurrences(of: #""created_at":5"#, with: replacement)
            #expect((try? decode(json).get()) == nil, "\(replacement) was accepted")
        }
        let negative = Self.base.replacingOccurrences(of: #""created_at":5"#, with: #""created_at":-5"#)
        #expect((try? decode(negative).get())?.createdAt == -5, "negative times decode; the verifier rejects them")
    }

    @Test func missingAndMistypedFieldsAreNamed() {
        let missing = Self.base.replacingOccurrences(of: #","sig":"22""#, with: "")
        #expect(decode(missing) == .failure(.missingField("sig")))
        let mistyped = Self.base.replacingOccurrences(of: #""tags":[["t","x"]]"#, with: #""tags":[["t",1]]"#)
        #expect(decode(mistyped) == .failure(.wrongType(field: "tags", expected: "an array of arrays of strings")))
        #expect(decode("[]") == .failure(.notAnObject(found: "an array")))
    }

    @Test func unknownMembersAreIgnored() throws {
        let json = Self.base.replacingOccurrences(of: "{", with: #"{"seen_on":["wss://x"],"#)
        #expect(try decode(json).get().content == "CONTENT")
    }

    @Test func oversizedJSONIsRejectedBeforeParsing() {
        let limits = EventLimits(maximumJSONBytes: 64)
        let result = Result { () throws(EventDecodingError) in try NostrEvent(checkingJSONData: Array(Self.base.utf8), limits: limits) }
        #expect(result == .failure(.tooLarge(bytes: Self.base.utf8.count, limit: 64)))
    }

    @Test func clipNostrsJSONRoundTrips() throws {
        let event = try SampleEvents.decode(SampleEvents.noteJSON)
        let again = try NostrEvent(jsonData: event.jsonData())
        #expect(again == event)
    }
}
