@_spi(ClipKitTooling) import ClipKit
@_spi(ClipKitTooling) import ClipNostr
import ClipSite
import ClipTestSupport
import Foundation
import Testing

/// The signed-link vectors that the link-profile script's Node tests read
/// (`Tooling/Tests/JavaScript/signed-link-vectors.json`), and those tests themselves.
///
/// The file holds inputs (links signed by nostr-sdk, tampered and cut ones, fragments built here,
/// BIP-340's verification vectors) and, for each, the answer of the Swift code the script mirrors:
/// the decoded event (`EventFragment`), what the clip makes of the link (`ProfileFetcher` with a fixed
/// clock, `EventVerifier`, `Profile`) and what a share page shows (`ShareProfile`,
/// `ProfilePreview`). Every answer is recomputed here from the inputs on each run, so the file
/// cannot drift from Swift; the inputs are written anew only on request (``writeTheVectors()``).
@Suite(.timeLimit(.minutes(5)))
struct SignedLinkVectorsTests {
    static let file = TestEnvironment.file("Tooling/Tests/JavaScript/signed-link-vectors.json")

    /// The clock the vectors are checked at: `created_at` values are set around it.
    static let now: Int64 = 1_764_000_000

    /// A link to check: a fragment and the key from the page's path.
    struct LinkInput {
        var name: String
        var fragment: String
        var parameter: String
    }

    /// Fragments for the decoder alone, all made here: the layouts of ``LinkProfileScriptTests/builtEvents()``,
    /// then bytes changed where a signer never puts them (a number not in its shortest form or past
    /// 64 bits, content that is not UTF-8, an empty tag), and texts too long or not base64url.
    static func decoderFragments() throws -> [String] {
        let built = try LinkProfileScriptTests.builtEvents().map { try EventFragment.encode($0) }
        // The first built event: created_at 0, kind 0, content "{}", no tags; so one byte each for
        // created_at (offset 33) and kind (34), the content's length at 99, the content at 100 and
        // 101, and the tag count at 102.
        let plain = FragmentBytes.decode(built[0])
        let crafted: [[UInt8]] = [
            Array(plain[..<33]) + [0x80, 0x00] + Array(plain[34...]),
            Array(plain[..<33]) + Array(repeating: 0xFF, count: 9) + [0x02] + Array(plain[34...]),
            Array(plain[..<34]) + [0x80, 0x80, 0x04] + Array(plain[35...]),
            Array(plain[..<100]) + [0xC3, 0x28] + Array(plain[102...]),
            Array(plain[..<102]) + [0x01, 0x00],
            Array(plain[..<102]) + [0x01, 0x01, 0x05, 0x61],
        ]
        let texts = ["", "A", String(repeating: "A", count: EventFragment.maximumCharacters + 1), built[0].replacingOccurrences(of: "A", with: "+")]
        return built + crafted.map(FragmentBytes.encode) + texts
    }

    // MARK: Swift's answers

    /// What a share page does with `fragment` on the page of `parameter` at `now`, by the Swift
    /// code: `state` and `reason` as the script names them, and for a verified profile its id,
    /// `created_at` and the preview the server would show.
    static func swiftOutcome(fragment: String, parameter: String, now: Int64) async throws -> JSONValue {
        guard let author = try? NIP19.decode(parameter).publicKey else {
            return .object(["state": .string("ignored"), "reason": .string("invalid-key")])
        }
        let fetcher = ProfileFetcher(transportFactory: RelayTransports.platformDefault, currentTime: { Date(timeIntervalSince1970: TimeInterval(now)) })
        var clip = "none"
        for await update in try fetcher.fetchProfile(of: author, from: [], embeddedIn: fragment) {
            if let embedded = update.embeddedProfile { clip = embedded.code }
            if update.isFinal { break }
        }
        func outcome(_ state: String, _ reason: String) -> JSONValue {
            .object(["state": .string(state), "reason": .string(reason)])
        }
        switch clip {
        case "shown":
            let profilePart = fragment.split(separator: EventFragment.partSeparator, omittingEmptySubsequences: false).first ?? ""
            let event = try EventFragment.decode(profilePart)
            // The clip shows a nameless profile as "unnamed"; a share page shows none, as the server does.
            let preview = LinkProfileScriptTests.swiftPreview(ofContent: event.content)
            if preview["unnamed"] != nil { return outcome("ignored", "unnamed-profile") }
            return .object([
                "state": .string("verified"), "reason": .null, "id": .string(event.id), "createdAt": .string(String(event.createdAt)),
                "display": preview,
            ])
        case "link-author-mismatch", "link-not-a-profile":
            return outcome("ignored", clip)
        default:
            return outcome("rejected", clip)
        }
    }

