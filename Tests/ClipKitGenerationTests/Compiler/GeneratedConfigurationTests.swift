import BlueskyRoutes
@_spi(ClipKitTooling) import ClipKit
import ClipKitGeneration
import ClipManifestReader
@_spi(ClipKitTooling) import ClipNostr
import ClipTestSupport
import CoffeeShopRoutes
import FoodTruckRoutes
import Foundation
import RoadFlareRoutes
import Testing
import TicketingRoutes

/// What the plugin generated for the examples gives a clip what reading the manifest at run time
/// gives it: the same `ClipManifest` value, the manifest's constants, and a runtime.
@Suite struct GeneratedConfigurationTests {
    func loaded(_ path: String) throws -> ClipManifest {
        try ManifestLoader(parameterKinds: .standardWithNostr).load(contentsOf: TestEnvironment.file(path))
    }

    @Test("the generated manifest values equal the loader's")
    func manifestValues() throws {
        #expect(RoadFlareRoutes.ClipConfiguration.manifest == (try loaded("Examples/roadflare/clipkit.json")))
        #expect(BlueskyRoutes.ClipConfiguration.manifest == (try loaded("Examples/bluesky/clipkit.json")))
        #expect(CoffeeShopRoutes.ClipConfiguration.manifest == (try loaded("Examples/coffee-shop/clipkit.json")))
        #expect(FoodTruckRoutes.ClipConfiguration.manifest == (try loaded("Examples/food-truck/clipkit.json")))
        // Secret handoff types and notification routes are compiled in too.
        let ticketing = try loaded("Tests/GeneratedRoutes/Ticketing/clipkit.json")
        #expect(TicketingRoutes.ClipConfiguration.manifest == ticketing)
        #expect(TicketingRoutes.ClipConfiguration.manifest.handoffType(named: "com.acme.session")?.isSecret == true)
        #expect(TicketingRoutes.ClipConfiguration.manifest.clip.notificationRoutes == ["event"])
    }

    @Test("the constants are the manifest's")
    func constants() throws {
        let manifest = try loaded("Examples/roadflare/clipkit.json")
        typealias RoadFlare = RoadFlareRoutes.ClipConfiguration
        #expect(RoadFlare.teamID == manifest.teamID)
        #expect(RoadFlare.appBundleID == manifest.app.bundleID)
        #expect(RoadFlare.appStoreID == manifest.app.appStoreID)
        #expect(RoadFlare.clipBundleID == manifest.clip.bundleID)
        #expect(RoadFlare.appGroup == manifest.appGroup)
        #expect(RoadFlare.domains == manifest.domains)
        #expect(RoadFlare.relays == manifest.nostr?.relays)
        #expect(RoadFlare.handoffLifetimeSeconds == manifest.handoff.ttlSeconds)
        #expect(RoadFlare.handoffTypeNames == manifest.handoff.types.map(\.name))
        #expect(RoadFlare.parameterKindNames == ["npub"])
        #expect(BlueskyRoutes.ClipConfiguration.webBridgeKeys == ["starterPackUri"])
        #expect(BlueskyRoutes.ClipConfiguration.relays.isEmpty)
        #expect(CoffeeShopRoutes.ClipConfiguration.parameterKindNames == ["integer", "slug", "uuid"])
    }

    @Test("ClipNostr's npub is registered by default; a registry without it fails with a reason that names the route")
    func kindsFromOtherModules() throws {
        #expect(RoadFlareRoutes.ClipConfiguration.parameterKinds.kind(named: "npub") != nil)
        let error = try #require(throws: RouterConfigurationError.self) { try RoadFlareRoutes.ClipRouter(parameterKinds: .standard) }
        guard case .unknownParameterKind(let route, let parameter, let kind) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect((route, parameter, kind) == ("driverShare", "npub", "npub"))
    }

