import ClipKit
import ClipManifestReader
import ClipNostr
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
}