    /// What Swift's BIP-340 verifier says of a vector, named as the script names it.
    static func swiftVerdict(_ vector: BIP340TestVector) -> String {
        let check = SignatureVerifiers.platformDefault.verifySchnorrSignature(
            BIP340TestVector.bytes(vector.signature), message: BIP340TestVector.bytes(vector.message),
            publicKey: BIP340TestVector.bytes(vector.publicKey)
        )
        switch check {
        case .valid: return "valid"
        case .invalidPublicKey: return "pubkey-not-on-curve"
        default: return "invalid-signature"
        }
    }

    /// The whole vectors document for these inputs, every expectation computed by Swift.
    static func document(links: [LinkInput], fragments: [String]) async throws -> JSONValue {
        var linkCases: [JSONValue] = []
        for link in links {
            let profilePart = link.fragment.split(separator: EventFragment.partSeparator, omittingEmptySubsequences: false).first ?? ""
            linkCases.append(.object([
                "name": .string(link.name), "fragment": .string(link.fragment), "parameter": .string(link.parameter),
                "decoded": LinkProfileScriptTests.swiftDecoding(String(profilePart)),
                "outcome": try await swiftOutcome(fragment: link.fragment, parameter: link.parameter, now: now),
            ]))
        }
        return .object([
            "about": .string(
                "Inputs for the link-profile script's Node tests, with the answers of the Swift code it mirrors. "
                    + "SignedLinkVectorsTests checks every answer against Swift on each run. Not edited by hand: "
                    + "CLIPKIT_WRITE_SIGNED_LINK_VECTORS=1 swift test --package-path Tooling --filter SignedLinkVectorsTests/writeTheVectors "
                    + "signs the links anew and writes it."
            ),
            "now": .number(now),
            "rules": LinkProfileRules.json,
            "links": .array(linkCases),
            "fragments": .array(fragments.map { .object(["fragment": .string($0), "decoded": LinkProfileScriptTests.swiftDecoding($0)]) }),
            "signatures": .array(BIP340TestVector.all.map { vector in
                .object([
                    "name": .string("BIP-340 vector \(vector.index)"), "publicKey": .string(vector.publicKey), "message": .string(vector.message),
                    "signature": .string(vector.signature), "expected": .string(swiftVerdict(vector)),
                ])
            }),
        ])
    }

    // MARK: The committed file

    @Test func theCommittedVectorsAreWhatSwiftAnswers() async throws {
        let committed = try JSONValue(strictlyParsing: Data(contentsOf: Self.file))
        #expect(committed["now"]?.int64Value == Self.now)
        let links = try #require(committed["links"]?.arrayValue).map { link in
            LinkInput(
                name: link["name"]?.stringValue ?? "", fragment: link["fragment"]?.stringValue ?? "", parameter: link["parameter"]?.stringValue ?? ""
            )
        }
        let fragments = try #require(committed["fragments"]?.arrayValue).compactMap { $0["fragment"]?.stringValue }
        let recomputed = try await Self.document(links: links, fragments: fragments)
        #expect(committed["rules"] == recomputed["rules"], "the rules are LinkProfileRules.json as Swift makes it now")
        #expect(committed["signatures"] == recomputed["signatures"], "the BIP-340 vectors and Swift's verdicts")
        for (index, link) in (committed["links"]?.arrayValue ?? []).enumerated() {
            #expect(link == recomputed["links"]?.arrayValue?[safe: index], "link \(index) (\(link["name"]?.stringValue ?? "")) is not what Swift answers")
        }
        for (index, fragment) in (committed["fragments"]?.arrayValue ?? []).enumerated() {
            #expect(fragment == recomputed["fragments"]?.arrayValue?[safe: index], "fragment \(index) is not what Swift answers")
        }
        #expect(committed == recomputed, "regenerate the file with CLIPKIT_WRITE_SIGNED_LINK_VECTORS=1 if the Swift side changed on purpose")

