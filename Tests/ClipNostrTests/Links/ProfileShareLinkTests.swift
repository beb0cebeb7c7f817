import ClipKit
import ClipManifestReader
@_spi(ClipKitTooling) import ClipNostr
import ClipTestSupport
import Foundation
import Testing

/// What a share button makes: a link that routes back to the driver route and carries a profile
/// that verifies; and the fetch that starts from it.
@Suite struct ProfileShareLinkTests {
    func router() throws -> InvocationRouter {
        let manifest = try ManifestLoader(parameterKinds: .standardWithNostr)
            .load(contentsOf: TestEnvironment.file("Examples/roadflare/clipkit.json"))
        return try InvocationRouter(manifest: manifest, parameterKinds: .standardWithNostr)
    }

    @Test func aSignedProfileRoundTripsThroughTheLink() throws {
        let event = try SampleEvents.decode(SampleEvents.profileJSON)
        let router = try router()
        let link = try ProfileShareLink(signedProfile: event, router: router)
        #expect(link.embedded)
        #expect(link.length == link.url.utf8.count)
        #expect(link.url.hasPrefix("https://roadflare.app/share/d/\(SampleEvents.npub)#"))
        // encode → URL → route → decode → verify
        let match = try router.route(link.url).get()
        #expect(match.route == "driverShare")
        #expect(match.parameters["npub"] == SampleEvents.npub)
        let fragment = try #require(match.fragment)
        let decoded = try EventFragment.decodeProfile(fragment, author: try #require(try NIP19.decode(SampleEvents.npub).publicKey))
        #expect(decoded == event)
        #expect(isGenuine(decoded))
    }

    func isGenuine(_ event: NostrEvent) -> Bool {
        if case .success = EventVerifier().verify(event) { return true }
        return false
    }

    @Test func aPlainLinkCarriesNoFragment() throws {
        let router = try router()
        for key in [SampleEvents.npub, SampleEvents.publicKey] {
            let link = try ProfileShareLink(publicKey: key, router: router)
            #expect(link.url == "https://roadflare.app/share/d/\(SampleEvents.npub)")
            #expect(!link.embedded)
        }
        #expect(throws: ProfileShareLinkError.self) { try ProfileShareLink(publicKey: "npub1nope", router: router) }
    }

    @Test func aForgedOrUnfitEventIsNeverEmbedded() throws {
        let router = try router()
        var forged = try SampleEvents.decode(SampleEvents.profileJSON)
        forged.content = forged.content.replacingOccurrences(of: "Ana", with: "Eve")
        #expect { try ProfileShareLink(signedProfile: forged, router: router) } throws: { error in
            (error as? ProfileShareLinkError)?.code == "not-genuine"
        }
        let note = try SampleEvents.decode(SampleEvents.noteJSON)
        #expect(throws: ProfileShareLinkError.fragment(.notAProfile(kind: 1))) { try ProfileShareLink(signedProfile: note, router: router) }
        #expect(throws: ProfileShareLinkError.routeTakesNoSignedProfile("riderShare")) {
            try ProfileShareLink(signedProfile: try SampleEvents.decode(SampleEvents.profileJSON), router: router, route: "riderShare")
        }
    }

    @available(iOS 16.0, *)
    @Test func theFetchStartsFromTheLinkAndDropsWhatDoesNotVerify() async throws {
        let event = try SampleEvents.decode(SampleEvents.profileJSON)
        let fragment = try EventFragment.encode(event)
        let fetcher = ProfileFetcher(currentTime: { Date(timeIntervalSince1970: 1_800_000_000) })
        var updates: [ProfileFetchUpdate] = []
        for await update in try fetcher.fetchProfile(of: SampleEvents.publicKey, from: [], embeddedIn: fragment) { updates.append(update) }
        let first = try #require(updates.first)
        #expect(first.change == .newProfile)
        #expect(first.profile?.origin == .link)
        #expect(first.profile?.relay == nil)
        #expect(first.profile?.event == event)
        #expect(first.profile?.profile.displayName == "Ana Driver")
        #expect(first.embeddedProfile == .shown)
        #expect(first.firstProfileAfter != nil)
        #expect(updates.last?.isFinal == true)

        var forged = event
        forged.createdAt += 1
        let tampered = try EventFragment.encode(forged)
        updates = []
        for await update in try fetcher.fetchProfile(of: SampleEvents.publicKey, from: [], embeddedIn: tampered) { updates.append(update) }
        #expect(updates.allSatisfy { $0.profile == nil })
        #expect(updates.last?.embeddedProfile == .dropped(.failedVerification(.invalidSignature)))

        updates = []
        for await update in try fetcher.fetchProfile(of: SampleEvents.publicKey, from: [], embeddedIn: "AAAA") { updates.append(update) }
        #expect(updates.last?.embeddedProfile == .dropped(.unreadableLink(.unsupportedVersion(0))))

        // A profile from the future (beyond the allowed skew) is dropped as a relay's would be.
        let early = ProfileFetcher(currentTime: { Date(timeIntervalSince1970: 1_600_000_000) })
        updates = []
        for await update in try early.fetchProfile(of: SampleEvents.publicKey, from: [], embeddedIn: fragment) { updates.append(update) }
        #expect(updates.last?.embeddedProfile == .dropped(.tooFarInFuture(createdAt: event.createdAt)))
    }
}
