@_spi(ClipKitTooling) import ClipKit
@_spi(ClipKitTooling) import ClipKitUI
import ClipManifestReader
import ClipTestSupport
import Foundation
import Testing

/// The resolver's precedence over several flows' rules, with an app's own screen type whose screens
/// name the rule that chose them, so a test can tell which rule decided. Each flow's real rule is
/// tested with its module (ClipNostrUITests, BlueskyKitTests).
@Suite struct OnboardingResolverTests {
    /// An app's own first screens.
    enum Screen: Sendable, Equatable {
        case standard
        case opened(String)
    }

    /// A flow's rule reduced to what it handles: some routes and one payload type.
    static func tableRule(_ name: String, routes: Set<String>, payloadType: String) -> OnboardingRule<Screen> {
        OnboardingRule(
            openedBy: { match in routes.contains(match.route) ? .opened("\(name) link") : nil },
            claimed: { envelope in envelope.typeName == payloadType ? .opened("\(name) handoff") : nil }
        )
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

    /// An app's own payload, whose members are a route's parameters.
    struct TableOrder: HandoffPayload, Equatable {
        static let handoffTypeName = "com.example.order"
        var store: String
        var table: String?
    }

    let first = Self.tableRule("first", routes: ["firstShare", "sharedShare"], payloadType: FirstFlowHandoff.handoffTypeName)
    let second = Self.tableRule("second", routes: ["secondShare", "sharedShare"], payloadType: SecondFlowHandoff.handoffTypeName)
    let handoff: AppGroupFixture

    init() throws {
        handoff = try AppGroupFixture()
    }

    var resolver: OnboardingResolver<Screen> { OnboardingResolver(rules: [first, second], otherwise: .standard) }

    func match(route: String, parameters: [String: String] = [:]) throws -> RouteMatch {
        let url = try #require(URL(string: "https://example.com/\(route)/1"))
        return RouteMatch(route: route, handledBy: .clip, parameters: parameters, queryItems: [], url: url, pattern: "https://example.com/\(route)/{id}")
    }

    @Test func aLinkMatchedByTheSecondRuleBeatsAHandoffAcceptedByTheFirst() throws {
        try handoff.store.offer(FirstFlowHandoff(value: "waiting"))
        let launch = resolver.launch(openedBy: try match(route: "secondShare"), claimingFrom: handoff.store)
        #expect(launch.destination == .opened("second link"))
        #expect(launch.origin == .invocationURL)
        #expect(launch.claimed?.typeName == FirstFlowHandoff.handoffTypeName, "the leftover entry is claimed even though the link won")
        #expect(handoff.store.peekEnvelope() == nil)
    }

    @Test func aLinkNoRuleHandlesLeavesTheChoiceToTheHandoff() throws {
        try handoff.store.offer(SecondFlowHandoff(value: "waiting"))
        let launch = resolver.launch(openedBy: try match(route: "elsewhere"), claimingFrom: handoff.store)
        #expect(launch.destination == .opened("second handoff"))
        #expect(launch.origin == .clipHandoff)
        #expect(launch.opensOwnScreen)
    }

    @Test func theFirstRuleThatHandlesALinkDecides() throws {
        let shared = try match(route: "sharedShare")
        #expect(resolver.destination(openedBy: shared, claimed: nil) == .opened("first link"))
        let reversed = OnboardingResolver(rules: [second, first], otherwise: Screen.standard)
        #expect(reversed.destination(openedBy: shared, claimed: nil) == .opened("second link"))
        #expect(resolver.handles(shared))
        #expect(!resolver.handles(try match(route: "elsewhere")))
    }

    @Test func theFirstRuleThatAcceptsTheHandoffDecides() throws {
        let alsoFirst = Self.tableRule("also first", routes: [], payloadType: FirstFlowHandoff.handoffTypeName)
        try handoff.store.offer(FirstFlowHandoff(value: "waiting"))
        let launch = OnboardingResolver(rules: [second, alsoFirst, first], otherwise: Screen.standard).launch(openedBy: nil, claimingFrom: handoff.store)
        #expect(launch.destination == .opened("also first handoff"))
    }

    @Test func aHandoffNoRuleAcceptsIsClaimedAndShowsTheStandardScreen() throws {
        try handoff.store.offer(UnknownHandoff(value: "another app's"))
        let launch = resolver.launch(openedBy: nil, claimingFrom: handoff.store)
        #expect(launch.destination == .standard)
        #expect(launch.origin == nil)
        #expect(!launch.opensOwnScreen)
        #expect(launch.claimed?.typeName == UnknownHandoff.handoffTypeName)
        #expect(resolver.launch(openedBy: nil, claimingFrom: handoff.store).claimed == nil, "the handoff is one-shot")
    }

    @Test func withoutRulesEveryLaunchShowsTheStandardScreenAndStillClaims() throws {
        try handoff.store.offer(FirstFlowHandoff(value: "waiting"))
        let launch = OnboardingResolver(rules: [], otherwise: Screen.standard).launch(openedBy: try match(route: "firstShare"), claimingFrom: handoff.store)
        #expect(launch.destination == .standard)
        #expect(launch.claimed != nil)
        #expect(handoff.store.peekEnvelope() == nil)
    }

    @Test func nothingToClaimAndNoLinkShowsTheStandardScreen() {
        let launch = resolver.launch(openedBy: nil, claimingFrom: handoff.store)
        #expect(launch.destination == .standard)
        #expect(launch.claimed == nil)
    }

    @Test func aPayloadRuleOpensTheAppsOwnTypeFromTheHandoffAndFromItsRoutesLinks() throws {
        let rule = OnboardingRule<Screen>.payload(TableOrder.self, routes: [RouteName("table")]) { .opened("\($0.store) \($0.table ?? "-")") }
        let resolver = OnboardingResolver(rules: [rule], otherwise: Screen.standard)
        try handoff.store.offer(TableOrder(store: "soho", table: "12"))
        #expect(resolver.launch(openedBy: nil, claimingFrom: handoff.store).destination == .opened("soho 12"))

        #expect(resolver.destination(openedBy: try match(route: "table", parameters: ["store": "soho", "table": "7"]), claimed: nil) == .opened("soho 7"))
        #expect(resolver.destination(openedBy: try match(route: "other", parameters: ["store": "soho"]), claimed: nil) == .standard,
                "only the rule's routes")
        #expect(resolver.destination(openedBy: try match(route: "table", parameters: ["shop": "soho"]), claimed: nil) == .standard,
                "parameters that do not decode as the payload")