        // The file covers every outcome the script can give a link, and every BIP-340 verdict.
        let states = Set((committed["links"]?.arrayValue ?? []).compactMap { $0["outcome"]?["state"]?.stringValue })
        #expect(states == ["verified", "rejected", "ignored"])
        let verdicts = Set((committed["signatures"]?.arrayValue ?? []).compactMap { $0["expected"]?.stringValue })
        #expect(verdicts == ["valid", "invalid-signature", "pubkey-not-on-curve"])
        #expect(fragments == (try Self.decoderFragments()), "the decoder's fragments are the ones made here")
    }

    @Test func theNodeTestsPass() async throws {
        let folder = TestEnvironment.file("Tooling/Tests/JavaScript")
        let tests = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".test.mjs") }.sorted()
        #expect(tests.contains("link-profile.test.mjs"))
        let result = try await ChildProcess.run(
            try TestEnvironment.systemTool("node"), arguments: ["--test", "--test-reporter=tap"] + tests.map { folder.appendingPathComponent($0).path },
            currentDirectory: TestEnvironment.repositoryRoot, timeout: 240
        )
        let summary = result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("# ") }.joined(separator: "\n")
        #expect(result.status == 0, "node --test failed:\n\(result.standardOutput.suffix(4000))\n\(result.standardError.suffix(2000))")
        #expect(summary.contains("# fail 0"), "\(summary)")
        let passed = summary.split(separator: "\n").first { $0.hasPrefix("# pass ") }.flatMap { Int($0.dropFirst(7)) } ?? 0
        #expect(passed >= 6, "node ran \(passed) passing tests:\n\(summary)")
    }

    // MARK: Writing the file

    /// Signs fresh links with nostr-sdk and writes the file; runs only with
    /// `CLIPKIT_WRITE_SIGNED_LINK_VECTORS=1` (signatures are randomised, so each run writes other bytes).
    @Test(.enabled(if: ProcessInfo.processInfo.environment["CLIPKIT_WRITE_SIGNED_LINK_VECTORS"] == "1"))
    func writeTheVectors() async throws {
        let now = Int(Self.now)
        let skew = Int(ProfileFetchConfiguration().allowedClockSkew.components.seconds)
        let driverContent = #"{"name":"dana","display_name":"Dana Driver","about":"Night shifts downtown.","picture":"https://images.example.com/dana.jpg","car_color":"Blue","car_make":"Toyota","car_model":"Prius"}"#
        let specifications: [DriverFixtures.EventSpecification] = [
            .init(key: "link-vector-driver", kind: 0, content: driverContent, createdAt: now - 600),
            .init(key: "link-vector-hostile", kind: 0, content: #"{"display_name":"<script>alert('name')</script>\"\u0301><img src=x onerror=alert(1)>","about":"\"><svg onload=alert(3)>\u202e","picture":"javascript:alert(document.cookie)","car_make":"</dd><script>alert(4)</script>"}"#, createdAt: now - 600),
            .init(key: "link-vector-other", kind: 0, content: #"{"name":"Someone Else"}"#, createdAt: now - 60),
            .init(key: "link-vector-driver", kind: 1, content: "Line one\nslash / quote \" backslash \\ tab\t\u{2028} end \u{1F697}", tags: [["t", "roadflare"]], createdAt: now - 60),
            .init(key: "link-vector-driver", kind: 0, content: #"{"name":"At the skew"}"#, createdAt: now + skew),
            .init(key: "link-vector-driver", kind: 0, content: #"{"name":"Past the skew"}"#, createdAt: now + skew + 1),
            .init(key: "link-vector-unnamed", kind: 0, content: #"{"about":"no name here"}"#, createdAt: now - 60),
            .init(key: "link-vector-unreadable", kind: 0, content: #"{"name":"dup","name":"again"}"#, createdAt: now - 60),
            // Relays on loopback ports where nothing listens: the clip may ask a relay list's write relays.
            .init(key: "link-vector-driver", kind: 10_002, content: "", tags: [["r", "ws://127.0.0.1:1"], ["r", "ws://127.0.0.1:2", "write"]], createdAt: now - 600),
        ]
        let signed = try await DriverFixtures.sign(specifications).map { try NostrEvent(jsonData: Data($0.utf8)) }
        let driver = signed[0], hostile = signed[1], other = signed[2], note = signed[3], atSkew = signed[4], pastSkew = signed[5]
        let unnamed = signed[6], unreadable = signed[7], relayList = signed[8]
        var tamperedContent = driver
        tamperedContent.content = driver.content.replacingOccurrences(of: "Dana", with: "Dina")
        var tamperedSignature = driver
        tamperedSignature.signature = String(driver.signature.dropLast()) + (driver.signature.hasSuffix("0") ? "1" : "0")
        let driverFragment = try EventFragment.encode(driver)
        let driverBytes = FragmentBytes.decode(driverFragment)
        func npub(_ event: NostrEvent) throws -> String { try NIP19.encodePublicKey(event.pubkey) }
        let links: [LinkInput] = [
            LinkInput(name: "the driver's profile", fragment: driverFragment, parameter: try npub(driver)),
            LinkInput(name: "the driver's profile on an nprofile page", fragment: driverFragment,
                      parameter: try NIP19.encodeProfile(publicKey: driver.pubkey, relays: ["ws://127.0.0.1:1"])),
            LinkInput(name: "the driver's profile and relay list", fragment: try EventFragment.encode(profile: driver, relayList: relayList),
                      parameter: try npub(driver)),
            LinkInput(name: "a hostile profile", fragment: try EventFragment.encode(hostile), parameter: try npub(hostile)),
            LinkInput(name: "another key's profile", fragment: try EventFragment.encode(other), parameter: try npub(driver)),
            LinkInput(name: "a tampered signature", fragment: try EventFragment.encode(tamperedSignature), parameter: try npub(driver)),
            LinkInput(name: "tampered content", fragment: try EventFragment.encode(tamperedContent), parameter: try npub(driver)),
            LinkInput(name: "created_at at the allowed clock skew", fragment: try EventFragment.encode(atSkew), parameter: try npub(driver)),
            LinkInput(name: "created_at past the allowed clock skew", fragment: try EventFragment.encode(pastSkew), parameter: try npub(driver)),
            LinkInput(name: "a kind-1 note", fragment: try EventFragment.encode(note), parameter: try npub(driver)),
            LinkInput(name: "a profile without a name", fragment: try EventFragment.encode(unnamed), parameter: try npub(unnamed)),
            LinkInput(name: "an unreadable profile", fragment: try EventFragment.encode(unreadable), parameter: try npub(unreadable)),
            LinkInput(name: "a truncated fragment", fragment: FragmentBytes.encode(Array(driverBytes.dropLast(3))), parameter: try npub(driver)),
            LinkInput(name: "a fragment with a byte too many", fragment: FragmentBytes.encode(driverBytes + [0]), parameter: try npub(driver)),
            LinkInput(name: "a fragment of another version", fragment: FragmentBytes.encode([2] + driverBytes.dropFirst()), parameter: try npub(driver)),
            LinkInput(name: "a fragment with a character outside base64url", fragment: "!" + String(driverFragment.dropFirst()), parameter: try npub(driver)),
            LinkInput(name: "a fragment with a base64url character too many", fragment: driverFragment + "A", parameter: try npub(driver)),
        ]
        let fragments = try Self.decoderFragments()
        let document = try await Self.document(links: links, fragments: fragments)
        try (document.serialized(layout: .indented) + Data("\n".utf8)).write(to: Self.file)
    }
}
