@_spi(ClipKitTooling) import ClipKit
@_spi(ClipKitTooling) import ClipKitUI
import ClipManifestReader
import ClipTestSupport
import Foundation
import Testing

/// The generic clip session on the coffee-shop example's manifest: a table link becomes a screen,
/// the person's order hands the route's parameters off as the manifest's type, and the app decodes
/// them as its own type.
@MainActor
@Suite struct ClipSessionTests {
    /// The routes of the screens a session showed.
    final class RouteLog {
        var routes: [String] = []
    }

    struct CoffeeOrder: HandoffPayload, Equatable {
        static let handoffTypeName = "com.example.coffee.order"
        var store: String
        var table: Int?
    }

    let folder: TemporaryDirectory
    let runtime: ClipRuntime
    let wall = TestWallClock()

    init() throws {
        folder = try TemporaryDirectory(prefix: "clipkit-session")
        runtime = try ClipRuntime(manifestAt: TestEnvironment.file("Examples/coffee-shop/clipkit.json"), containerDirectory: folder.url)
    }

    func makeSession() -> ClipSession {
        let wall = self.wall
        return ClipSession(
            flow: RouteClipFlow(), inbox: InvocationInbox(router: runtime.router, now: { wall.now }), store: runtime.handoffs,
            promotionMemory: SharedDefaultsPromotionMemory(defaults: runtime.defaults), now: { wall.now }
        )
    }

