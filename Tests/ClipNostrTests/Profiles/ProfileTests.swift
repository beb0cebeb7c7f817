@_spi(ClipKitTooling) import ClipKit
@_spi(ClipKitTooling) import ClipNostr
import Foundation
import ClipTestSupport
import Testing

/// Kind-0 content read defensively: known fields typed and checked, the rest kept in `custom`.
@Suite struct ProfileTests {
    @Test func roadFlaresDriverProfile() throws {
        let event = try SampleEvents.decode(SampleEvents.profileJSON)
        let profile = try Profile(event: event)
        #expect(profile.name == "ana")
        #expect(profile.displayName == "Ana Driver")
        #expect(profile.preferredName == "Ana Driver")
        #expect(profile.picture == URL(string: "https://roadflare.app/a.png"))
        #expect(profile.custom == ["car_make": .string("Toyota"), "car_model": .string("Prius"), "car_color": .string("blue")])
    }

    @Test func everyKnownField() throws {
        let profile = try Profile(content: #"""
        {"name":"bob","display_name":"Bob","picture":"https://x.example/p.png","banner":"https://x.example/b.png",
         "about":"Drives at night.\nLikes jazz.","website":"https://bob.example","nip05":"bob@bob.example",
         "lud16":"bob@wallet.example","bot":false}
        """#)
        #expect(profile == Profile(
            name: "bob", displayName: "Bob", picture: URL(string: "https://x.example/p.png"),
            banner: URL(string: "https://x.example/b.png"), about: "Drives at night.\nLikes jazz.",
            website: URL(string: "https://bob.example"), nip05: "bob@bob.example",
            lightningAddress: "bob@wallet.example", isBot: false
        ))
    }

    @Test func theDeprecatedDisplayNameIsOnlyAFallback() throws {
        #expect(try Profile(content: #"{"displayName":"Old","display_name":"New"}"#).displayName == "New")
        #expect(try Profile(content: #"{"displayName":"Old"}"#).displayName == "Old")
        #expect(try Profile(content: #"{"displayName":"Old","display_name":7}"#).displayName == "Old")
        #expect(try Profile(content: #"{"displayName":"Old"}"#).custom.isEmpty)
    }

    @Test(arguments: [
        "javascript:alert(1)", "data:image/png;base64,AAAA", "file:///etc/passwd", "http://x.example/p.png",
        "https://", "https://user:pw@x.example/p.png", "//x.example/p.png", "https://x.example/\u{202E}gnp.exe", " ",
    ])
    func onlyHTTPSURLsAreKept(_ url: String) throws {
        let content = String(decoding: JSONValue.object(["picture": .string(url), "banner": .string(url), "website": .string(url)]).serialized(), as: UTF8.self)
        let profile = try Profile(content: content)
        #expect(profile.picture == nil && profile.banner == nil && profile.website == nil, "kept \(url)")
    }

    @Test func wrongTypesAreIgnoredNotCustom() throws {
        let profile = try Profile(content: #"{"name":5,"picture":["https://x.example"],"bot":"yes","about":null,"nip05":{}}"#)
        #expect(profile == Profile())
    }

    @Test func namesLoseControlAndOverrideCharacters() throws {
        let profile = try Profile(content: #"{"name":" Ana\u0000\u202e revirD\n2 ","display_name":"\u2066x\u2069"}"#)
        #expect(profile.name == "Ana revirD 2")
        #expect(profile.displayName == "x")
    }

    @Test func stringsAreCapped() throws {
        let long = String(repeating: "é", count: 10_000)
        let content = String(decoding: JSONValue.object(["name": .string(long), "about": .string(long)]).serialized(), as: UTF8.self)
        let profile = try Profile(content: content)
        #expect(profile.name?.count == ProfileLimits.standard.maximumNameLength)
        #expect(profile.about?.count == ProfileLimits.standard.maximumAboutLength)
    }

    @Test func identifiersMustLookLikeOne() throws {
        #expect(try Profile(content: #"{"nip05":"_@example.com"}"#).nip05 == "_@example.com")
        #expect(try Profile(content: #"{"nip05":"example.com"}"#).nip05 == "example.com")
        #expect(try Profile(content: #"{"nip05":"maria@127.0.0.1:8443"}"#).nip05 == "maria@127.0.0.1:8443")
        for bad in ["a b@example.com", "a@b@example.com", "@example.com", "a@localhost", "a@https://x.example", "a@",
                    "a@example.com:", "a@example.com:123456", "a@example.com:80x", "a@example.com:80:81"] {
            let content = String(decoding: JSONValue.object(["nip05": .string(bad), "lud16": .string(bad)]).serialized(), as: UTF8.self)
            let profile = try Profile(content: content)
            #expect(profile.nip05 == nil && profile.lightningAddress == nil, "kept \(bad)")
        }
    }

    @Test func contentMustBeAJSONObjectUnderTheCap() {
        #expect(throws: ProfileError.notAnObject(found: "an array")) { try Profile(content: "[]") }
        #expect(throws: ProfileError.self) { try Profile(content: "{") }
        #expect(throws: ProfileError.self) { try Profile(content: #"{"name":"a","name":"b"}"#) }
        let big = "{\"about\":\"" + String(repeating: "x", count: 70_000) + "\"}"
        #expect(throws: ProfileError.contentTooLarge(bytes: big.utf8.count, limit: 65_536)) { try Profile(content: big) }
        let note = NostrEvent(id: "", pubkey: "", createdAt: 0, kind: 1, tags: [], content: "{}", signature: "")
        #expect(throws: ProfileError.notAProfileEvent(kind: 1)) { try Profile(event: note) }
    }

    @Test func customFieldsAreCapped() throws {
        let members = Dictionary(uniqueKeysWithValues: (0..<100).map { ("field\($0)", JSONValue.number(Double($0))) })
        let profile = try Profile(content: String(decoding: JSONValue.object(members).serialized(), as: UTF8.self))
        #expect(profile.custom.count == ProfileLimits.standard.maximumCustomFields)
    }

    /// Seeded mutations of a real profile never crash the reader, and what it returns keeps its rules.
    @Test func fuzzedContentNeverBreaksTheRules() throws {
        let seed = try SampleEvents.decode(SampleEvents.profileJSON).content
        let seeds = [seed, #"{"name":"x","website":"https://a.example","lud16":"a@b.example","bot":true,"custom":{"k":[1,2]}}"#].map { Array($0.utf8) }
        let tokens = ["javascript:", "https://", "\\u202e", "\\u0000", "\"", ",", "{", "}", "\"bot\":true"].map { Array($0.utf8) }
        var mutator = SeededMutator(seed: 0x5EED_0000)
        var parsed = 0
        for _ in 0..<5_000 {
            let content = String(decoding: mutator.mutate(mutator.pick(seeds), tokens: tokens), as: UTF8.self)
            guard let profile = try? Profile(content: content) else { continue }
            parsed += 1
            for url in [profile.picture, profile.banner, profile.website].compactMap({ $0 }) {
                #expect(url.scheme == "https")
            }
            #expect((profile.name?.count ?? 0) <= ProfileLimits.standard.maximumNameLength)
            #expect(profile.name?.unicodeScalars.contains { $0.value < 0x20 } != true)
            #expect(profile.custom.keys.allSatisfy { !Profile.knownFields.contains($0) })
        }
        #expect(parsed > 100)
    }
}
