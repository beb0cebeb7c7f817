import ClipKit
import ClipManifestReader
@_spi(ClipKitTooling) import ClipNostr
import ClipTestSupport
import Foundation
import Testing

@Suite("Profile targets")
struct ProfileTargetTests {
    let router: InvocationRouter

    init() throws {
        let manifest = try ManifestLoader(parameterKinds: .standardWithNostr)
            .load(contentsOf: TestEnvironment.file("Examples/roadflare/clipkit.json"))
        router = try InvocationRouter(manifest: manifest, parameterKinds: .standardWithNostr)
    }

    @Test("an npub, a nostr: URI and an nprofile resolve without a manifest")
    func nip19() throws {
        let npub = try ProfileTarget(resolving: SampleEvents.npub, router: nil)
        #expect(npub.publicKey == SampleEvents.publicKey)
        #expect(npub.relayHints.isEmpty)
        #expect(try ProfileTarget(resolving: "nostr:" + SampleEvents.npub, router: nil) == npub)
        let nprofile = try NIP19.encode(.nprofile(publicKey: SampleEvents.publicKey, relays: ["wss://nos.lol", "ws://127.0.0.1:7000"]))
        let profile = try ProfileTarget(resolving: nprofile, router: nil)
        #expect(profile.relayHints == ["wss://nos.lol", "ws://127.0.0.1:7000"])
    }

    @Test("a share URL is routed to its npub parameter")
    func shareURL() throws {
        let target = try ProfileTarget(resolving: "https://roadflare.app/share/d/\(SampleEvents.npub)", router: router)
        #expect(target.publicKey == SampleEvents.publicKey)
        #expect(target.route == "driverShare")
    }

    @Test("what cannot name a profile is refused with the reason")
    func refusals() {
        #expect(throws: ProfileTargetError.needsManifest) {
            try ProfileTarget(resolving: "https://roadflare.app/share/d/\(SampleEvents.npub)", router: nil)
        }
        #expect(throws: ProfileTargetError.self) { try ProfileTarget(resolving: "https://evil.example/share/d/\(SampleEvents.npub)", router: router) }
        #expect(throws: ProfileTargetError.self) { try ProfileTarget(resolving: "https://roadflare.app/share/d/npub1bad", router: router) }
        #expect(throws: ProfileTargetError.self) { try ProfileTarget(resolving: "note1abc", router: nil) }
        #expect(throws: ProfileTargetError.self) { try ProfileTarget(resolving: "", router: nil) }
    }

    @Test("an nevent names its author, with its relay hints")
    func nevent() throws {
        let text = try NIP19.encodeEvent(NIP19EventPointer(
            eventID: NIP19PointerTests.eventID, relays: ["wss://nos.lol", "ws://127.0.0.1:7000"], author: SampleEvents.publicKey, kind: 1
        ))
        let target = try ProfileTarget(resolving: text, router: nil)
        #expect(target.publicKey == SampleEvents.publicKey)
        #expect(target.relayHints == ["wss://nos.lol", "ws://127.0.0.1:7000"])
        #expect(target.route == nil)
        let authorless = try NIP19.encodeEvent(NIP19EventPointer(eventID: NIP19PointerTests.eventID))
        let error = #expect(throws: ProfileTargetError.self) { try ProfileTarget(resolving: authorless, router: nil) }
        #expect(error?.description.contains("does not name its author") == true, "\(String(describing: error))")
    }

    @Test("an naddr of kind 0 names its author; another kind is refused")
    func naddr() throws {
        let profile = try NIP19.encodeAddress(NIP19AddressPointer(identifier: "", author: SampleEvents.publicKey, kind: 0, relays: ["wss://nos.lol"]))
        let target = try ProfileTarget(resolving: "nostr:" + profile, router: nil)
        #expect(target.publicKey == SampleEvents.publicKey)
        #expect(target.relayHints == ["wss://nos.lol"])
        let article = try NIP19.encodeAddress(NIP19AddressPointer(identifier: "post", author: SampleEvents.publicKey, kind: 30_023))
        let error = #expect(throws: ProfileTargetError.self) { try ProfileTarget(resolving: article, router: nil) }
        #expect(error?.description.contains("kind 30023") == true, "\(String(describing: error))")
    }

    @Test("a share URL routed to a nostrPerson or npub parameter takes nevent and naddr")
    func routedPointers() throws {
        let router = try PersonRoutes.router()
        let nevent = try NIP19.encodeEvent(NIP19EventPointer(eventID: NIP19PointerTests.eventID, relays: ["wss://nos.lol"], author: SampleEvents.publicKey))
        let viaPerson = try ProfileTarget(resolving: "https://roadflare.app/p/\(nevent)", router: router)
        #expect(viaPerson.publicKey == SampleEvents.publicKey)
        #expect(viaPerson.relayHints == ["wss://nos.lol"])
        #expect(viaPerson.route == "person")
        let naddr = try NIP19.encodeAddress(NIP19AddressPointer(identifier: "", author: SampleEvents.publicKey, kind: 0))
        let viaAddress = try ProfileTarget(resolving: "https://roadflare.app/p/\(naddr)", router: router)
        #expect(viaAddress.publicKey == SampleEvents.publicKey)
        #expect(viaAddress.relayHints.isEmpty)
    }

    @Test("a NIP-05 address is recognized but needs a lookup, bare or routed")
    func nip05() throws {
        let address = try NIP05Address("maria@roadflare.app")
        #expect(throws: ProfileTargetError.needsNameLookup(address)) { try ProfileTarget(resolving: "Maria@RoadFlare.app", router: nil) }
        #expect(throws: ProfileTargetError.needsNameLookup(address)) {
            try ProfileTarget(resolving: "https://roadflare.app/p/maria@roadflare.app", router: try PersonRoutes.router())
        }
        let message = ProfileTargetError.needsNameLookup(address).description
        #expect(message.contains("maria@roadflare.app") && message.contains("looked up"))
        #expect(message.contains("https://roadflare.app/.well-known/nostr.json?name=maria"))
        // Not an address either: the NIP-19 reason is given.
        let error = #expect(throws: ProfileTargetError.self) { try ProfileTarget(resolving: "maria at roadflare", router: nil) }
        if case .notAProfileReference = error {} else { Issue.record("\(String(describing: error))") }
    }
}
