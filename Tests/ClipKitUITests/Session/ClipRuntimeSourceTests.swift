@_spi(ClipKitTooling) import ClipKit
@_spi(ClipKitTooling) import ClipKitUI
import ClipTestSupport
import CoffeeShopRoutes
import Foundation
import Testing

/// The one-call setups from a configuration source, with the coffee shop's generated configuration
/// (`CoffeeShopRoutes`, compiled by the manifest plugin) standing where iOS has it: no manifest file
/// is read. A folder stands in for the App Group's container, which Linux does not have.
@MainActor
@Suite struct ClipRuntimeSourceTests {
    /// The kinds each runtime was asked for, and the folder that stands in for the container.
    final class Record: @unchecked Sendable {
        private let lock = NSLock()
        private var requests: [[String]] = []
        let container: URL

        init(container: URL) { self.container = container }

        func ask(for kinds: ParameterKindRegistry) {
            lock.withLock { requests.append(kinds.names) }
        }

        var requestedKinds: [[String]] { lock.withLock { requests } }
    }

    /// The coffee shop's generated configuration as a source, the way iOS uses it.
    enum CoffeeShop: ClipRuntimeSource {
        @TaskLocal static var record: Record?

        static var parameterKinds: ParameterKindRegistry { ClipConfiguration.parameterKinds }

        static func runtime(parameterKinds: ParameterKindRegistry) throws -> ClipRuntime {
            guard let record else { throw ClipSetupError.flow("the test set no container") }
            record.ask(for: parameterKinds)
            let container: AppGroupContainer
            do {
                container = try AppGroupContainer(manifest: ClipConfiguration.manifest, directory: record.container)
            } catch let error as AppGroupContainerError {
                throw ClipSetupError.appGroup(error)
            }
            return try ClipConfiguration.runtime(container: container, parameterKinds: parameterKinds)
        }
    }

    /// A source whose target lacks the App Group, as a misconfigured clip's does.
    enum MissingAppGroup: ClipRuntimeSource {
        static func runtime(parameterKinds: ParameterKindRegistry) throws -> ClipRuntime {
            throw ClipSetupError.appGroup(.invalidIdentifier("group."))
        }
    }

    struct CoffeeOrder: HandoffPayload, Equatable {
        static let handoffTypeName = "com.example.coffee.order"
        var store: String
        var table: Int?
    }

    enum Screen: Sendable, Equatable { case menu, order(CoffeeOrder) }

    static let resolver = OnboardingResolver(
        rules: [.payload(CoffeeOrder.self, routes: [.table]) { Screen.order($0) }], otherwise: Screen.menu
    )

    static let rogueKind = ParameterKind(name: "ticket", summary: "a ticket code") { value in .accepted(value) }

    /// A flow that registers a kind of its own, like ClipNostr's driver-share flow.
    struct TicketFlow: ClipFlow {
        static var parameterKinds: ParameterKindRegistry { ParameterKindRegistry.standard.registering(ClipRuntimeSourceTests.rogueKind) }
        init(runtime: ClipRuntime) {}
        func content(for match: RouteMatch, promotion: InstallPromotionController, in session: ClipFlowSession<Self>) -> RouteMatch? { match }
    }

    typealias TicketSession = ClipFlowSession<TicketFlow>

    @Test func theClipAndTheAppShareOneHandoffThroughTheGeneratedConfiguration() throws {
        let folder = try TemporaryDirectory(prefix: "clipkit-source")
        let record = Record(container: folder.url)
        try CoffeeShop.$record.withValue(record) {
            let clip = try ClipSession(configuration: CoffeeShop.self)
            clip.inbox.receive(.webpage(try #require(URL(string: "https://brew.example/s/soho/t/12"))))
            _ = try clip.handOffRouteParameters()

            let launch = Self.resolver.launch(configuration: CoffeeShop.self)
            #expect(launch.destination == .order(CoffeeOrder(store: "soho", table: 12)))
            #expect(launch.setupProblem == nil)
            let again = Self.resolver.launch(configuration: CoffeeShop.self)
            #expect(again.destination == .menu, "claimed once")
        }
        // The app's decision took the configuration's own kinds; the session added its flow's.
        #expect(record.requestedKinds.count == 3)
        #expect(record.requestedKinds.allSatisfy { $0 == ClipConfiguration.parameterKinds.names })
    }

    @Test func aSessionAsksForTheConfigurationsKindsAndItsFlowsTogether() throws {
        let folder = try TemporaryDirectory(prefix: "clipkit-source")
        let record = Record(container: folder.url)
        try CoffeeShop.$record.withValue(record) {
            _ = try TicketSession(configuration: CoffeeShop.self)
            _ = Self.resolver.launch(configuration: CoffeeShop.self, parameterKinds: TicketFlow.parameterKinds)
        }
        let expected = (ClipConfiguration.parameterKinds.names + ["ticket"]).sorted()
        #expect(record.requestedKinds == [expected, expected])
    }

    @Test func aLaunchThatCannotBeSetUpShowsTheStandardScreenAndSaysWhy() {
        let launch = Self.resolver.launch(openedBy: URL(string: "https://brew.example/s/soho/t/12"), configuration: MissingAppGroup.self)
        #expect(launch.destination == .menu)
        #expect(!launch.opensOwnScreen)
        guard case .appGroup = launch.setupProblem else {
            Issue.record("expected the App Group problem, got \(String(describing: launch.setupProblem))")
            return
        }
        #expect(throws: ClipSetupError.self) { try ClipSession(configuration: MissingAppGroup.self) }
    }

    @Test func mergingKeepsBothRegistriesAndTheSecondWinsOnAName() throws {
        let replacement = ParameterKind(name: "slug", summary: "a replaced slug") { _ in .rejected("never") }
        let merged = ParameterKindRegistry.standard.merging(ParameterKindRegistry().registering(replacement).registering(Self.rogueKind))
        #expect(merged.names == (ParameterKindRegistry.standard.names + ["ticket"]).sorted())
        #expect(try #require(merged.kind(named: "slug")).summary == "a replaced slug")
        #expect(ParameterKindRegistry().merging(.standard).names == ParameterKindRegistry.standard.names)
    }
}
