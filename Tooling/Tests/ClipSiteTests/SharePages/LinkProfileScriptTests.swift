@_spi(ClipKitTooling) import ClipKit
@_spi(ClipKitTooling) import ClipNostr
import ClipSite
import ClipTestSupport
import Crypto
import Foundation
import Testing

/// The share page's link-profile script against the Swift code it mirrors, on the same inputs in
/// real headless Chromium: fragment decoding, BIP-340 verification, NIP-19 keys, reading and
/// showing profiles, and the whole check with the clip's reasons. Every expected answer is
/// computed by the Swift code here; none is written down.
@Suite(.timeLimit(.minutes(10)))
struct LinkProfileScriptTests {
    // MARK: Inputs

    /// Events signed by nostr-sdk: profiles, hostile and odd ones, a note with tags.
    static func signedEvents() async throws -> [NostrEvent] {
        let now = Int(Date().timeIntervalSince1970)
        let specifications: [DriverFixtures.EventSpecification] = [
            .init(key: "link-script-driver", kind: 0, content: #"{"name":"dana","display_name":"Dana Driver","about":"Night shifts downtown.","picture":"https://images.example.com/dana.jpg","car_color":"Blue","car_make":"Toyota","car_model":"Prius"}"#, createdAt: now - 600),
            .init(key: "link-script-hostile", kind: 0, content: #"{"display_name":"<script>alert('name')</script>\"\u0301><img src=x onerror=alert(1)>","about":"\"><svg onload=alert(3)>\u202e","picture":"javascript:alert(document.cookie)","car_make":"</dd><script>alert(4)</script>"}"#, createdAt: now - 600),
            .init(key: "link-script-note", kind: 1, content: "Line one\nslash / quote \" backslash \\ tab\t\u{2028} end \u{1F697}\u{7F}\u{1}", tags: [["t", "roadflare"], ["clipkit-test", "a\u{0}b", "\u{E9}"]], createdAt: now - 60),
            .init(key: "link-script-unnamed", kind: 0, content: #"{"about":"no name here"}"#, createdAt: now - 60),
            .init(key: "link-script-unreadable", kind: 0, content: #"{"name":"dup","name":"again"}"#, createdAt: now - 60),
            .init(key: "link-script-future", kind: 0, content: #"{"name":"Early"}"#, createdAt: now + 86_400),
            .init(key: "link-script-old", kind: 0, content: #"{"name":"Old Timer"}"#, createdAt: 1),
        ]
        return try await DriverFixtures.sign(specifications).map { try NostrEvent(jsonData: Data($0.utf8)) }
    }

    /// Events built here, unsigned, whose layouts reach every branch of the decoder.
    static func builtEvents() -> [NostrEvent] {
        let key = String(repeating: "ab", count: 32), signature = String(repeating: "cd", count: 64)
        let times: [Int64] = [0, 127, 128, 16_383, 16_384, 1_700_000_000, 9_007_199_254_740_993, Int64.max]
        var events = times.map { NostrEvent(id: "", pubkey: key, createdAt: $0, kind: 0, tags: [], content: "{}", signature: signature) }
        for kind in [1, 127, 128, 65_535] {
            events.append(NostrEvent(id: "", pubkey: key, createdAt: 1, kind: kind, tags: [["k", String(kind)]], content: "", signature: signature))
        }
        events.append(NostrEvent(
            id: "", pubkey: key, createdAt: 42, kind: 0, tags: [["a"], ["b", "", "\u{0}\u{1F}\"\\"], Array(repeating: "x", count: 120)],
            content: String(repeating: "é\u{1F600}\u{2028}\r\n", count: 40), signature: signature
        ))
        return events
    }

    // MARK: Swift's answers

    static func field(of error: EventFragmentError) -> JSONValue {
        switch error {
        case .truncated(let field), .nonMinimalNumber(let field), .numberOutOfRange(let field), .invalidUTF8(let field):
            return .string(field.rawValue)
        default:
            return .null
        }
    }

    /// What Swift's decoder makes of `text`: the event with its recomputed id, or the reason.
    static func swiftDecoding(_ text: String) -> JSONValue {
        do {
            let event = try EventFragment.decode(text)
            return .object([
                "id": .string(event.id), "pubkey": .string(event.pubkey), "createdAt": .string(String(event.createdAt)),
                "kind": .number(Double(event.kind)), "content": .string(event.content),
                "tags": .array(event.tags.map { .array($0.map(JSONValue.string)) }),
            ])
        } catch let error as EventFragmentError {
            return .object(["code": .string(error.code), "field": field(of: error)])
        } catch {
            return .object(["code": .string("unexpected \(type(of: error))"), "field": .null])
        }
    }

    /// What the server shows of kind-0 `content`: its preview, `unnamed`, or `unreadable-profile`.
    static func swiftPreview(ofContent content: String) -> JSONValue {
        let profile: Profile
        do {
            profile = try Profile(content: content)
        } catch {
            return .object(["error": .string("unreadable-profile")])
        }
        guard let shared = ShareProfile(nostrProfile: profile, createdAt: 1) else { return .object(["unnamed": .bool(true)]) }
        return previewJSON(ProfilePreview(shared))
    }

    static func previewJSON(_ preview: ProfilePreview) -> JSONValue {
        .object([
            "name": .string(preview.name), "picture": preview.picture.map(JSONValue.string) ?? .null,
            "about": preview.about.map(JSONValue.string) ?? .null,
            "details": .array(preview.details.map { .object(["label": .string($0.label), "value": .string($0.value)]) }),
        ])
    }

    // MARK: The script on its own

    @Test func theScriptIsSelfContainedAndAllowedByItsOwnHash() {
        let source = LinkProfileScript.source
        for forbidden in ["</script", "<!--", "fetch(", "XMLHttpRequest", "eval(", "import(", "new Function", "innerHTML", "http://", "https://"] {
            #expect(!source.contains(forbidden), "the script contains \(forbidden)")
        }
        let digest = Data(SHA256.hash(data: Data(source.utf8))).base64EncodedString()
        #expect(LinkProfileScript.contentSecurityPolicySource == "'sha256-\(digest)'")
    }

    @Test func theRulesAreTheSwiftPredicatesAndLimits() throws {
        let rules = LinkProfileRules.json
        #expect(rules["fragment"]?["maximumCharacters"]?.integerValue == EventFragment.maximumCharacters)
        #expect(rules["profile"]?["maximumDepth"]?.integerValue == Profile.maximumContentDepth)
        #expect(rules["display"]?["maximumNameLength"]?.integerValue == ProfilePreview.maximumNameLength)
        #expect(rules["profile"]?["knownFields"]?.arrayValue?.compactMap(\.stringValue) == Profile.knownFields.sorted())
        let sets: [(String, (Unicode.Scalar) -> Bool)] = [
            ("whitespaces", { CharacterSet.whitespaces.contains($0) }),
            ("whitespacesAndNewlines", { CharacterSet.whitespacesAndNewlines.contains($0) }),
            ("invisibleControls", Profile.dropsFromFields),
            ("templateDropped", TemplateText.isDropped),
        ]
        for (name, predicate) in sets {
            let ranges = try #require(rules["scalars"]?[name]?.arrayValue).map { range in
                (range.arrayValue?.first?.integerValue ?? -1, range.arrayValue?.last?.integerValue ?? -1)
            }
            #expect(!ranges.isEmpty)
            var index = 0
            var disagreements = 0
            for value in 0...0x10FFFF {
                while index < ranges.count, ranges[index].1 < value { index += 1 }
                let listed = index < ranges.count && ranges[index].0 <= value
                let expected = Unicode.Scalar(UInt32(value)).map(predicate) ?? false
                if listed != expected { disagreements += 1 }
            }
            #expect(disagreements == 0, "\(name): \(disagreements) scalars listed differently")
        }
    }

    @Test func sharePagesOfSignedProfileRoutesCarryTheScriptAndNoOthers() async throws {
        let profile = ShareProfile(name: "Dana Driver", createdAt: Date(timeIntervalSince1970: 1_700_000_000))
        let site = try SiteFixtures.site("roadflare", provider: ControlledProvider(answers: [SiteFixtures.npub: profile]))
        let driver = try #require(site.match(path: "/share/d/\(SiteFixtures.npub)", host: "roadflare.app"))
        let page = await site.sharePage(for: driver).html
        #expect(page.contains(#"<script id="clipkit-link-profile-script">"# + LinkProfileScript.source + "</script>"))
        #expect(page.contains(#"<div class="profile" data-clipkit-profile>"#))
        let start = try #require(page.range(of: #"<script type="application/json" id="clipkit-link-profile">"#))
        let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        let data = try JSONValue(strictlyParsing: Data(page[start.upperBound..<end.lowerBound].utf8))
        #expect(data["parameter"]?.stringValue == SiteFixtures.npub)
        #expect(data["shownProfileCreatedAt"]?.stringValue == "1700000000")
        #expect(data["rules"] == LinkProfileRules.json)

        let rider = try #require(site.match(path: "/share/r/\(SiteFixtures.npub)", host: "roadflare.app"))
        #expect(!(await site.sharePage(for: rider).html.contains("<script")), "the rider route accepts no signed profile")
        let bluesky = try SiteFixtures.site("bluesky")
        let pack = try #require(bluesky.match(path: "/start/alice.bsky.social/3kabc", host: "bsky.app"))
        #expect(!(await bluesky.sharePage(for: pack).html.contains("<script")))

        let plain = try SiteFixtures.site("roadflare")
        let generic = await plain.sharePage(for: try #require(plain.match(path: "/share/d/\(SiteFixtures.npub)", host: nil))).html
        #expect(generic.contains(#""shownProfileCreatedAt":null"#))
    }

    @Test func theStaticNotFoundPageCarriesTheScriptOnlyForSignedProfileRoutes() throws {
        let roadflare = try StaticSiteBuilder(site: SiteFixtures.site("roadflare")).build()
        let page = String(decoding: roadflare.files["404.html"] ?? Data(), as: UTF8.self)
        #expect(page.contains(LinkProfileScript.source + "\n" + ClientRouterScript.source))
        let data = try StaticSiteBuilder(site: SiteFixtures.site("roadflare")).clientRoutingData(domain: "roadflare.app")
        #expect(data["linkProfile"] == LinkProfileRules.json)
        let patterns = data["patterns"]?.arrayValue ?? []
        #expect(patterns.map { $0["signedProfile"]?.stringValue } == ["npub", nil])
        let shell = patterns.first?["page"]?.stringValue ?? ""
        #expect(shell.contains("data-clipkit-profile"))
        #expect(!shell.contains("<script"), "the shell itself carries no script")

        let bluesky = try StaticSiteBuilder(site: SiteFixtures.site("bluesky")).build()
        let blueskyPage = String(decoding: bluesky.files["404.html"] ?? Data(), as: UTF8.self)
        #expect(!blueskyPage.contains(LinkProfileScript.source))
        #expect(try StaticSiteBuilder(site: SiteFixtures.site("bluesky")).clientRoutingData(domain: "bsky.app")["linkProfile"] == nil)
    }

    // MARK: The script against Swift, in Chromium

    @Test func theBrowserDecodesFragmentsExactlyAsSwiftDoes() async throws {
        var texts: [String] = []
        let genuine = try (Self.builtEvents() + (try await Self.signedEvents())).map { try EventFragment.encode($0) }
        texts += genuine
        var mutator = SeededMutator(seed: 0x5EED_F4A9)
        for _ in 0..<240 {
            let source = mutator.pick(genuine)
            if mutator.below(2) == 0 {
                texts.append(FragmentBytes.encode(mutator.mutate(FragmentBytes.decode(source), maximumEdits: 2, edits: SeededMutator.Edit.binary)))
            } else {
                let tokens = ["=", "+", "/", "#", " ", "é", "A", "_"].map { Array($0.utf8) }
                texts.append(String(decoding: mutator.mutate(Array(source.utf8), tokens: tokens, maximumEdits: 2), as: UTF8.self))
            }
        }
        let corpus = TestEnvironment.file("fuzz/Corpus/FuzzEventFragment")
        for name in try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted() {
            let input = Array(try Data(contentsOf: corpus.appendingPathComponent(name)))
            guard let first = input.first else { continue }
            let rest = Array(input.dropFirst())
            texts.append(first & 1 == 0 ? String(decoding: rest, as: UTF8.self) : FragmentBytes.encode(rest))
        }
        texts += ["", "A", "AA", String(repeating: "A", count: EventFragment.maximumCharacters + 1), String(repeating: "A", count: EventFragment.maximumCharacters)]

        let answers = try await BrowserScriptHarness.run("""
        async function (input, api) {
          var results = [];
          for (var index = 0; index < input.texts.length; index++) {
            try {
              var event = api.decodeFragment(input.texts[index], input.rules);
              var id = new Uint8Array(await crypto.subtle.digest("SHA-256", api.canonicalBytes(event)));
              results.push({ id: Array.from(id, function (byte) { return (byte < 16 ? "0" : "") + byte.toString(16); }).join(""),
                pubkey: event.pubkey, createdAt: event.createdAt.toString(), kind: event.kind, content: event.content, tags: event.tags });
            } catch (refusal) {
              if (!refusal || !refusal.code) throw refusal;
              results.push({ code: refusal.code, field: refusal.field });
            }
          }
          return results;
        }
        """, input: .object(["texts": .array(texts.map(JSONValue.string)), "rules": LinkProfileRules.json]))
        let results = try #require(answers.arrayValue)
        #expect(results.count == texts.count)
        var accepted = 0
        for (index, text) in texts.enumerated() {
            let expected = Self.swiftDecoding(text)
            if expected["id"] != nil { accepted += 1 }
            #expect(results[safe: index] == expected, "fragment \(index): \(text.prefix(60))")
        }
        #expect(accepted >= genuine.count, "the corpus holds decodable fragments (\(accepted))")
        #expect(accepted < texts.count - 100, "and many refused ones")
    }

    @Test func theBrowserVerifiesSignaturesAsSwiftDoes() async throws {
        var cases: [JSONValue] = BIP340TestVector.all.map { vector in
            .object(["signature": .string(vector.signature), "message": .string(vector.message), "publicKey": .string(vector.publicKey)])
        }
        var expected: [String] = BIP340TestVector.all.map { vector in
            let check = SignatureVerifiers.platformDefault.verifySchnorrSignature(
                BIP340TestVector.bytes(vector.signature), message: BIP340TestVector.bytes(vector.message), publicKey: BIP340TestVector.bytes(vector.publicKey)
            )
            #expect((check == .valid) == vector.expected, "Swift and vector \(vector.index) disagree")
            switch check {
            case .valid: return "valid"
            case .invalidPublicKey: return "pubkey-not-on-curve"
            default: return "invalid-signature"
            }
        }
        // Signed events, and each with one bit flipped in every field's bytes: Swift's whole
        // verification (id recomputed, signature) against the script's.
        var mutator = SeededMutator(seed: 0xB1B3_40)
        var fragments: [String] = []
        for event in try await Self.signedEvents() {
            let layout = FragmentBytes.decode(try EventFragment.encode(event))
            fragments.append(FragmentBytes.encode(layout))
            for _ in 0..<12 {
                var changed = layout
                let offset = 1 + mutator.below(layout.count - 1)
                changed[offset] ^= UInt8(1) << UInt8(mutator.below(8))
                fragments.append(FragmentBytes.encode(changed))
            }
        }
        var decodable = 0
        for fragment in fragments {
            guard let event = try? EventFragment.decode(fragment) else { continue }
            decodable += 1
            cases.append(.object(["fragment": .string(fragment)]))
            switch EventVerifier().verify(event) {
            case .success: expected.append("valid")
            case .failure(let error): expected.append(error.code)
            }
        }
        #expect(decodable > 40)
        #expect(expected.contains("valid") && expected.contains("invalid-signature") && expected.contains("pubkey-not-on-curve"))

        let answers = try await BrowserScriptHarness.run("""
        async function (input, api) {
          function bytes(hex) { var out = new Uint8Array(hex.length / 2); for (var i = 0; i < out.length; i++) out[i] = parseInt(hex.substr(2 * i, 2), 16); return out; }
          var results = [];
          for (var index = 0; index < input.cases.length; index++) {
            var item = input.cases[index];
            if (item.fragment) {
              var event = api.decodeFragment(item.fragment, input.rules);
              var id = new Uint8Array(await crypto.subtle.digest("SHA-256", api.canonicalBytes(event)));
              results.push(await api.verifySchnorr(event.signature, id, event.publicKey));
            } else {
              results.push(await api.verifySchnorr(bytes(item.signature), bytes(item.message), bytes(item.publicKey)));
            }
          }
          return results;
        }
        """, input: .object(["cases": .array(cases), "rules": LinkProfileRules.json]))
        #expect(answers.arrayValue?.compactMap(\.stringValue) == expected)
    }

    @Test func theBrowserReadsKeysAsNIP19Does() async throws {
        let key = "8641efcf4a48f363d22a7bdd590d19f2b80f51edc8b151b0ce95a699212c8799"
        let npub = try NIP19.encodePublicKey(key)
        let nprofile = try NIP19.encodeProfile(publicKey: key, relays: ["wss://nos.lol"])
        var inputs = [npub, npub.uppercased(), "nostr:" + npub, "NOSTR:" + npub, nprofile, "nostr:" + nprofile, key, "", "npub1", String(npub.dropLast()) + "x",
                      "Npub" + npub.dropFirst(4), npub + "q", try NIP19.encodeProfile(publicKey: key, relays: []), String(repeating: "q", count: 5001)]
        var mutator = SeededMutator(seed: 19)
        for _ in 0..<60 { inputs.append(String(decoding: mutator.mutate(Array(npub.utf8), maximumEdits: 1), as: UTF8.self)) }
        let expected: [JSONValue] = inputs.map { input in (try? NIP19.decode(input).publicKey).map(JSONValue.string) ?? .null }
        let answers = try await BrowserScriptHarness.run("""
        function (input, api) {
          return input.keys.map(function (key) { try { return api.decodeNostrKey(key, input.rules.maximumKeyLength); } catch (refusal) { return null; } });
        }
        """, input: .object(["keys": .array(inputs.map(JSONValue.string)), "rules": LinkProfileRules.json]))
        #expect(answers == .array(expected))
        #expect(expected.contains(.string(key)) && expected.contains(.null))
    }

    /// Kind-0 contents that test every rule between the event and the page: strict JSON, field
    /// cleaning and cutting, hostile markup, grapheme clusters, pictures.
    static let profileContents: [String] = {
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
        var contents = [
            #"{"name":"dana","display_name":"Dana Driver","about":"Night shifts.","picture":"https://images.example.com/dana.jpg","car_color":"Blue","car_make":"Toyota","car_model":"Prius"}"#,
            #"{"name":"only name"}"#, #"{"displayName":"Deprecated Spelling","name":"x"}"#, #"{"display_name":"","name":"fallback"}"#,
            #"{"display_name":" \u3000\u00a0\u200b ","name":"after spaces"}"#, #"{"about":"nameless"}"#, #"{}"#,
            #"{"display_name":"<script>alert('name')</script>\"\u0301><img src=x onerror=alert(1)>","about":"\"><svg onload=alert(3)>\u202e","picture":"javascript:alert(1)"}"#,
            #"{"name":"a\"\u0301b'\u0301c\u0600\"d<\u0308e","about":"&\u20dd amp"}"#,
            #"{"name":"ctl\u0000\u0001\u0085\u009f\u202a\u202e\u2066\u2069\ufeffend","about":"keep\nnew\tlines\rcr\u2028ls"}"#,
            #"{"name":"\n\t  padded  \t\n","about":"  \n  "}"#,
            "{\"name\":\"\(String(repeating: family, count: 300))\"}",
            "{\"name\":\"\(String(repeating: "e\\u0301", count: 150))\",\"about\":\"\(String(repeating: "\u{1F1E9}\u{1F1EA}", count: 400))\"}",
            "{\"name\":\"\(String(repeating: "x", count: 99))\u{1F44D}\u{1F3FD}yz\",\"about\":\"\(String(repeating: "ab ", count: 2000))\"}",
            "{\"name\":\"\(String(repeating: "\u{AC00}", count: 120))\",\"about\":\"\(String(repeating: "\"", count: 400))\"}",
            #"{"name":"dup","name":"again"}"#, #"{"name":"caf\u00e9","caf\u00e9":1,"cafe\u0301":2}"#, #"{"name":"\ud800"}"#,
            #"{"name":"\ud83d\ude97 pair"}"#, #"{"name":"\udc00"}"#, #"{"name":"x",}"#, #"{"name":"x"} extra"#, #"["name"]"#, #""name""#, "",
            "\u{FEFF}{\"name\":\"bom\"}", #"{"name":"n","n":0123}"#, #"{"name":"n","n":-0.5e+10,"m":1E3}"#,
            "{\"name\":\"n\",\"n\":\(String(repeating: "1", count: 65))}", "{\"name\":\"n\",\"n\":\(String(repeating: "1", count: 64))}",
            "{\"name\":\"deep\",\"d\":\(String(repeating: "[", count: 15))\(String(repeating: "]", count: 15))}",
            "{\"name\":\"deeper\",\"d\":\(String(repeating: "[", count: 16))\(String(repeating: "]", count: 16))}",
            #"{"name":"escapes \/ \b \f \u0041","__proto__":{"name":"proto"},"constructor":"c"}"#,
            #"{"name":"car","car_make":"Toyota","car_model":7,"car_color":null}"#, #"{"name":"car","car_color":"","car_make":""}"#,
            #"{"name":"car","car_model":"</dd><script>alert(4)</script>\u202e"}"#, #"{"name":true,"display_name":["x"]}"#,
            #"{ "name" : "spaced" , "about" : "ok" }"#, "{\"name\":\"raw\ttab\"}", #"{"name":"tru","b":tru}"#, #"{"name":"t","b":true,"c":false,"d":null}"#,
        ]
        var many = "{\"name\":\"many\""
        for index in 0..<70 { many += ",\"f\(String(format: "%02d", index))\":\(index)" }
        contents.append(many + ",\"car_make\":\"Late\"}")
        contents.append(many + ",\"a_car\":1,\"car_color\":\"sorted early\"}")
        let pictures = [
            "https://images.example.com/dana.jpg", "HTTPS://Example.COM/a.png", " https://example.com/trimmed.png ", "https://example.com",
            "https://example.com:443/x", "https://example.com:/x", "https://example.com/a b", "https://example.com/a\"b", "https://example.com/a'b",
            "https://example.com/(x)!$&*+,;=:@", "https://example.com/?q=<x>", "https://example.com/#frag", "https://example.com/x?a=1&b=2#c/d?e",
            "https://example.com/%41%zz", "https://example.com/%E2%80%AE", "https://exämple.com/", "https://example.com/é.png", "https://ex_ample.com/",
            "https://user@example.com/", "https://[::1]/x", "https://ex%61mple.com/", "http://example.com/", "data:image/png;base64,AAAA",
            "javascript:alert(1)", "https:example.com/x", "https:///x", "https://example.com/\u{202E}x", "https://1.2.3.4:8080/x", "//example.com/x",
            "https://example.com/\(String(repeating: "a", count: 2100))",
        ]
        for picture in pictures {
            let literal = String(decoding: (try? JSONSerialization.data(withJSONObject: [picture], options: [.withoutEscapingSlashes])) ?? Data(), as: UTF8.self)
            contents.append("{\"name\":\"pic\",\"picture\":\(literal.dropFirst().dropLast())}")
        }
        return contents
    }()

    /// Pictures the browser must keep exactly as the server does (they need no repair).
    static let canonicalPictures: Set<String> = [
        "https://images.example.com/dana.jpg", "https://example.com/x?a=1&b=2#c/d?e", "https://example.com/(x)!$&*+,;=:@",
        "https://example.com", "https://example.com:443/x", "https://1.2.3.4:8080/x", "https://example.com/%E2%80%AE",
    ]

    @Test func theBrowserReadsAndShowsProfilesAsTheServerDoes() async throws {
        let contents = Self.profileContents
        let answers = try await BrowserScriptHarness.run("""
        function (input, api) {
          return input.contents.map(function (content) {
            try {
              var shown = api.displayedProfile(api.readProfile(content, input.rules), input.rules);
              return shown === null ? { unnamed: true } : shown;
            } catch (refusal) {
              if (!refusal || !refusal.code) throw refusal;
              return { error: refusal.code };
            }
          });
        }
        """, input: .object(["contents": .array(contents.map(JSONValue.string)), "rules": LinkProfileRules.json]))
        let results = try #require(answers.arrayValue)
        #expect(results.count == contents.count)
        var keptPictures = 0
        for (index, content) in contents.enumerated() {
            let expected = Self.swiftPreview(ofContent: content)
            guard case .object(var browser) = results[safe: index] ?? .null, case .object(var server) = expected else {
                Issue.record("content \(index) gave \(String(describing: results[safe: index])), expected \(expected)")
                continue
            }
            // A picture the server repairs first (percent-encoding, IDNA) the browser may drop; any
            // other difference is a failure, and the browser never shows one the server does not.
            let browserPicture = browser.removeValue(forKey: "picture")
            let serverPicture = server.removeValue(forKey: "picture")
            #expect(browser == server, "content \(index): \(content.prefix(80))")
            if let browserPicture, browserPicture != .null {
                #expect(browserPicture == serverPicture, "content \(index): the browser shows \(browserPicture), the server \(String(describing: serverPicture))")
                keptPictures += 1
            }
            if let picture = serverPicture?.stringValue, Self.canonicalPictures.contains(picture) {
                #expect(browserPicture == serverPicture, "content \(index): a canonical picture was dropped")
            }
        }
        #expect(keptPictures >= Self.canonicalPictures.count)
        #expect(results.contains(.object(["error": .string("unreadable-profile")])) && results.contains(.object(["unnamed": .bool(true)])))
    }

    @Test func theWholeCheckGivesTheClipsReasons() async throws {
        let events = try await Self.signedEvents()
        let driver = events[0], note = events[2], unnamed = events[3], unreadable = events[4], future = events[5]
        var tamperedContent = driver
        tamperedContent.content = tamperedContent.content.replacingOccurrences(of: "Dana", with: "Dina")
        var tamperedSignature = driver
        tamperedSignature.signature = String(tamperedSignature.signature.dropLast()) + (tamperedSignature.signature.hasSuffix("0") ? "1" : "0")
        let driverFragment = try EventFragment.encode(driver)
        let cases: [(fragment: String, author: String)] = [
            (driverFragment, driver.pubkey),
            (driverFragment, events[1].pubkey),
            (try EventFragment.encode(tamperedContent), driver.pubkey),
            (try EventFragment.encode(tamperedSignature), driver.pubkey),
            (try EventFragment.encode(note), note.pubkey),
            (try EventFragment.encode(unreadable), unreadable.pubkey),
            (try EventFragment.encode(future), future.pubkey),
            (try EventFragment.encode(unnamed), unnamed.pubkey),
            (FragmentBytes.encode(Array(FragmentBytes.decode(driverFragment).dropLast(3))), driver.pubkey),
            (FragmentBytes.encode(FragmentBytes.decode(driverFragment) + [0]), driver.pubkey),
        ]
        var expected: [String] = []
        for item in cases {
            let fetcher = ProfileFetcher(transportFactory: RelayTransports.platformDefault)
            var outcome = "none"
            for await update in try fetcher.fetchProfile(of: item.author, from: [], embeddedIn: item.fragment) {
                if let embedded = update.embeddedProfile { outcome = embedded.code }
                if update.isFinal { break }
            }
            expected.append(outcome)
        }
        #expect(expected == ["shown", "link-author-mismatch", "invalid-signature", "invalid-signature", "link-not-a-profile",
                             "unreadable-profile", "future-created-at", "shown", "link-truncated", "link-trailing-bytes"],
                "what the clip says (the expectations below follow from it)")

        let answers = try await BrowserScriptHarness.run("""
        async function (input, api) {
          var results = [];
          for (var index = 0; index < input.cases.length; index++) {
            var item = input.cases[index];
            var outcome = await api.checkLinkProfile(item.fragment, item.npub, input.rules, Date.now() / 1000);
            results.push({ state: outcome.state, reason: outcome.reason, name: outcome.display ? outcome.display.name : null });
          }
          return results;
        }
        """, input: .object([
            "cases": .array(try cases.map { .object(["fragment": .string($0.fragment), "npub": .string(try NIP19.encodePublicKey($0.author))]) }),
            "rules": LinkProfileRules.json,
        ]))
        let results = try #require(answers.arrayValue)
        #expect(results.count == cases.count)
        for (index, clip) in expected.enumerated() {
            let state = results[safe: index]?["state"]?.stringValue
            let reason = results[safe: index]?["reason"]?.stringValue
            switch clip {
            case "shown" where index == 7:
                // The clip shows a nameless profile as "unnamed"; a share page shows none, as the server does.
                #expect(state == "ignored" && reason == "unnamed-profile")
            case "shown":
                #expect(state == "verified" && reason == nil, "case \(index): \(String(describing: results[safe: index]))")
                #expect(results[safe: index]?["name"]?.stringValue == "Dana Driver")
            case "link-author-mismatch", "link-not-a-profile":
                #expect(state == "ignored" && reason == clip, "case \(index): \(String(describing: results[safe: index]))")
            default:
                #expect(state == "rejected" && reason == clip, "case \(index): \(String(describing: results[safe: index]))")
            }
        }
    }
}

extension Array {
    /// The element at `index`, or `nil` past either end.
    subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