        try handoff.store.offer(["store": 12], typeName: TableOrder.handoffTypeName)
        let undecodable = resolver.launch(openedBy: nil, claimingFrom: handoff.store)
        #expect(undecodable.destination == .standard, "a payload that does not decode")
        // The store's own message for such a payload (HandoffDiagnostic.undecodablePayload), as `clipkit simulate` words it too.
        #expect(undecodable.unhandledHandoff?.reason.hasPrefix(
            "discarded a handoff entry whose '\(TableOrder.handoffTypeName)' payload does not decode as the app's type for it: ") == true,
                "given back with the reason: \(String(describing: undecodable.unhandledHandoff))")
        #expect(undecodable.unhandledHandoff?.reason.contains("store") == true, "\(String(describing: undecodable.unhandledHandoff))")
        try handoff.store.offer(UnknownHandoff(value: "soho"))
        let unknown = resolver.launch(openedBy: nil, claimingFrom: handoff.store)
        #expect(unknown.destination == .standard, "another type")
        #expect(unknown.unhandledHandoff?.reason == "no rule takes 'test.unknown' payloads")
    }

    @Test func aRouteRuleOpensOnlyItsRoute() throws {
        let rule = OnboardingRule<Screen>.route(RouteName("receipt")) { .opened("receipt \($0.url.lastPathComponent)") }
        #expect(rule.destination(openedBy: try match(route: "receipt")) == .opened("receipt 1"))
        #expect(rule.destination(openedBy: try match(route: "table")) == nil)
        try handoff.store.offer(FirstFlowHandoff(value: "waiting"))
        let claimed = try #require(handoff.store.claimEnvelope())
        #expect(rule.destination(claimed: claimed) == nil)
    }

    @Test func theLaunchDecisionTakesOneCallFromTheRuntime() throws {
        let manifest = """
        {"teamID":"7QF4K2M9XA","app":{"bundleID":"com.example.Brew","appStoreID":"1600000001"},
         "clip":{"bundleID":"com.example.Brew.Clip","minimumIOS":"15.0","invocations":["physical"]},
         "appGroup":"group.com.example.Brew","domains":["brew.example"],
         "routes":[{"name":"table","pattern":"https://brew.example/s/{store}/t/{table}","handledBy":"clip","handoff":"com.example.order"}],
         "handoff":{"ttlSeconds":600,"types":[{"name":"com.example.order","required":["store"],"optional":["table"]}]}}
        """
        let folder = try TemporaryDirectory(prefix: "clipkit-launch")
        try Data(manifest.utf8).write(to: folder.file("clipkit.json"))
        let runtime = try ClipRuntime(manifestAt: folder.file("clipkit.json"), containerDirectory: folder.url)
        let resolver = OnboardingResolver(rules: [.payload(TableOrder.self, routes: [RouteName("table")]) { Screen.opened("\($0.store) \($0.table ?? "-")") }], otherwise: .standard)

        try runtime.handoffs.offer(TableOrder(store: "soho", table: "12"))
        let first = resolver.launch(openedBy: nil, runtime: runtime)
        #expect(first.destination == .opened("soho 12"))
        #expect(first.claimed?.typeName == TableOrder.handoffTypeName)
        #expect(resolver.launch(openedBy: nil, runtime: runtime).destination == .standard, "claimed once")

        let link = try #require(URL(string: "https://brew.example/s/soho/t/4"))
        #expect(resolver.launch(openedBy: link, runtime: runtime).destination == .opened("soho 4"))
        let stranger = try #require(URL(string: "https://elsewhere.example/s/soho/t/4"))
        #expect(resolver.launch(openedBy: stranger, runtime: runtime).destination == .standard, "a link that does not route counts as none")
    }

    @Test func aRuntimeThatCannotBeBuiltMeansTheStandardScreenAndSaysWhy() {
        let launch = resolver.launch(failedToSetUp: .manifestNotBundled(bundle: "Brew.app"))
        #expect(launch.destination == .standard)
        #expect(launch.claimed == nil)
        #expect(launch.setupProblem?.description.contains("Copy Bundle Resources") == true)
    }
}
