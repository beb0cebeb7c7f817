import ClipKit
import ClipManifestReader
import ClipNostr
import ClipTestSupport
import Foundation
import Testing

/// The `npub` and `nostrProfile` route parameter kinds, alone and inside RoadFlare's router.
@Suite struct NostrParameterKindTests {
    static let npub = "npub180cvv07tjdrrgpa0j7j7tmnyl2yr6yr7l8j4s3evf6u64th6gkwsyjh6w6"

    @Test func npubAcceptsAndNormalizes() {
        #expect(ParameterKind.npub.check(Self.npub) == .accepted(Self.npub))
        #expect(ParameterKind.npub.check(Self.npub.uppercased()) == .accepted(Self.npub))
        #expect(ParameterKind.npub.check("nostr:" + Self.npub) == .accepted(Self.npub))
    }

    @Test func npubRejectionsSayWhy() throws {
        guard case .rejected(let checksum) = ParameterKind.npub.check(String(Self.npub.dropLast()) + "7") else {
            Issue.record("a typo was accepted")
            return
        }
        #expect(checksum.contains("checksum"))
        let profile = try NIP19.encodeProfile(publicKey: try #require(try NIP19.decode(Self.npub).publicKey), relays: ["wss://nos.lol"])
        guard case .rejected(let kind) = ParameterKind.npub.check(profile) else {
            Issue.record("an nprofile was accepted as an npub")
            return
        }
        #expect(kind.contains("nprofile"))
        #expect(ParameterKind.nostrProfile.check(profile) == .accepted(profile))
    }

    @Test func roadFlaresDriverShareRouteUsesIt() throws {
        let manifestURL = TestEnvironment.file("Examples/roadflare/clipkit.json")
        let manifest = try ManifestLoader(parameterKinds: .standardWithNostr).load(contentsOf: manifestURL)
        let router = try InvocationRouter(manifest: manifest, parameterKinds: .standardWithNostr)
        let match = try router.route("https://roadflare.app/share/d/\(Self.npub.uppercased())").get()
        #expect(match.route == "driverShare")
        #expect(match.parameters["npub"] == Self.npub)
        guard case .failure(let failure) = router.route("https://roadflare.app/share/d/npub1notakey") else {
            Issue.record("a bad npub routed")
            return
        }
        #expect(failure.description.contains("npub"))
    }
}
