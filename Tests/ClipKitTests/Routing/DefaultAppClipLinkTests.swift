@_spi(ClipKitTooling) import ClipKit
@_spi(ClipKitTooling) import ClipManifestReader
import ClipTestSupport
import Foundation
import Testing

/// Apple's default App Clip link, `https://appclip.apple.com/id?p=<clip>&items`, routed to the
/// routes that open it (`routes[].defaultLink`), its items checked like captures. The museum's
/// exhibit and ticket routes open it.
@Suite struct DefaultAppClipLinkTests {
    static let museum = TestEnvironment.file("Tests/Fixtures/museum/clipkit.json")

    func router() throws -> InvocationRouter {
        try InvocationRouter(manifest: try ManifestLoader().load(contentsOf: Self.museum))
    }

    @Test func theFirstRouteWhoseCapturesTheLinkGivesTakesIt() throws {
        let exhibit = try router().route("https://appclip.apple.com/id?p=com.example.Museum.Clip&exhibit=42&lang=fr").get()
        #expect(exhibit.route == "exhibit")
        #expect(exhibit.parameters == ["exhibit": "42", "lang": "fr"])
        #expect(exhibit.parametersJSON == .object(["exhibit": .number(42), "lang": .string("fr")]), "the integer is a JSON number")
        #expect(exhibit.pattern == "https://appclip.apple.com/id?p=com.example.Museum.Clip")
        // Without an exhibit, the ticket route, the next that opens default links, takes it.
        let ticket = try router().route("https://appclip.apple.com/id?p=com.example.Museum.Clip&ticket=0F8D2C5A-3B7E-4E21-9C4D-5A6B7C8D9E0F").get()
        #expect(ticket.route == "ticket")
        #expect(ticket.parameters == ["ticket": "0f8d2c5a-3b7e-4e21-9c4d-5a6b7c8d9e0f"])
        // The host compares case-insensitively, as for every link.
        #expect(try router().route("https://AppClip.Apple.com/id?p=com.example.Museum.Clip&exhibit=7").get().route == "exhibit")
    }

    @Test func aLinkForAnotherClipOrWithoutOneIsRefused() throws {
        #expect(try router().route("https://appclip.apple.com/id?p=com.example.Other.Clip&exhibit=42")
            == .failure(.defaultLinkNamesAnotherClip(named: "com.example.Other.Clip", clip: "com.example.Museum.Clip")))
        #expect(try router().route("https://appclip.apple.com/id?exhibit=42") == .failure(.defaultLinkNamesNoClip))
        #expect(try router().route("https://appclip.apple.com/other?p=com.example.Museum.Clip&exhibit=42") == .failure(.noPatternMatches(path: "/other")))
    }

    @Test func anItemOfTheWrongKindOrOutOfRangeIsRefusedNotPassedToALaterRoute() throws {
        #expect(try router().route("https://appclip.apple.com/id?p=com.example.Museum.Clip&exhibit=forty")
            == .failure(.queryItemRejected(route: "exhibit", item: "exhibit", kind: "integer", reason: "'forty' is not a decimal number")))
        #expect(try router().route("https://appclip.apple.com/id?p=com.example.Museum.Clip&exhibit=100000")
            == .failure(.queryItemRejected(route: "exhibit", item: "exhibit", kind: "integer", reason: "100000 is more than the maximum, 99999")))
        #expect(try router().route("https://appclip.apple.com/id?p=com.example.Museum.Clip&exhibit=4&tour=abc")
            == .failure(.queryItemRejected(route: "exhibit", item: "tour", kind: "integer", reason: "'abc' is not a decimal number")))
        #expect(try router().route("https://appclip.apple.com/id?p=com.example.Museum.Clip") == .failure(.queryItemMissing(route: "exhibit", item: "exhibit")))
    }

    @Test func withoutARouteThatOpensItTheHostIsUnknownAsBefore() throws {
        var manifest = try ManifestLoader().load(contentsOf: Self.museum)
        for index in manifest.routes.indices { manifest.routes[index].opensDefaultLink = false }
        let router = try InvocationRouter(manifest: manifest)
        let failure = router.route("https://appclip.apple.com/id?p=com.example.Museum.Clip&exhibit=42")
        #expect(failure == .failure(.unknownHost("appclip.apple.com")))
        // The message says what to add, not only that no route serves the host.
        #expect(RoutingFailure.unknownHost("AppClip.Apple.com").description
            == #"no route opens Apple's default App Clip link (appclip.apple.com): add "defaultLink": true to the clip route it should open (routes[].defaultLink in clipkit.json)"#)
        #expect(RoutingFailure.unknownHost("example.com").description == "no route serves the host 'example.com'")
    }

    @Test func onlyAClipRouteWithoutAParameterNamedPMayOpenIt() throws {
        let coffee = TestEnvironment.file("Examples/coffee-shop/clipkit.json")
        func issues(_ change: (inout [String: JSONValue]) -> Void) throws -> [ManifestIssue] {
            guard case .object(var root) = try JSONValue(parsing: Data(contentsOf: coffee)), case .array(var routes) = root["routes"],
                  case .object(var receipt) = routes[2] else { return [] }
            change(&receipt)
            routes[2] = .object(receipt)
            root["routes"] = .array(routes)
            return ManifestValidator().issues(in: .object(root))
        }
        let app = try issues { $0["defaultLink"] = .bool(true) }
        #expect(app.map(\.path) == ["$.routes[2].defaultLink"])
        #expect(app.first?.message.contains("handled by the app") == true)
        let named = try issues { route in
            route["handledBy"] = .string("clip")
            route["pattern"] = .string("https://brew.example/r/{p}")
            route["params"] = .object(["p": .string("uuid")])
            route["defaultLink"] = .bool(true)
        }
        #expect(named.map(\.path) == ["$.routes[2].defaultLink"])
        #expect(named.first?.message.contains("cannot read a parameter named 'p'") == true)
    }
}
