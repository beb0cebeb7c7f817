import ClipKit
import ClipManifestReader
@_spi(ClipKitTooling) import ClipNostr
import ClipTestSupport
import Foundation
import Testing

/// The `nostrPerson` route parameter kind: every shared form of a person, normalized; the forms
/// that name no person refused with the reason.
@Suite struct NostrPersonParameterKindTests {
    static let key = NIP19Tests.key
    static let npub = NIP19Tests.npub
    static let eventID = NIP19PointerTests.eventID

    func accepted(_ value: String) -> String? {
        guard case .accepted(let normalized) = ParameterKind.nostrPerson.check(value) else { return nil }
        return normalized
    }

    func rejection(_ value: String) -> String? {
        guard case .rejected(let reason) = ParameterKind.nostrPerson.check(value) else { return nil }
        return reason
    }

    @Test func npubAndNprofileStayAsTheyAre() throws {
        #expect(accepted(Self.npub) == Self.npub)
        #expect(accepted("nostr:" + Self.npub.uppercased()) == Self.npub)
        let nprofile = try NIP19.encodeProfile(publicKey: Self.key, relays: ["wss://nos.lol"])
        #expect(accepted(nprofile) == nprofile)
    }

    @Test func neventWithAnAuthorBecomesTheAuthor() throws {
        let withHints = try NIP19.encodeEvent(NIP19EventPointer(
            eventID: Self.eventID, relays: ["wss://nos.lol", "ws://127.0.0.1:7777"], author: Self.key, kind: 1
        ))
        #expect(accepted(withHints) == (try NIP19.encodeProfile(publicKey: Self.key, relays: ["wss://nos.lol", "ws://127.0.0.1:7777"])))
        let bare = try NIP19.encodeEvent(NIP19EventPointer(eventID: Self.eventID, author: Self.key))
        #expect(accepted(bare) == Self.npub)
    }

    @Test func naddrOfAProfileBecomesTheAuthor() throws {
        let profile = try NIP19.encodeAddress(NIP19AddressPointer(identifier: "", author: Self.key, kind: 0, relays: ["wss://nos.lol"]))
        #expect(accepted(profile) == (try NIP19.encodeProfile(publicKey: Self.key, relays: ["wss://nos.lol"])))
        let noHints = try NIP19.encodeAddress(NIP19AddressPointer(identifier: "", author: Self.key, kind: 0))
        #expect(accepted(noHints) == Self.npub)
    }

    @Test func nip05AddressesAreLowercased() {
        #expect(accepted("Maria@RoadFlare.app") == "maria@roadflare.app")
        #expect(accepted("_@roadflare.app") == "_@roadflare.app")
        #expect(accepted("maria@127.0.0.1:8443") == "maria@127.0.0.1:8443")
        #expect(rejection("maria@roadflare.app/evil")?.contains("NIP-05") == true)
        #expect(rejection("ma ria@roadflare.app")?.contains("NIP-05") == true)
        #expect(rejection("a@b@c")?.contains("exactly one '@'") == true)
    }

    @Test func formsThatNameNoPersonAreRefusedWithTheReason() throws {
        let authorless = try NIP19.encodeEvent(NIP19EventPointer(eventID: Self.eventID, relays: ["wss://nos.lol"]))
        let noAuthor = try #require(rejection(authorless))
        #expect(noAuthor.contains("does not name its author"), "\(noAuthor)")
        let article = try NIP19.encodeAddress(NIP19AddressPointer(identifier: "slug", author: Self.key, kind: 30_023))
        let notAProfile = try #require(rejection(article))
        #expect(notAProfile.contains("kind 30023") && notAProfile.contains("kind 0"), "\(notAProfile)")
        let nsec = Bech32Encoder.encode(prefix: "nsec", bytes: NIP19Tests.keyBytes)
        #expect(rejection(nsec)?.contains("never share it") == true)
        #expect(rejection("npub1notakey")?.contains("NIP-05 address") == true)
        #expect(rejection("") != nil)
    }

    @Test func nostrProfileStillTakesOnlyNpubAndNprofile() throws {
        let nevent = try NIP19.encodeEvent(NIP19EventPointer(eventID: Self.eventID, author: Self.key))
        guard case .rejected(let reason) = ParameterKind.nostrProfile.check(nevent) else {
            Issue.record("nostrProfile accepted an nevent")
            return
        }
        #expect(reason.contains("nevent"))
        #expect(ParameterKind.npub.check(nevent) != .accepted(Self.npub))
    }

    @Test func everyNostrKindIsRegistered() {
        #expect(ParameterKind.nostrKinds.map(\.name) == ["npub", "nostrProfile", "nostrPerson"])
        #expect(ParameterKind.nostrKindNames == ["npub", "nostrProfile", "nostrPerson"])
        for kind in ParameterKind.nostrKinds {
            #expect(ParameterKindRegistry.standardWithNostr.names.contains(kind.name))
        }
    }

    @Test func aRouteCapturesAPersonInAnyForm() throws {
        let router = try PersonRoutes.router()
        let nevent = try NIP19.encodeEvent(NIP19EventPointer(eventID: Self.eventID, relays: ["wss://nos.lol"], author: Self.key))
        let match = try router.route("https://roadflare.app/p/\(nevent)").get()
        #expect(match.route == "person")
        #expect(match.parameters["who"] == (try NIP19.encodeProfile(publicKey: Self.key, relays: ["wss://nos.lol"])))
        #expect(try router.route("https://roadflare.app/p/Maria@RoadFlare.app").get().parameters["who"] == "maria@roadflare.app")
        let authorless = try NIP19.encodeEvent(NIP19EventPointer(eventID: Self.eventID))
        guard case .failure(let failure) = router.route("https://roadflare.app/p/\(authorless)") else {
            Issue.record("an nevent without author routed")
            return
        }
        #expect(failure.description.contains("author"), "\(failure.description)")
    }
}

/// RoadFlare's manifest with one more route, `person`, capturing a `nostrPerson` as `who`.
enum PersonRoutes {
    static func router() throws -> InvocationRouter {
        let url = TestEnvironment.file("Examples/roadflare/clipkit.json")
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        var routes = try #require(object["routes"] as? [[String: Any]])
        routes.insert(["name": "person", "pattern": "https://roadflare.app/p/{who}", "handledBy": "clip", "params": ["who": "nostrPerson"]], at: 0)
        object["routes"] = routes
        let data = try JSONSerialization.data(withJSONObject: object)
        let manifest = try ManifestLoader(parameterKinds: .standardWithNostr).load(data: data)
        return try InvocationRouter(manifest: manifest, parameterKinds: .standardWithNostr)
    }
}
