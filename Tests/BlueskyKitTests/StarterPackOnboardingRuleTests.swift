import BlueskyKit
@_spi(ClipKitTooling) import ClipKit
import ClipKitUI
import ClipManifestReader
import ClipTestSupport
import Foundation
import Testing

/// Bluesky's rule on its own in the resolver, as a native Bluesky app would use it, and the rule's own answers.
@Suite struct StarterPackOnboardingRuleTests {
    /// A native Bluesky app's screens.
    enum Screen: Sendable, Equatable {
        case home
        case starterPack(StarterPackEntry)
    }

    let resolver = OnboardingResolver(rules: [StarterPackOnboardingRule().rule { Screen.starterPack($0) }], otherwise: Screen.home)
    let handoff: AppGroupFixture
    let router: InvocationRouter

    init() throws {
        handoff = try AppGroupFixture()
        let manifest = try ManifestLoader().load(contentsOf: TestEnvironment.file("Examples/bluesky/clipkit.json"))
        router = try InvocationRouter(manifest: manifest)
    }

    func match(_ text: String) throws -> RouteMatch {
        try router.route(text).get()
    }

    @Test func aStarterPackHandoffOpensTheStarterPackFlow() throws {
        try handoff.store.offer(BlueskyStarterPackHandoff(starterPackURI: "https://bsky.app/start/alice.bsky.social/3kabc"))
        let launch = resolver.launch(openedBy: nil, claimingFrom: handoff.store)
        #expect(launch.destination == .starterPack(StarterPackEntry(uri: "https://bsky.app/start/alice.bsky.social/3kabc", origin: .clipHandoff)))
        #expect(launch.origin == .clipHandoff)
    }

    @Test(arguments: [
        "https://bsky.app/start/alice.bsky.social/3kabc",
        "https://bsky.app/starter-pack/alice.bsky.social/3kabc",
        "https://go.bsky.app/Ab3dEf",
    ])
    func everyStarterPackLinkOpensTheFlowWithTheLinkItself(link: String) throws {
        let launch = resolver.launch(openedBy: try match(link), claimingFrom: handoff.store)
        #expect(launch.destination == .starterPack(StarterPackEntry(uri: link, origin: .invocationURL)))
        #expect(launch.claimed == nil)
    }

    @Test func aLinkWinsOverTheClipsHandoffWhichIsStillClaimed() throws {
        try handoff.store.offer(BlueskyStarterPackHandoff(starterPackURI: "https://bsky.app/start/old.bsky.social/3kold"))
        let launch = resolver.launch(openedBy: try match("https://go.bsky.app/Ab3dEf"), claimingFrom: handoff.store)
        #expect(launch.destination == .starterPack(StarterPackEntry(uri: "https://go.bsky.app/Ab3dEf", origin: .invocationURL)))
        #expect(launch.claimed?.typeName == BlueskyStarterPackHandoff.handoffTypeName)
        #expect(resolver.launch(openedBy: nil, claimingFrom: handoff.store).destination == .home)
    }

    @Test func anotherFlowsHandoffIsLeftToTheNextRule() throws {
        try handoff.store.offer(json: .object(["npub": .string("npub180cvv07tjdrrgpa0j7j7tmnyl2yr6yr7l8j4s3evf6u64th6gkwsyjh6w6")]), typeName: "clipkit.driver")
        let launch = resolver.launch(openedBy: nil, claimingFrom: handoff.store)
        #expect(launch.claimed?.typeName == "clipkit.driver")
        #expect(launch.destination == .home)
        #expect(launch.origin == nil)
    }

    @Test func aStarterPackHandoffThatDoesNotDecodeIsNotUsed() throws {
        try handoff.store.offer(["uri": "https://bsky.app/start/alice.bsky.social/3kabc"], typeName: BlueskyStarterPackHandoff.handoffTypeName)
        let claimed = try #require(handoff.store.claimEnvelope())
        #expect(StarterPackOnboardingRule().entry(claimed: claimed) == nil)
    }

    @Test func onlyTheRulesRoutesOpenTheFlow() throws {
        let shortLink = try match("https://go.bsky.app/Ab3dEf")
        #expect(StarterPackOnboardingRule(routes: ["starterPack"]).entry(openedBy: shortLink) == nil)
        #expect(StarterPackOnboardingRule(routes: ["starterPackShortLink"]).entry(openedBy: shortLink)
            == StarterPackEntry(uri: "https://go.bsky.app/Ab3dEf", origin: .invocationURL))
    }

    @Test func theDefaultsAreBlueskysManifest() {
        #expect(StarterPackOnboardingRule().routes == Set(router.routes.map(\.name)))
        #expect(StarterPackOnboardingRule().routes == ["starterPack", "starterPackShortLink"])
    }
}
