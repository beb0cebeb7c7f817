@_spi(ClipKitTooling) import ClipKit
@_spi(ClipKitTooling) import ClipManifestReader
import ClipTestSupport
import Foundation
import Testing

/// Apple's default App Clip link, `https://appclip.apple.com/id?p=<clip>&items`, routed to the
/// routes that open it (`routes[].defaultLink`), its items checked like captures.
@Suite struct DefaultAppClipLinkTests {
    static let coffeeShop = TestEnvironment.file("Examples/coffee-shop/clipkit.json")

    func router() throws -> InvocationRouter {
        try InvocationRouter(manifest: try ManifestLoader().load(contentsOf: Self.coffeeShop))
    }

    @Test func theFirstRouteWhoseCapturesTheLinkGivesTakesIt() throws {
        let table = try router().route("https://appclip.apple.com/id?p=com.example.Brew.Clip&store=soho&table=4").get()
        #expect(table.route == "table")
        #expect(table.parameters == ["store": "soho", "table": "4"])
        #expect(table.parametersJSON == .object(["store": .string("soho"), "table": .number(4)]), "the integer is a JSON number")
        #expect(table.pattern == "https://appclip.apple.com/id?p=com.example.Brew.Clip")
        // Without a table, the store route, the next that opens default links, takes it.
        #expect(try router().route("https://appclip.apple.com/id?p=com.example.Brew.Clip&store=soho").get().route == "store")
        // The host compares case-insensitively, as for every link.
        #expect(try router().route("https://AppClip.Apple.com/id?p=com.example.Brew.Clip&store=soho").get().route == "store")
    }

    @Test func aLinkForAnotherClipOrWithoutOneIsRefused() throws {
        #expect(try router().route("https://appclip.apple.com/id?p=com.example.Other.Clip&store=soho")
            == .failure(.defaultLinkNamesAnotherClip(named: "com.example.Other.Clip", clip: "com.example.Brew.Clip")))
        #expect(try router().route("https://appclip.apple.com/id?store=soho") == .failure(.defaultLinkNamesNoClip))
        #expect(try router().route("https://appclip.apple.com/other?p=com.example.Brew.Clip&store=soho") == .failure(.noPatternMatches(path: "/other")))
    }

    @Test func anItemOfTheWrongKindIsRefusedNotPassedToALaterRoute() throws {
        let failure = try router().route("https://appclip.apple.com/id?p=com.example.Brew.Clip&store=soho&table=four")
        #expect(failure == .failure(.queryItemRejected(route: "table", item: "table", kind: "integer", reason: "'four' is not a decimal number")))
        #expect(try router().route("https://appclip.apple.com/id?p=com.example.Brew.Clip") == .failure(.queryItemMissing(route: "table", item: "store")))
    }

    @Test func withoutARouteThatOpensItTheHostIsUnknownAsBefore() throws {
        var manifest = try ManifestLoader().load(contentsOf: Self.coffeeShop)
        for index in manifest.routes.indices { manifest.routes[index].opensDefaultLink = false }
        let router = try InvocationRouter(manifest: manifest)
        #expect(router.route("https://appclip.apple.com/id?p=com.example.Brew.Clip&store=soho") == .failure(.unknownHost("appclip.apple.com")))
    }

    @Test func onlyAClipRouteWithoutAParameterNamedPMayOpenIt() throws {
        var document = try JSONValue(parsing: Data(contentsOf: Self.coffeeShop))
        guard case .object(var root) = document, case .array(var routes) = root["routes"], case .object(var receipt) = routes[2] else {
            Issue.record("the coffee shop's manifest changed shape")
            return
        }
        receipt["defaultLink"] = .bool(true)
        routes[2] = .object(receipt)
        root["routes"] = .array(routes)
        document = .object(root)
        let issues = ManifestValidator().issues(in: document)
        #expect(issues.map(\.path) == ["$.routes[2].defaultLink"])
        #expect(issues.first?.message.contains("handled by the app") == true)
    }
}
