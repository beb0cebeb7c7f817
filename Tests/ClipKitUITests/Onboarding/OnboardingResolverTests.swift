import ClipKit
import ClipKitUI
import ClipTestSupport
import Foundation
import Testing

/// The resolver's precedence over several flows' rules, with rules that name themselves in the
/// screen they open so a test can tell which rule decided. Each flow's real rule is tested with
/// its module (ClipNostrUITests, ClipWebBridgeUITests).
@Suite struct OnboardingResolverTests {
    /// A flow's rule reduced to what it handles: some routes and one payload type.
    struct TableRule: OnboardingRule {
        let name: String
        let routes: Set<String>
        let payloadType: String

        func destination(openedBy match: RouteMatch) -> OnboardingDestination? {
            routes.contains(match.route) ? .starterPack(uri: "\(name) link", origin: .invocationURL) : nil
        }

        func destination(claimed envelope: HandoffEnvelope) -> OnboardingDestination? {
            envelope.typeName == payloadType ? .starterPack(uri: "\(name) handoff", origin: .clipHandoff) : nil
        }
    }

    struct FirstFlowHandoff: HandoffPayload, Equatable {
        static let handoffTypeName = "test.first"
        var value: String
    }

    struct SecondFlowHandoff: HandoffPayload, Equatable {
        static let handoffTypeName = "test.second"
        var value: String
    }

    struct UnknownHandoff: HandoffPayload, Equatable {
        static let handoffTypeName = "test.unknown"
        var value: String
    }

    let first = TableRule(name: "first", routes: ["firstShare", "sharedShare"], payloadType: FirstFlowHandoff.handoffTypeName)
    let second = TableRule(name: "second", routes: ["secondShare", "sharedShare"], payloadType: SecondFlowHandoff.handoffTypeName)
    let handoff: AppGroupFixture

    init() throws {
        handoff = try AppGroupFixture()
    }

    var resolver: OnboardingResolver { OnboardingResolver(rules: [first, second]) }

    func match(route: String) throws -> RouteMatch {
        let url = try #require(URL(string: "https://example.com/\(route)/1"))
        return RouteMatch(route: route, handledBy: .clip, parameters: [:], queryItems: [], url: url, pattern: "https://example.com/\(route)/{id}")
    }

    @Test func aLinkMatchedByTheSecondRuleBeatsAHandoffAcceptedByTheFirst() throws {
        try handoff.store.offer(FirstFlowHandoff(value: "waiting"))
        let launch = resolver.launch(openedBy: try match(route: "secondShare"), claimingFrom: handoff.store)
        #expect(launch.destination == .starterPack(uri: "second link", origin: .invocationURL))
        #expect(launch.claimed?.typeName == FirstFlowHandoff.handoffTypeName, "the leftover entry is claimed even though the link won")
        #expect(handoff.store.peekEnvelope() == nil)
    }

    @Test func aLinkNoRuleHandlesLeavesTheChoiceToTheHandoff() throws {
        try handoff.store.offer(SecondFlowHandoff(value: "waiting"))
        let launch = resolver.launch(openedBy: try match(route: "elsewhere"), claimingFrom: handoff.store)
        #expect(launch.destination == .starterPack(uri: "second handoff", origin: .clipHandoff))
    }

    @Test func theFirstRuleThatHandlesALinkDecides() throws {
        let shared = try match(route: "sharedShare")
        #expect(resolver.destination(openedBy: shared, claimed: nil) == .starterPack(uri: "first link", origin: .invocationURL))
        let reversed = OnboardingResolver(rules: [second, first])
        #expect(reversed.destination(openedBy: shared, claimed: nil) == .starterPack(uri: "second link", origin: .invocationURL))
    }

    @Test func theFirstRuleThatAcceptsTheHandoffDecides() throws {
        let alsoFirst = TableRule(name: "also first", routes: [], payloadType: FirstFlowHandoff.handoffTypeName)
        try handoff.store.offer(FirstFlowHandoff(value: "waiting"))
        let launch = OnboardingResolver(rules: [second, alsoFirst, first]).launch(openedBy: nil, claimingFrom: handoff.store)
        #expect(launch.destination == .starterPack(uri: "also first handoff", origin: .clipHandoff))
    }

    @Test func aHandoffNoRuleAcceptsIsClaimedAndShowsStandardOnboarding() throws {
        try handoff.store.offer(UnknownHandoff(value: "another app's"))
        let launch = resolver.launch(openedBy: nil, claimingFrom: handoff.store)
        #expect(launch.destination == .standardOnboarding)
        #expect(launch.claimed?.typeName == UnknownHandoff.handoffTypeName)
        #expect(resolver.launch(openedBy: nil, claimingFrom: handoff.store).claimed == nil, "the handoff is one-shot")
    }

    @Test func withoutRulesEveryLaunchShowsStandardOnboardingAndStillClaims() throws {
        try handoff.store.offer(FirstFlowHandoff(value: "waiting"))
        let launch = OnboardingResolver(rules: []).launch(openedBy: try match(route: "firstShare"), claimingFrom: handoff.store)
        #expect(launch.destination == .standardOnboarding)
        #expect(launch.claimed != nil)
        #expect(handoff.store.peekEnvelope() == nil)
    }

    @Test func nothingToClaimAndNoLinkShowsStandardOnboarding() {
        let launch = resolver.launch(openedBy: nil, claimingFrom: handoff.store)
        #expect(launch.destination == .standardOnboarding)
        #expect(launch.claimed == nil)
    }
}
