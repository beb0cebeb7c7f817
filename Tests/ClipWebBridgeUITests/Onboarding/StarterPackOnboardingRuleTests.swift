import ClipKit
import ClipKitUI
import ClipTestSupport
import ClipWebBridge
import ClipWebBridgeUI
import Foundation
import Testing

/// Bluesky's rule on its own in the resolver, as Bluesky's app uses it, and the rule's own answers.
@Suite struct StarterPackOnboardingRuleTests {
    let resolver = OnboardingResolver(rules: [StarterPackOnboardingRule()])
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
        #expect(resolver.launch(openedBy: nil, claimingFrom: handoff.store).destination
            == .starterPack(uri: "https://bsky.app/start/alice.bsky.social/3kabc", origin: .clipHandoff))
    }

    @Test(arguments: [
        "https://bsky.app/start/alice.bsky.social/3kabc",
        "https://bsky.app/starter-pack/alice.bsky.social/3kabc",
        "https://go.bsky.app/Ab3dEf",
    ])
    func everyStarterPackLinkOpensTheFlowWithTheLinkItself(link: String) throws {
        let launch = resolver.launch(openedBy: try match(link), claimingFrom: handoff.store)
        #expect(launch.destination == .starterPack(uri: link, origin: .invocationURL))
        #expect(launch.claimed == nil)
    }

    @Test func aLinkWinsOverTheClipsHandoffWhichIsStillClaimed() throws {
        try handoff.store.offer(BlueskyStarterPackHandoff(starterPackURI: "https://bsky.app/start/old.bsky.social/3kold"))
        let launch = resolver.launch(openedBy: try match("https://go.bsky.app/Ab3dEf"), claimingFrom: handoff.store)
        #expect(launch.destination == .starterPack(uri: "https://go.bsky.app/Ab3dEf", origin: .invocationURL))
        #expect(launch.claimed?.typeName == BlueskyStarterPackHandoff.handoffTypeName)
        #expect(resolver.launch(openedBy: nil, claimingFrom: handoff.store).destination == .standardOnboarding)
    }

    @Test func anotherFlowsHandoffIsLeftToTheNextRule() throws {
        try handoff.store.offer(RoadFlareDriverHandoff(npub: "npub180cvv07tjdrrgpa0j7j7tmnyl2yr6yr7l8j4s3evf6u64th6gkwsyjh6w6"))
        let launch = resolver.launch(openedBy: nil, claimingFrom: handoff.store)
        #expect(launch.claimed?.typeName == RoadFlareDriverHandoff.handoffTypeName)
        #expect(launch.destination == .standardOnboarding)
    }

    @Test func aStarterPackHandoffThatDoesNotDecodeIsNotUsed() throws {
        try handoff.store.offer(["uri": "https://bsky.app/start/alice.bsky.social/3kabc"], typeName: BlueskyStarterPackHandoff.handoffTypeName)
        let claimed = try #require(handoff.store.claimEnvelope())
        #expect(StarterPackOnboardingRule().destination(claimed: claimed) == nil)
    }

    @Test func onlyTheRulesRoutesOpenTheFlow() throws {
        let shortLink = try match("https://go.bsky.app/Ab3dEf")
        #expect(StarterPackOnboardingRule(routes: ["starterPack"]).destination(openedBy: shortLink) == nil)
        #expect(StarterPackOnboardingRule(routes: ["starterPackShortLink"]).destination(openedBy: shortLink)
            == .starterPack(uri: "https://go.bsky.app/Ab3dEf", origin: .invocationURL))
    }

    @Test func theDefaultsAreBlueskysManifest() {
        #expect(StarterPackOnboardingRule().routes == Set(router.routes.map(\.name)))
        #expect(StarterPackOnboardingRule().routes == ["starterPack", "starterPackShortLink"])
    }
}
