import BlueskyRoutes
import ClipKit
import ClipNostr
import ClipTestSupport
import CoffeeShopRoutes
import Foundation
import RoadFlareRoutes
import Testing

/// The routers the manifest plugin generated for the examples (modules RoadFlareRoutes,
/// BlueskyRoutes and CoffeeShopRoutes) against the run-time router on the same manifests: 500
/// valid, 500 near-miss and 500 hostile URLs each, seeded, give the same route, parameters and
/// match, or the same reason for no match.
@Suite("generated routers against the run-time router")
struct GeneratedRouterDifferentialTests {
    static let samplesPerFamily = 500

    @Test("RoadFlare: driver and rider share links")
    func roadFlare() throws {
        let router = try RoadFlareRoutes.ClipRouter()
        let run = DifferentialRun<RoadFlareRoutes.ClipRoute>(
            manifestPath: "Examples/roadflare/clipkit.json",
            routeText: { router.route($0).map { ($0.route, $0.match) } }, routeURL: { router.route($0).map { ($0.route, $0.match) } },
            typedRoute: RoadFlareRoutes.ClipRoute.init, routeName: \.routeName
        ) { route, match in
            switch route {
            case .driverShare(let npub), .riderShare(let npub): #expect(npub == match.parameters["npub"])
            }
        }
        try check(run.run(samplesPerFamily: Self.samplesPerFamily, seed: 0x5EED_0001), routes: ["driverShare", "riderShare"])
    }

    @Test("Bluesky: starter packs and short links")
    func bluesky() throws {
        let router = try BlueskyRoutes.ClipRouter()
        let run = DifferentialRun<BlueskyRoutes.ClipRoute>(
            manifestPath: "Examples/bluesky/clipkit.json",
            routeText: { router.route($0).map { ($0.route, $0.match) } }, routeURL: { router.route($0).map { ($0.route, $0.match) } },
            typedRoute: BlueskyRoutes.ClipRoute.init, routeName: \.routeName
        ) { route, match in
            switch route {
            case .starterPack(let handle, let rkey):
                #expect(handle == match.parameters["handle"])
                #expect(rkey == match.parameters["rkey"])
            case .starterPackShortLink(let code):
                #expect(code == match.parameters["code"])
            }
        }
        try check(run.run(samplesPerFamily: Self.samplesPerFamily, seed: 0x5EED_0002), routes: ["starterPack", "starterPackShortLink"])
    }

    @Test("coffee shop: tables as Int, receipts as UUID")
    func coffeeShop() throws {
        let router = try CoffeeShopRoutes.ClipRouter()
        let run = DifferentialRun<CoffeeShopRoutes.ClipRoute>(
            manifestPath: "Examples/coffee-shop/clipkit.json",
            routeText: { router.route($0).map { ($0.route, $0.match) } }, routeURL: { router.route($0).map { ($0.route, $0.match) } },
            typedRoute: CoffeeShopRoutes.ClipRoute.init, routeName: \.routeName
        ) { route, match in
            switch route {
            case .table(let store, let table):
                #expect(store == match.parameters["store"])
                #expect(String(table) == match.parameters["table"])
            case .store(let store):
                #expect(store == match.parameters["store"])
            case .receipt(let order):
                #expect(order.uuidString.lowercased() == match.parameters["order"])
            }
        }
        try check(run.run(samplesPerFamily: Self.samplesPerFamily, seed: 0x5EED_0003), routes: ["table", "store", "receipt"])
    }

    /// The routers agreed everywhere, and the samples were what they claim: every valid link matched,
    /// every route was reached, and the near misses and hostile text failed in several ways.
    private func check<Route>(_ tally: DifferentialRun<Route>.Tally, routes: Set<String>) {
        #expect(tally.differences == 0)
        #expect(tally.matches[.valid] == Self.samplesPerFamily, "valid links that did not match: \(tally.failures[.valid] ?? 0)")
        #expect(tally.routes == routes)
        #expect((tally.failures[.nearMiss] ?? 0) > Self.samplesPerFamily / 2)
        #expect((tally.failures[.hostile] ?? 0) > Self.samplesPerFamily / 2)
        #expect(tally.failureKinds.isSuperset(of: ["unknownHost", "noPatternMatches", "notHTTPS", "unexpectedAuthority", "tooLong"]), "\(tally.failureKinds)")
    }
}
