@_spi(ClipKitTooling) import ClipKit
@_spi(ClipKitTooling) import ClipManifestReader
import ClipTestSupport
import Foundation
import Testing

/// A clip with no domain of its own (`"domains": []`): its routes have no pattern and Apple's
/// default App Clip link opens them, its parameters carried as query items. The food-truck
/// example is one.
@Suite struct DomainlessClipTests {
    static let foodTruck = TestEnvironment.file("Examples/food-truck/clipkit.json")

    func router() throws -> InvocationRouter {
        try InvocationRouter(manifest: try ManifestLoader().load(contentsOf: Self.foodTruck))
    }

    @Test func theExampleReadsAsAClipWithNoDomain() throws {
        let manifest = try ManifestLoader().load(contentsOf: Self.foodTruck)
        #expect(manifest.domains.isEmpty)
        #expect(manifest.routes.map(\.name) == ["menu"])
        #expect(manifest.routes[0].patterns.isEmpty && manifest.routes[0].opensDefaultLink)
        #expect(ManifestValidator().warnings(in: try JSONValue(parsing: Data(contentsOf: Self.foodTruck))).isEmpty)
    }

    @Test func theDefaultLinkOpensTheRouteWithTypedItems() throws {
        let match = try router().route("https://appclip.apple.com/id?p=com.example.Truck.Clip&truck=tacos-el-rey&stop=12").get()
        #expect(match.route == "menu")
        #expect(match.parameters == ["truck": "tacos-el-rey", "stop": "12"])
        #expect(match.parametersJSON == .object(["truck": .string("tacos-el-rey"), "stop": .number(12)]), "the integer is a JSON number")
        // The stop is optional.
        #expect(try router().route("https://appclip.apple.com/id?p=com.example.Truck.Clip&truck=tacos-el-rey").get().parameters == ["truck": "tacos-el-rey"])
    }

    @Test func aWrongItemAnotherClipOrAMissingTruckIsRefusedWithTheReason() throws {
        #expect(try router().route("https://appclip.apple.com/id?p=com.example.Truck.Clip&truck=tacos-el-rey&stop=abc")
            == .failure(.queryItemRejected(route: "menu", item: "stop", kind: "integer", reason: "'abc' is not a decimal number")))
        #expect(try router().route("https://appclip.apple.com/id?p=com.example.Truck.Clip&truck=tacos-el-rey&stop=1000")
            == .failure(.queryItemRejected(route: "menu", item: "stop", kind: "integer", reason: "1000 is more than the maximum, 999")))
        #expect(try router().route("https://appclip.apple.com/id?p=com.example.Brew.Clip&truck=tacos-el-rey")
            == .failure(.defaultLinkNamesAnotherClip(named: "com.example.Brew.Clip", clip: "com.example.Truck.Clip")))
        guard case .failure(let missing) = try router().route("https://appclip.apple.com/id?p=com.example.Truck.Clip&stop=3") else {
            Issue.record("a link without the required truck routed")
            return
        }
        #expect(missing.description.contains("'truck'"))
        // No link of a domain reaches it.
        #expect(try router().route("https://truck.example/menu?truck=tacos-el-rey") == .failure(.unknownHost("truck.example")))
    }

    @Test func theDefaultLinkBuilderWritesWhatTheRouterReads() throws {
        let link = InvocationRouter.defaultLink(
            clipBundleID: "com.example.Truck.Clip", items: [URLQueryItem(name: "truck", value: "la-esquina"), URLQueryItem(name: "stop", value: "7")]
        )
        #expect(link == "https://appclip.apple.com/id?p=com.example.Truck.Clip&truck=la-esquina&stop=7")
        #expect(try router().route(link).get().parameters == ["truck": "la-esquina", "stop": "7"])
        #expect(InvocationRouter.defaultLink(clipBundleID: "com.example.Truck.Clip") == "https://appclip.apple.com/id?p=com.example.Truck.Clip")
    }

    // MARK: What the validator refuses

    /// A manifest with no domains and one route; `route` is spliced into the route's object, `rest` after `routes`.
    static func manifest(domains: String = "[]", handler: String = "clip", route: String, rest: String = "") -> String {
        """
        {"teamID":"ABCDE12345","app":{"bundleID":"com.example.App","appStoreID":"42"},
         "clip":{"bundleID":"com.example.App.Clip","minimumIOS":"16.4","invocations":["digital","physical"]},
         "appGroup":"group.com.example","domains":\(domains),
         "routes":[{"name":"menu","handledBy":"\(handler)"\(route)}],
         "handoff":{"ttlSeconds":3600}\(rest)}
        """
    }

    func issues(domains: String = "[]", handler: String = "clip", route: String, rest: String = "") throws -> [ManifestIssue] {
        ManifestValidator().issues(in: try JSONValue(parsing: Data(Self.manifest(domains: domains, handler: handler, route: route, rest: rest).utf8)))
    }

    @Test func aRouteWithoutAPatternIsAllowedOnlyWhenTheDefaultLinkOpensIt() throws {
        #expect(try issues(route: #","defaultLink":true,"query":{"truck":"slug"}"#).isEmpty)
        for route in [#","query":{"truck":"slug"}"#, #","defaultLink":false"#] {
            let found = try issues(route: route)
            #expect(found.map(\.path) == ["$.routes[0]"], "\(route)")
            #expect(found.first?.message.contains(#"only a clip route that Apple's default App Clip link opens ("defaultLink": true) may leave it out"#) == true)
        }
        // The default link opens the clip, so a route the app handles needs a link of its own.
        let appRoute = try issues(handler: "app", route: #","defaultLink":true"#)
        #expect(appRoute.map(\.path) == ["$.routes[0].defaultLink"])
    }

    @Test(arguments: [
        (#","defaultLink":true,"params":{"truck":"slug"}"#, "$.routes[0].params.truck", "declare 'truck' under 'query'"),
        (#","defaultLink":true,"webContentQuery":{"clip":"true"}"#, "$.routes[0].webContentQuery", "no page of its own"),
        (#","defaultLink":true,"fragment":"signedProfile""#, "$.routes[0].fragment", "carries no fragment"),
        (#","defaultLink":true,"headerImage":"card.png""#, "$.routes[0].headerImage", "gives no advanced App Clip experience"),
    ])
    func whatARouteWithoutAPatternCannotHaveIsRefusedAtItsPath(route: String, path: String, words: String) throws {
        let found = try issues(route: route)
        #expect(found.contains { $0.path == path && $0.message.contains(words) }, "\(found)")
    }

    @Test func aPatternOrAPlaceNeedsADomainAndTheMessageSaysWhatToDo() throws {
        let pattern = try issues(route: #","pattern":"https://truck.example/m/{truck}""#)
        #expect(pattern.map(\.path) == ["$.routes[0].pattern"])
        #expect(pattern.first?.message.contains("it lists none: add 'truck.example' to 'domains'") == true)
        let place = try issues(
            route: #","defaultLink":true,"query":{"truck":"slug"}"#,
            rest: #","places":[{"name":"Pier","url":"https://truck.example/m/x","latitude":1,"longitude":2,"mapAction":"RESTAURANT_ORDER_FOOD"}]"#
        )
        #expect(place.map(\.path) == ["$.places[0].url"])
        #expect(place.first?.message.contains("a place is an advanced App Clip experience") == true)
    }
}
