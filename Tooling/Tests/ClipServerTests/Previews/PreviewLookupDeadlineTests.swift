import ClipKit
import ClipLoopback
import ClipNostr
import ClipSite
import ClipTestSupport
import ClipToolingTestSupport
import Foundation
import Testing

/// One deadline for a preview lookup's NIP-05 work and relay fetch: profiles on a real relay,
/// nostr.json from nginx on loopback (whose `hung` name never answers), pages from the server over
/// real HTTP (curl). The verifier's own timeout is far longer than the page's wait, so only the
/// lookup's deadline can end these lookups in time. The verifier may use plain http here because
/// it is configured to, for loopback only.
@Suite(.timeLimit(.minutes(2)))
struct PreviewLookupDeadlineTests {
    /// A verifier that would wait 20 seconds for a domain.
    static let patientVerifier = NIP05Verifier(configuration: .init(timeout: .seconds(20), allowsPlainHTTPOnLoopback: true))

    @Test func aNIP05CheckStillRunningAtTheDeadlineLeavesTheProfileWithoutItsAddress() async throws {
        let relay = try await LocalRelay.start()
        defer { relay.stop() }
        let nip05 = try await NIP05TestServer(names: [:])
        defer { nip05.stop() }
        let profile = try await DriverFixtures.signProfile(
            key: "deadline-hung", content: ["name": "hung", "display_name": "Hana Hung", "nip05": "hung@\(nip05.domain)"]
        )
        try await DriverFixtures.publish([profile], to: relay.url)
        let provider = NostrShareProfileProvider(relays: [try RelayURL(relay.url)], nip05Verifier: Self.patientVerifier)
        let server = try await RunningServer(site: try ServerFixtures.site("roadflare", provider: provider, policy: .init(lookupTimeout: 4)))

        let asked = ContinuousClock.now
        let page = try await Curl.request(server.baseURL + "/share/d/" + (try NIP19.encodePublicKey(profile.pubkey)))
        let waited = ContinuousClock.now - asked
        #expect(page.status == 200)
        // The page waits 4 s for its lookup: the profile is on it only because the lookup ended
        // by its deadline instead of waiting for the verifier's 20 s.
        #expect(page.body.contains("Hana Hung"), "the profile is shown (after \(waited)): \(page.body.prefix(600))")
        #expect(!page.body.contains(#"class="nip05""#), "the unchecked address is not")
        #expect(waited < .seconds(15), "the page waited \(waited)")
        // The lookup ended with the page's wait: its answer is cached for the next request.
        #expect(await server.site.profiles?.lookupsInFlight == 0)
        #expect(await server.site.profiles?.count == 1)
        await server.stop()
    }

    @Test func theProfilesAddressIsCheckedBesideTheFetch() async throws {
        let relay = try await LocalRelay.start()
        defer { relay.stop() }
        let key = try await DriverFixtures.signProfile(key: "deadline-ana", content: ["name": "ana"]).pubkey
        let nip05 = try await NIP05TestServer(names: ["ana": key])
        defer { nip05.stop() }
        let profile = try await DriverFixtures.signProfile(
            key: "deadline-ana", content: ["name": "ana", "display_name": "Ana Checked", "nip05": "ana@\(nip05.domain)"]
        )
        try await DriverFixtures.publish([profile], to: relay.url)
        let provider = NostrShareProfileProvider(relays: [try RelayURL(relay.url)], nip05Verifier: Self.patientVerifier)
        let request = ShareProfileRequest(route: "driverShare", parameters: ["npub": try NIP19.encodePublicKey(key)])
        let shown = try await provider.profile(for: request, before: .now + .seconds(3))
        #expect(shown?.name == "Ana Checked")
        #expect(shown?.verifiedNIP05 == "ana@\(nip05.domain)")
    }

    @Test func aNameOnADomainThatNeverAnswersEndsAtTheDeadline() async throws {
        let relay = try await LocalRelay.start()
        defer { relay.stop() }
        let nip05 = try await NIP05TestServer(names: [:])
        defer { nip05.stop() }
        let provider = NostrShareProfileProvider(relays: [try RelayURL(relay.url)], nip05Verifier: Self.patientVerifier)
        let request = ShareProfileRequest(route: "personShare", parameters: ["npub": "hung@\(nip05.domain)"])
        let asked = ContinuousClock.now
        await #expect {
            _ = try await provider.profile(for: request, before: asked + .seconds(1))
        } throws: { error in
            // A failure (retried after the failure lifetime), and the reason is the deadline.
            (error as? NostrProfileLookupError)?.reason == ProfileLookupFailure.deadlinePassed.description
        }
        let waited = ContinuousClock.now - asked
        #expect(waited >= .milliseconds(900))
        #expect(waited < .seconds(2), "the name lookup waited \(waited)")
    }
}
