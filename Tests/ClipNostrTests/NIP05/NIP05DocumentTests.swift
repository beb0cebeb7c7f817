@_spi(ClipKitTooling) import ClipNostr
import Foundation
import Testing

/// The nostr.json reader: NIP-05's shape, read strictly, keys checked, relay hints checked and capped.
/// (The fetch itself is tested against nginx on loopback in the tooling package's ClipSiteTests.)
struct NIP05DocumentTests {
    static let url = URL(string: "https://roadflare.app/.well-known/nostr.json?name=maria")!
    static let maria = String(repeating: "a1", count: 32)
    static let other = String(repeating: "b2", count: 32)

    func document(_ text: String, maximumBytes: Int = NIP05Document.defaultMaximumBytes, maximumRelayHints: Int = 8) throws(NIP05Error) -> NIP05Document {
        try NIP05Document(parsing: Array(text.utf8), url: Self.url, maximumBytes: maximumBytes, maximumRelayHints: maximumRelayHints)
    }

    @Test func aListedNameGivesItsKeyAndRelays() throws {
        let body = #"{"names":{"maria":"\#(Self.maria)"},"relays":{"\#(Self.maria)":["wss://relay.roadflare.app","wss://nos.lol"]}}"#
        let identity = try #require(try document(body).lookUp(NIP05Address("Maria@roadflare.app")))
        #expect(identity.publicKey == Self.maria)
        #expect(identity.relayHints.map(\.string) == ["wss://relay.roadflare.app", "wss://nos.lol"])
        #expect(identity.address.description == "maria@roadflare.app")
    }