    @Test func aTableLinkShowsItsScreenAndTheOrderHandsTheTableOff() throws {
        let session = makeSession()
        guard case .waitingForInvocation = session.screen else { Issue.record("expected to wait"); return }
        let screens = RouteLog()
        session.changes.addObserver(screens) { log, screen in
            if case .content(let match, _) = screen { log.routes.append(match.route) }
        }
        session.inbox.receive(.webpage(try #require(URL(string: "https://brew.example/s/soho/t/12"))))
        guard case .content(let match, let promotion) = session.screen else { Issue.record("expected the table, got \(session.screen)"); return }
        #expect(match.route == "table")
        #expect(match.parameters == ["store": "soho", "table": "12"])
        #expect(screens.routes == ["table"])
        #expect(!promotion.isOverlayPresented)

        let offer = try session.handOffRouteParameters()
        #expect(offer.typeName == CoffeeOrder.handoffTypeName)
        #expect(promotion.isOverlayPresented, "the person's own request shows the overlay")
        #expect(runtime.handoffs.claim(CoffeeOrder.self) == CoffeeOrder(store: "soho", table: 12))
    }

    @Test func theAppsOwnPayloadCanBeHandedOffToo() throws {
        let session = makeSession()
        session.inbox.receive(.webpage(try #require(URL(string: "https://brew.example/s/soho"))))
        guard case .content(_, let promotion) = session.screen else { Issue.record("expected the store"); return }
        try session.handOff(CoffeeOrder(store: "soho", table: nil))
        #expect(promotion.isOverlayPresented)
        #expect(runtime.handoffs.claim(CoffeeOrder.self) == CoffeeOrder(store: "soho", table: nil))
    }

    @Test func aPayloadTheManifestDoesNotAllowIsRefusedAndNoOverlayShows() throws {
        struct Tip: HandoffPayload { static let handoffTypeName = "com.example.tip"; var cents: Int }
        let session = makeSession()
        session.inbox.receive(.webpage(try #require(URL(string: "https://brew.example/s/soho/t/3"))))
        guard case .content(_, let promotion) = session.screen else { Issue.record("expected the table"); return }
        #expect {
            try session.handOff(Tip(cents: 100))
        } throws: { error in
            guard case ClipSessionError.handoffFailed(.typeNotListed("com.example.tip", _)) = error else { return false }
            return true
        }
        #expect(!promotion.isOverlayPresented)
        #expect(runtime.handoffs.peekEnvelope() == nil)
    }

    @Test func nothingIsHandedOffBeforeALinkTheClipHandlesIsOnScreen() throws {
        let session = makeSession()
        #expect(throws: ClipSessionError.noInvocation) { try session.handOffRouteParameters() }
        session.inbox.receive(.webpage(try #require(URL(string: "https://brew.example/r/6f1c3e0a-8f3b-4f55-9d1a-2b8f0c9e1d7a"))))
        guard case .unsupportedLink(let message) = session.screen else { Issue.record("expected a message"); return }
        #expect(message.contains("full app"))
        #expect(throws: ClipSessionError.noInvocation) { try session.handOffRouteParameters() }

        session.inbox.receive(.webpage(try #require(URL(string: "https://brew.example/s/Not A Store"))))
        guard case .unsupportedLink(let reason) = session.screen else { Issue.record("expected a message"); return }
        #expect(reason.contains("can't be opened"))
    }

    @Test func aRouteThatNamesNoHandoffTypeSaysSo() throws {
        let manifest = try ManifestLoader().load(data: Data("""
        {"teamID":"7QF4K2M9XA","app":{"bundleID":"com.example.Brew","appStoreID":"1600000001"},
         "clip":{"bundleID":"com.example.Brew.Clip","minimumIOS":"15.0","invocations":["physical"]},
         "appGroup":"group.com.example.Brew","domains":["brew.example"],
         "routes":[{"name":"table","pattern":"https://brew.example/s/{store}/t/{table}","handledBy":"clip"}],
         "handoff":{"ttlSeconds":600}}
        """.utf8))
        let runtime = try ClipRuntime(manifest: manifest, container: AppGroupContainer(manifest: manifest, directory: folder.url))
        let session = ClipSession(runtime: runtime)
        session.inbox.receive(.webpage(try #require(URL(string: "https://brew.example/s/soho/t/1"))))
        #expect(throws: ClipSessionError.routeNamesNoHandoffType("table")) { try session.handOffRouteParameters() }
        #expect(ClipSessionError.routeNamesNoHandoffType("table").description.contains("clipkit.json"))
    }

    /// A flow of the test's own: a table's number as its content, nothing for a store's page, and a
    /// refusal for a table the shop does not have.
    struct TableNumberFlow: ClipFlow {
        struct NoSuchTable: Error, CustomStringConvertible {
            let number: Int
            var description: String { "table \(number) is not in this shop" }
        }

        init() {}
        init(runtime: ClipRuntime) {}

        func content(for match: RouteMatch, promotion: InstallPromotionController, in session: ClipFlowSession<Self>) throws -> Int? {
            guard match.route == "table", let number = match.parameters["table"].flatMap({ Int($0) }) else { return nil }
            guard number <= 20 else { throw NoSuchTable(number: number) }
            return number
        }
    }

    @Test func theFlowSuppliesTheContentAndTheSessionShowsWhatItRefuses() throws {
        let session = ClipFlowSession(
            flow: TableNumberFlow(), inbox: InvocationInbox(router: runtime.router), store: runtime.handoffs,
            promotionMemory: InMemoryPromotionMemory()
        )
        session.inbox.receive(.webpage(try #require(URL(string: "https://brew.example/s/soho/t/12"))))
        guard case .content(let table, let promotion) = session.screen else { Issue.record("expected the table, got \(session.screen)"); return }
        #expect(table == 12)
        #expect(promotion.facts.contentShownAt == nil, "this flow's content says when it is on screen, not the session")

        session.inbox.receive(.webpage(try #require(URL(string: "https://brew.example/s/soho/t/33"))))
        guard case .unsupportedLink(let refusal) = session.screen else { Issue.record("expected a message, got \(session.screen)"); return }
        #expect(refusal == "table 33 is not in this shop")

        session.inbox.receive(.webpage(try #require(URL(string: "https://brew.example/s/soho"))))
        guard case .unsupportedLink(let other) = session.screen else { Issue.record("expected a message, got \(session.screen)"); return }
        #expect(other.contains("full app"), "a route the flow shows nothing for belongs to the full app")
    }

    @Test func aNotificationTargetReopensTheTable() throws {
        let session = makeSession()
        let payload = try JSONSerialization.jsonObject(with: Data(contentsOf: TestEnvironment.file("Examples/coffee-shop/payloads/order-ready.json"))) as? [String: Any]
        let target = (payload?["aps"] as? [String: Any])?["target-content-id"] as? String
        #expect(target == "https://brew.example/s/soho/t/12")
        session.inbox.receive(.notification(targetContentIdentifier: target))
        guard case .content(let match, _) = session.screen else { Issue.record("expected the table"); return }
        #expect(match.parameters == ["store": "soho", "table": "12"])
    }
}
