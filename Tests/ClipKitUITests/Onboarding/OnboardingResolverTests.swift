import ClipKit
import ClipKitUI
import ClipNostr
import ClipTestSupport
import ClipWebBridge
import Foundation
import Testing

@Suite struct OnboardingResolverTests {
    static let npub = "npub180cvv07tjdrrgpa0j7j7tmnyl2yr6yr7l8j4s3evf6u64th6gkwsyjh6w6"
    /// Shaped like an npub (the store accepts it) but with a wrong checksum.
    static let damagedNpub = "npub180cvv07tjdrrgpa0j7j7tmnyl2yr6yr7l8j4s3evf6u64th6gkwsyjh6w7"

    let resolver = OnboardingResolver()
    let handoff: HandoffFixture
    let router: InvocationRouter

    init() throws {
        handoff = try HandoffFixture()
        let kinds = ParameterKindRegistry.standard.registering(.npub)
        let manifest = try ManifestLoader(parameterKinds: kinds).load(contentsOf: TestEnvironment.file("Examples/roadflare/clipkit.json"))
        router = try InvocationRouter(manifest: manifest, parameterKinds: kinds)
    }

    func match(_ text: String) throws -> RouteMatch {
        try router.route(text).get()
    }

    @Test func noAppInstalledTheAppClaimsTheClipsDriverOnce() throws {
        try handoff.store.offer(RoadFlareDriverHandoff(npub: Self.npub, displayName: "Alice", profileCreatedAt: 1_700_000_000))
        let first = resolver.launch(openedBy: nil, claimingFrom: handoff.store)
        #expect(first.destination == .addDriver(DriverPrefill(
            npub: Self.npub, displayName: "Alice", profileCreatedAt: 1_700_000_000, origin: .clipHandoff
        )))
        #expect(first.claimed?.typeName == RoadFlareDriverHandoff.handoffTypeName)

        let second = resolver.launch(openedBy: nil, claimingFrom: handoff.store)
        #expect(second.destination == .standardOnboarding, "the handoff is one-shot")
        #expect(second.claimed == nil)
    }

    @Test func appInstalledTheLinkOpensTheAppDirectly() throws {
        let launch = resolver.launch(openedBy: try match("https://roadflare.app/share/d/\(Self.npub)"), claimingFrom: handoff.store)
        #expect(launch.destination == .addDriver(DriverPrefill(npub: Self.npub, origin: .invocationURL)))
        #expect(launch.claimed == nil)
    }

    @Test func evictedClipDataMeansStandardOnboarding() throws {
        try handoff.store.offer(RoadFlareDriverHandoff(npub: Self.npub))
        try handoff.defaults.removeValue(forKey: HandoffStore.defaultKey)   // the system evicted the clip's data
        let launch = resolver.launch(openedBy: nil, claimingFrom: handoff.store)
        #expect(launch.destination == .standardOnboarding)
        #expect(launch.claimed == nil)
    }

    @Test func aReturningUsersLinkWinsAndALeftoverHandoffIsConsumed() throws {
        try handoff.store.offer(RoadFlareDriverHandoff(npub: Self.npub, displayName: "Old"))
        let other = "npub1sg6plzptd64u62a878hep2kev88swjh3tw00gjsfl8f237lmu63q0uf63m"
        let launch = resolver.launch(openedBy: try match("https://roadflare.app/share/d/\(other)"), claimingFrom: handoff.store)
        #expect(launch.destination == .addDriver(DriverPrefill(npub: other, origin: .invocationURL)))
        #expect(launch.claimed != nil, "the leftover entry is claimed, so it cannot surface later")
        #expect(resolver.launch(openedBy: nil, claimingFrom: handoff.store).destination == .standardOnboarding)
    }

    @Test func anExpiredHandoffIsNotUsed() throws {
        let past = try HandoffStore(defaults: handoff.defaults, lifetime: 60, clock: { Date().addingTimeInterval(-3_600) })
        try past.offer(RoadFlareDriverHandoff(npub: Self.npub))
        #expect(resolver.launch(openedBy: nil, claimingFrom: handoff.store).destination == .standardOnboarding)
    }

    @Test func aDamagedNpubIsNotPrefilled() throws {
        try handoff.store.offer(RoadFlareDriverHandoff(npub: Self.damagedNpub))
        #expect(resolver.launch(openedBy: nil, claimingFrom: handoff.store).destination == .standardOnboarding)
    }

    @Test func theRiderRouteIsNotADriver() throws {
        let rider = try match("https://roadflare.app/share/r/\(Self.npub)")
        #expect(resolver.destination(openedBy: rider, claimed: nil) == .standardOnboarding)
    }

    @Test func aStarterPackHandoffOpensTheStarterPackFlow() throws {
        try handoff.store.offer(BlueskyStarterPackHandoff(starterPackURI: "https://bsky.app/start/alice.bsky.social/3kabc"))
        #expect(resolver.launch(openedBy: nil, claimingFrom: handoff.store).destination
            == .starterPack(uri: "https://bsky.app/start/alice.bsky.social/3kabc", origin: .clipHandoff))
    }

    @Test func destinationsReadAsSentences() {
        let prefill = DriverPrefill(npub: Self.npub, displayName: "Alice", origin: .clipHandoff)
        #expect(OnboardingDestination.addDriver(prefill).description == "add-driver screen pre-filled with Alice (\(Self.npub)), from the clip's handoff")
        #expect(OnboardingDestination.standardOnboarding.description == "standard onboarding, nothing pre-filled")
    }
}