    @Test("the generated runtime routes and hands off like one built from the manifest file")
    func runtime() throws {
        let folder = try TemporaryDirectory()
        let container = try AppGroupContainer(manifest: CoffeeShopRoutes.ClipConfiguration.manifest, directory: folder.url)
        let runtime = try CoffeeShopRoutes.ClipConfiguration.runtime(container: container)
        let match = try runtime.router.route("https://brew.example/s/soho/t/12").get()
        #expect(CoffeeShopRoutes.ClipRoute(match) == .table(store: "soho", table: 12))
        #expect(runtime.handoffs.lifetime == 86_400)
        try runtime.handoffs.offer(json: match.parametersJSON, typeName: "com.example.coffee.order")
        let reference = try ClipRuntime(
            manifestAt: TestEnvironment.file("Examples/coffee-shop/clipkit.json"), containerDirectory: folder.url
        )
        let claimed = try #require(reference.handoffs.claimEnvelope())
        #expect(claimed.typeName == "com.example.coffee.order")
        #expect(claimed.payload == .object(["store": .string("soho"), "table": .number(12)]))
        #expect(CoffeeShopRoutes.ClipConfiguration.manifest == reference.manifest, "member kinds included")
    }

    @Test("a clip with no domain of its own: the default link, the generated route and payload type, the app's claim")
    func clipWithNoDomain() throws {
        #expect(FoodTruckRoutes.ClipConfiguration.domains.isEmpty)
        let folder = try TemporaryDirectory()
        let container = try AppGroupContainer(manifest: FoodTruckRoutes.ClipConfiguration.manifest, directory: folder.url)
        let runtime = try FoodTruckRoutes.ClipConfiguration.runtime(container: container)
        // The clip, opened by the link a QR code on the truck carries.
        let match = try runtime.router.route("https://appclip.apple.com/id?p=com.example.Truck.Clip&truck=tacos-el-rey&stop=12").get()
        #expect(FoodTruckRoutes.ClipRoute(match) == .menu(stop: 12, truck: "tacos-el-rey"))
        try runtime.handoffs.offer(json: match.parametersJSON, typeName: "com.example.truck.order")
        // The app, installed later: the generated payload type, the stop an Int.
        let order = try #require(runtime.handoffs.claim(FoodTruckRoutes.OrderHandoff.self))
        #expect(order.truck == "tacos-el-rey")
        let stop: Int? = order.stop
        #expect(stop == 12)
        #expect(runtime.handoffs.claim(FoodTruckRoutes.OrderHandoff.self) == nil, "claimed once")
        // The generated router refuses what the manifest's router refuses, with the same reason.
        #expect(try FoodTruckRoutes.ClipRouter().route("https://appclip.apple.com/id?p=com.example.Truck.Clip&truck=tacos-el-rey&stop=abc").map(\.route)
            == .failure(.queryItemRejected(route: "menu", item: "stop", kind: "integer", reason: "'abc' is not a decimal number")))
    }

    @Test("the generated router routes a demo link the manifest names, and refuses it with items added")
    func demoLink() throws {
        let demo = "https://appclip.apple.com/id?p=com.acme.Tickets.Clip&demo=1"
        #expect(TicketingRoutes.ClipConfiguration.manifest.clip.demoLinks.first == demo)
        let router = try TicketingRoutes.ClipRouter()
        let match = try router.route(demo).get()
        #expect(match.route == .boxOffice)
        #expect(match.match.pattern == demo)
        guard case .failure(let failure) = router.route(demo + "&eventID=42") else {
            Issue.record("a demo link with an item added routed")
            return
        }
        #expect(failure == .demoLinkCarriesParameters(items: ["eventID"]))
    }

    @Test("the kinds the generator knows from other modules are ClipNostr's, and with ClipKit's the schema's")
    func moduleKinds() throws {
        #expect(ModuleParameterKind.known.map(\.name).sorted() == ParameterKind.nostrKinds.map(\.name).sorted())
        #expect(Set(ModuleParameterKind.known.map(\.module)) == ["ClipNostr"])
        let schema = try JSONValue(strictlyParsing: Data(contentsOf: TestEnvironment.file("Schemas/clipkit.schema.json")), maximumDepth: 32)
        // Captures and query items name their kinds from one list.
        let kinds = schema["$defs"]?["parameterKind"]?["enum"]?.arrayValue?.compactMap(\.stringValue)
        #expect(kinds.map(Set.init) == Set(ParameterKindRegistry.standard.names + ModuleParameterKind.known.map(\.name)))
    }
}
