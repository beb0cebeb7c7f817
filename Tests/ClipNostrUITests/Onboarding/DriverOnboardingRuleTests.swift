@_spi(ClipKitTooling) import ClipKit
import ClipKitUI
@_spi(ClipKitTooling) import ClipManifestReader
import ClipNostr
@_spi(ClipKitTooling) import ClipNostrUI
import ClipTestSupport
import Foundation
import Testing

/// The driver-share flow's rule on its own in the resolver, as RoadFlare's app uses it with its own
/// screen type, and the rule's own answers.
@Suite struct DriverOnboardingRuleTests {
    /// The app's own first screens, as RoadFlare names them.
    enum Screen: Sendable, Equatable {
        case home
        case addDriver(DriverPrefill)
    }

    static let npub = "npub180cvv07tjdrrgpa0j7j7tmnyl2yr6yr7l8j4s3evf6u64th6gkwsyjh6w6"
    /// Shaped like an npub (the store accepts it) but with a wrong checksum.
    static let damagedNpub = "npub180cvv07tjdrrgpa0j7j7tmnyl2yr6yr7l8j4s3evf6u64th6gkwsyjh6w7"

    let resolver = OnboardingResolver(rules: [.driver { Screen.addDriver($0) }], otherwise: Screen.home)
    let handoff: AppGroupFixture
    let router: InvocationRouter

    init() throws {
        handoff = try AppGroupFixture()
        let kinds = ParameterKindRegistry.standard.registering(.npub)
        let manifest = try ManifestLoader(parameterKinds: kinds).load(contentsOf: TestEnvironment.file("Examples/roadflare/clipkit.json"))
        router = try InvocationRouter(manifest: manifest, parameterKinds: kinds)
    }

    func match(_ text: String) throws -> RouteMatch {
        try router.route(text).get()
    }