    @Test func anAbsentNameIsNotListed() throws {
        let found = try document(#"{"names":{"bob":"\#(Self.other)"}}"#).lookUp(NIP05Address("maria@roadflare.app"))
        #expect(found == nil)
    }

    @Test func aNameSpelledInAnotherCaseMatchesWhenItIsTheOnlyOne() throws {
        let single = try document(#"{"names":{"Maria":"\#(Self.maria)"}}"#).lookUp(NIP05Address("maria@roadflare.app"))
        #expect(single?.publicKey == Self.maria)
        let ambiguous = try document(#"{"names":{"Maria":"\#(Self.maria)","MARIA":"\#(Self.other)"}}"#)
            .lookUp(NIP05Address("maria@roadflare.app"))
        #expect(ambiguous == nil)
    }

    @Test(arguments: [
        String(repeating: "A1", count: 32),             // uppercase hex
        String(repeating: "a1", count: 31),             // 62 characters
        String(repeating: "g1", count: 32),             // not hex
        "npub1sg6plzptd64u62a878hep2kev88swjh3tw00gjsfl8f237lmu63q0uf63m",
    ])
    func aListedValueThatIsNotAHexKeyIsRefused(value: String) throws {
        #expect(throws: NIP05Error.invalidPublicKey(url: Self.url, name: "maria", value: value)) {
            try document(#"{"names":{"maria":"\#(value)"}}"#).lookUp(NIP05Address("maria@roadflare.app"))
        }
    }

    @Test func malformedJSONIsNotJSONAndSaysWhere() {
        #expect {
            try document(#"{"names":{"maria":"\#(Self.maria)"}"#)
        } throws: { error in
            guard case .notJSON(let url, let reason)? = error as? NIP05Error else { return false }
            return url == Self.url && reason.contains("byte")
        }
        // Duplicate members are not guessed between.
        #expect(throws: NIP05Error.self) {
            try document(#"{"names":{"maria":"\#(Self.maria)","maria":"\#(Self.other)"}}"#)
        }
    }

    @Test(arguments: [
        (#"[]"#, "the document is an array, not an object"),
        (#"{}"#, "it has no \"names\" member"),
        (#"{"names":[]}"#, "\"names\" is an array, not an object"),
        (#"{"names":"maria"}"#, "\"names\" is a string, not an object"),
    ])
    func aDocumentWithoutANamesObjectIsRefused(body: String, reason: String) {
        #expect(throws: NIP05Error.invalidDocument(url: Self.url, reason: reason)) { try document(body) }
    }

    @Test func badRelayURLsAreSkippedAndHintsCapped() throws {
        let relays = ["http://relay.example", "ws://remote.example", "wss://a.example", "not a url", "wss://a.example",
                      "wss://b.example", "wss://c.example", "wss://d.example"]
        let list = relays.map { "\"\($0)\"" }.joined(separator: ",")
        let body = #"{"names":{"maria":"\#(Self.maria)"},"relays":{"\#(Self.maria)":[\#(list),7,null]}}"#
        let identity = try #require(try document(body, maximumRelayHints: 3).lookUp(NIP05Address("maria@roadflare.app")))
        #expect(identity.relayHints.map(\.string) == ["wss://a.example", "wss://b.example", "wss://c.example"])
    }

    @Test func relaysOfTheWrongShapeGiveNoHints() throws {
        for relays in [#""wss://a.example""#, #"{"\#(Self.maria)":"wss://a.example"}"#, "[]"] {
            let body = #"{"names":{"maria":"\#(Self.maria)"},"relays":\#(relays)}"#
            let identity = try #require(try document(body).lookUp(NIP05Address("maria@roadflare.app")))
            #expect(identity.relayHints.isEmpty)
        }
    }

    @Test func aBodyOverTheCapIsTooLarge() {
        let body = #"{"names":{"maria":"\#(Self.maria)"}}"#
        #expect(throws: NIP05Error.tooLarge(url: Self.url, limit: body.utf8.count - 1)) {
            try document(body, maximumBytes: body.utf8.count - 1)
        }
        #expect((try? document(body, maximumBytes: body.utf8.count)) != nil)
    }

    @Test func aDocumentNestedFiveLevelsOrHoldingA70DigitNumberIsRead() throws {
        // Both are RFC 8259 JSON; neither is NIP-05's business, so the name is found.
        let nested = #"{"names":{"maria":"\#(Self.maria)"},"nip46":{"\#(Self.maria)":[["wss://a.example",{"weight":[1]}]]}}"#
        let long = #"{"names":{"maria":"\#(Self.maria)"},"serial":\#(String(repeating: "7", count: 70)),"ratio":-0.\#(String(repeating: "3", count: 70))e-12}"#
        for body in [nested, long] {
            #expect(try document(body).lookUp(NIP05Address("maria@roadflare.app"))?.publicKey == Self.maria, "\(body)")
        }
    }

    @Test func nestingBeyondTheBoundIsAnInvalidDocumentSayingSoNotNotJSON() throws {
        let depth = NIP05Document.maximumDepth
        func body(nesting levels: Int) -> String {
            // The document is level one; `extra` adds levels - 1 arrays.
            #"{"names":{"maria":"\#(Self.maria)"},"extra":"# + String(repeating: "[", count: levels - 1) + String(repeating: "]", count: levels - 1) + "}"
        }
        #expect(try document(body(nesting: depth)).lookUp(NIP05Address("maria@roadflare.app")) != nil)
        #expect {
            try document(body(nesting: depth + 1))
        } throws: { error in
            guard case .invalidDocument(_, let reason)? = error as? NIP05Error else { return false }
            return reason.contains("deeper than \(depth) levels")
        }
    }

    @Test func aLargeDomainsDocumentOver64KiBIsReadByDefault() throws {
        // Five thousand names, each with two relays: about 900 KiB, as a large domain serves it.
        var names: [String] = []
        var relays: [String] = []
        for index in 0..<5000 {
            let key = String(format: "%064x", index + 1)
            names.append(#""name\#(index)":"\#(key)""#)
            relays.append(#""\#(key)":["wss://relay\#(index % 7).example","wss://nos.lol"]"#)
        }
        names.append(#""maria":"\#(Self.maria)""#)
        let body = #"{"names":{\#(names.joined(separator: ","))},"relays":{\#(relays.joined(separator: ","))}}"#
        #expect(body.utf8.count > 512 * 1024)
        let read = try NIP05Document(parsing: Array(body.utf8), url: Self.url)
        #expect(try read.lookUp(NIP05Address("maria@roadflare.app"))?.publicKey == Self.maria)
        let last = try #require(try read.lookUp(NIP05Address("name4999@roadflare.app")))
        #expect(last.relayHints.map(\.string) == ["wss://relay1.example", "wss://nos.lol"])
        // The bound still holds: one byte over the default is too large.
        let padded = #"{"names":{"maria":"\#(Self.maria)"},"pad":""# + String(repeating: " ", count: NIP05Document.defaultMaximumBytes) + #""}"#
        #expect(throws: NIP05Error.tooLarge(url: Self.url, limit: NIP05Document.defaultMaximumBytes)) {
            try NIP05Document(parsing: Array(padded.utf8), url: Self.url)
        }
    }

    @Test func errorsNameWhatAndWhere() {
        let errors: [NIP05Error] = [
            .redirect(url: Self.url, status: 301, location: "https://elsewhere.example/x"),
            .httpStatus(url: Self.url, status: 404),
            .tooLarge(url: Self.url, limit: 65536),
            .timedOut(url: Self.url, seconds: 1.5),
            .transport(url: Self.url, reason: "connection refused"),
        ]
        for error in errors {
            #expect(error.description.contains(Self.url.absoluteString))
            #expect(error.errorDescription == error.description)
        }
        #expect(errors[0].description.contains("elsewhere.example"))
        #expect(errors[3].description.contains("1.5 s"))
    }
}
