import ClipKit
import ClipManifestReader
import ClipLoopback
import ClipNostr
import ClipSite
import ClipTestSupport
import ClipToolingTestSupport
import Foundation
import Testing

/// The share page shows a profile's NIP-05 address only when its domain lists it with the
/// profile's key: profiles on a real relay, nostr.json from nginx, the page from the server over
/// real HTTP (curl). The verifier may use plain http here because it is configured to, for
/// loopback only.
@Suite(.timeLimit(.minutes(2)))
struct SharePageNIP05Tests {
    @Test func onlyAVerifiedAddressIsShown() async throws {
        let relay = try await LocalRelay.start()
        defer { relay.stop() }
        // The keys first (signing again below gives the same keys), so nginx can list them.
        let ana = try await DriverFixtures.signProfile(key: "nip05-ana", content: ["name": "ana"]).pubkey
        let ben = try await DriverFixtures.signProfile(key: "nip05-ben", content: ["name": "ben"]).pubkey
        // "ben" is listed with Ana's key: Ben's claim is a mismatch.
        let nip05 = try await NIP05TestServer(names: ["ana": ana, "ben": ana])
        defer { nip05.stop() }
        let anaProfile = try await DriverFixtures.signProfile(key: "nip05-ana", content: ["name": "ana", "display_name": "Ana Driver", "nip05": "ana@\(nip05.domain)"])
        let benProfile = try await DriverFixtures.signProfile(key: "nip05-ben", content: ["name": "ben", "display_name": "Ben Driver", "nip05": "ben@\(nip05.domain)"])
        try await DriverFixtures.publish([anaProfile, benProfile], to: relay.url)

        let verifier = NIP05Verifier(configuration: .init(timeout: .seconds(3), allowsPlainHTTPOnLoopback: true))
        let provider = NostrShareProfileProvider(relays: [try RelayURL(relay.url)], nip05Verifier: verifier)
        let server = try await RunningServer(site: try ServerFixtures.site("roadflare", provider: provider))

        let anaPage = try await Curl.request(server.baseURL + "/share/d/" + (try NIP19.encodePublicKey(ana)))
        #expect(anaPage.status == 200)
        #expect(anaPage.body.contains("Ana Driver"))
        #expect(anaPage.body.contains(#"<p class="nip05" title="Verified NIP-05 address">✓ ana@\#(nip05.domain)</p>"#))

        let benPage = try await Curl.request(server.baseURL + "/share/d/" + (try NIP19.encodePublicKey(ben)))
        #expect(benPage.status == 200)
        #expect(benPage.body.contains("Ben Driver"), "the profile itself is shown")
        #expect(!benPage.body.contains("ben@"), "an address listed with another key is not shown")
        #expect(!benPage.body.contains(#"class="nip05""#))
        await server.stop()
    }

    @Test func aServerWithoutTheLoopbackAllowanceShowsNoLoopbackAddress() async throws {
        let relay = try await LocalRelay.start()
        defer { relay.stop() }
        let ana = try await DriverFixtures.signProfile(key: "nip05-ana", content: ["name": "ana"]).pubkey
        let nip05 = try await NIP05TestServer(names: ["ana": ana])
        defer { nip05.stop() }
        let profile = try await DriverFixtures.signProfile(key: "nip05-ana", content: ["name": "ana", "display_name": "Ana Driver", "nip05": "ana@\(nip05.domain)"])
        try await DriverFixtures.publish([profile], to: relay.url)
        // The server's default verifier: https only, so the plain-http loopback document is never read.
        let provider = NostrShareProfileProvider(relays: [try RelayURL(relay.url)])
        let server = try await RunningServer(site: try ServerFixtures.site("roadflare", provider: provider))
        let page = try await Curl.request(server.baseURL + "/share/d/" + (try NIP19.encodePublicKey(ana)))
        #expect(page.body.contains("Ana Driver"))
        #expect(!page.body.contains(#"class="nip05""#))
        await server.stop()
    }
}

/// A share link whose `nostrPerson` capture is a NIP-05 address: the server looks the name up
/// (nginx on loopback) and previews the profile of the key it lists, from its configured relay
/// (real, over real HTTP with curl).
@Suite(.timeLimit(.minutes(2)))
struct SharePageNIP05LinkTests {
    /// RoadFlare's manifest with one more clip route, `share/n/{npub}`, whose capture is a `nostrPerson`.
    func site(provider: NostrShareProfileProvider, folder: TemporaryDirectory) throws -> LinkDomainSite {
        let kinds = ParameterKindRegistry.standardWithNostr
        let file = try ExampleManifest.roadFlareWithPersonRoute(in: folder)
        let loaded = try ManifestLoader(parameterKinds: kinds).load(contentsOf: file)
        let files = Dictionary(uniqueKeysWithValues: loaded.domains.map { ($0, Data(#"{"applinks":{"details":[]}}"#.utf8)) })
        return try LinkDomainSite(manifest: loaded, associationFiles: files, profileProvider: provider, parameterKinds: kinds)
    }

    @Test func aNameInThePathIsLookedUpAndItsProfileShown() async throws {
        let relay = try await LocalRelay.start()
        defer { relay.stop() }
        let maria = try await DriverFixtures.signProfile(key: "nip05-link-page-maria", content: ["name": "maria", "display_name": "Maria by Name"])
        try await DriverFixtures.publish([maria], to: relay.url)
        let nip05 = try await NIP05TestServer(names: ["maria": maria.pubkey])
        defer { nip05.stop() }
        let verifier = NIP05Verifier(configuration: .init(timeout: .seconds(3), allowsPlainHTTPOnLoopback: true))
        let provider = NostrShareProfileProvider(relays: [try RelayURL(relay.url)], nip05Verifier: verifier)
        let folder = try TemporaryDirectory(prefix: "clipkit-nip05-link-page")
        let server = try await RunningServer(site: try site(provider: provider, folder: folder))

        let page = try await Curl.request(server.baseURL + "/share/n/maria@" + nip05.domain)
        #expect(page.status == 200)
        #expect(page.body.contains("Maria by Name"), "\(page.body.prefix(800))")
        #expect(provider.lookupKey(for: ShareProfileRequest(route: "personShare", parameters: ["npub": "maria@\(nip05.domain)"])) == "nip05:maria@\(nip05.domain)")

        let unknown = try await Curl.request(server.baseURL + "/share/n/nobody@" + nip05.domain)
        #expect(unknown.status == 200, "the generic page, without a preview")
        #expect(!unknown.body.contains("Maria by Name"))
        await server.stop()
    }
}