    @Test func noAppInstalledTheAppClaimsTheClipsDriverOnce() throws {
        try handoff.store.offer(DriverHandoff(npub: Self.npub, displayName: "Alice", profileCreatedAt: 1_700_000_000))
        let first = resolver.launch(openedBy: nil, claimingFrom: handoff.store)
        #expect(first.destination == .addDriver(DriverPrefill(
            npub: Self.npub, displayName: "Alice", profileCreatedAt: 1_700_000_000, origin: .clipHandoff
        )))
        #expect(first.claimed?.typeName == DriverHandoff.handoffTypeName)

        let second = resolver.launch(openedBy: nil, claimingFrom: handoff.store)
        #expect(second.destination == .home, "the handoff is one-shot")
        #expect(second.claimed == nil)
    }

    @Test func appInstalledTheLinkOpensTheAppDirectly() throws {
        let launch = resolver.launch(openedBy: try match("https://roadflare.app/share/d/\(Self.npub)"), claimingFrom: handoff.store)
        #expect(launch.destination == .addDriver(DriverPrefill(npub: Self.npub, origin: .invocationURL)))
        #expect(launch.claimed == nil)
    }

    @Test func evictedClipDataMeansStandardOnboarding() throws {
        try handoff.store.offer(DriverHandoff(npub: Self.npub))
        try handoff.defaults.removeValue(forKey: HandoffStore.defaultKey)   // the system evicted the clip's data
        let launch = resolver.launch(openedBy: nil, claimingFrom: handoff.store)
        #expect(launch.destination == .home)
        #expect(launch.claimed == nil)
    }

    @Test func aReturningUsersLinkWinsAndALeftoverHandoffIsConsumed() throws {
        try handoff.store.offer(DriverHandoff(npub: Self.npub, displayName: "Old"))
        let other = "npub1sg6plzptd64u62a878hep2kev88swjh3tw00gjsfl8f237lmu63q0uf63m"
        let launch = resolver.launch(openedBy: try match("https://roadflare.app/share/d/\(other)"), claimingFrom: handoff.store)
        #expect(launch.destination == .addDriver(DriverPrefill(npub: other, origin: .invocationURL)))
        #expect(launch.claimed != nil, "the leftover entry is claimed, so it cannot surface later")
        #expect(resolver.launch(openedBy: nil, claimingFrom: handoff.store).destination == .home)
    }

    @Test func anExpiredHandoffIsNotUsed() throws {
        let past = try HandoffStore(defaults: handoff.defaults, lifetime: 60, clock: { Date().addingTimeInterval(-3_600) })
        try past.offer(DriverHandoff(npub: Self.npub))
        #expect(resolver.launch(openedBy: nil, claimingFrom: handoff.store).destination == .home)
    }

    @Test func aDamagedNpubIsNotPrefilled() throws {
        try handoff.store.offer(DriverHandoff(npub: Self.damagedNpub))
        #expect(resolver.launch(openedBy: nil, claimingFrom: handoff.store).destination == .home)
    }

    @Test func theRiderRouteIsNotADriver() throws {
        let rider = try match("https://roadflare.app/share/r/\(Self.npub)")
        #expect(resolver.destination(openedBy: rider, claimed: nil) == .home)
    }

    @Test func aLinkWhoseNpubFailsItsChecksumLeavesTheChoiceToTheHandoff() throws {
        // A router with a looser parameter kind could let a damaged npub through; the rule checks it itself.
        let url = try #require(URL(string: "https://roadflare.app/share/d/\(Self.damagedNpub)"))
        let damaged = RouteMatch(
            route: "driverShare", handledBy: .clip, parameters: ["npub": Self.damagedNpub], queryItems: [], url: url,
            pattern: "https://roadflare.app/share/d/{npub}"
        )
        #expect(DriverOnboardingRule().prefill(openedBy: damaged) == nil)
        try handoff.store.offer(DriverHandoff(npub: Self.npub, displayName: "Alice"))
        #expect(resolver.launch(openedBy: damaged, claimingFrom: handoff.store).destination
            == .addDriver(DriverPrefill(npub: Self.npub, displayName: "Alice", origin: .clipHandoff)))
    }

    @Test func routesAndTheParameterCanBeAnAppsOwn() throws {
        let url = try #require(URL(string: "https://rides.example/invite/\(Self.npub)"))
        let invite = RouteMatch(
            route: "invite", handledBy: .app, parameters: ["key": Self.npub], queryItems: [], url: url,
            pattern: "https://rides.example/invite/{key}"
        )
        let rule = DriverOnboardingRule(routes: ["invite"], parameter: "key")
        #expect(rule.prefill(openedBy: invite) == DriverPrefill(npub: Self.npub, origin: .invocationURL))
        #expect(DriverOnboardingRule().prefill(openedBy: invite) == nil, "the default rule knows only driverShare")
        #expect(DriverOnboardingRule(routes: ["invite"]).prefill(openedBy: invite) == nil, "the npub is read from the rule's parameter")
    }

    @Test func anotherFlowsHandoffIsLeftToTheNextRule() throws {
        try handoff.store.offer(OtherFlowHandoff(npub: Self.npub))
        let claimed = try #require(handoff.store.claimEnvelope())
        #expect(DriverOnboardingRule().prefill(claimed: claimed) == nil)
    }

    @Test func anAppMayNameTheDriverHandoffItsOwnType() throws {
        try handoff.store.offer(DriverHandoff(npub: Self.npub, displayName: "Alice"), typeName: "com.roadflare.driver")
        let claimed = try #require(handoff.store.claimEnvelope())
        #expect(DriverOnboardingRule().prefill(claimed: claimed) == nil, "the default rule knows only clipkit.driver")
        #expect(DriverOnboardingRule(handoffTypes: ["com.roadflare.driver"]).prefill(claimed: claimed)
            == DriverPrefill(npub: Self.npub, displayName: "Alice", origin: .clipHandoff))
    }

    @Test func aDriverHandoffThatDoesNotDecodeIsNotPrefilled() throws {
        try handoff.store.offer(["driver": Self.npub], typeName: DriverHandoff.handoffTypeName)
        let launch = resolver.launch(openedBy: nil, claimingFrom: handoff.store)
        #expect(launch.claimed?.typeName == DriverHandoff.handoffTypeName)
        #expect(launch.destination == .home)
    }

    @Test func theDefaultsAreRoadFlaresManifest() throws {
        let rule = DriverOnboardingRule()
        #expect(rule.routes == ["driverShare"])
        #expect(rule.parameter == "npub")
        #expect(rule.handoffTypes == [DriverHandoff.handoffTypeName])
        let driverRoute = try #require(router.route(named: "driverShare"))
        #expect(driverRoute.parameterKinds[rule.parameter]?.name == "npub")
        #expect(driverRoute.handoffType == nil, "RoadFlare's route leaves the type to the flow")
    }
}

/// Another flow's payload that also carries an npub: the driver rule must not take it for a driver.
struct OtherFlowHandoff: HandoffPayload, Equatable {
    static let handoffTypeName = "com.example.follow"
    var npub: String
}
