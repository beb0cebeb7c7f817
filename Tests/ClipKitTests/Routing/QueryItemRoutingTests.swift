@_spi(ClipKitTooling) import ClipKit
@_spi(ClipKitTooling) import ClipManifestReader
import ClipTestSupport
import Foundation
import Testing

/// Query items a route declares are typed and checked like its captures; integer parameters may
/// carry a range. The manifest is the museum of the issue: exhibits by number with an optional
/// language and audio-tour stop, tickets by UUID.
@Suite struct QueryItemRoutingTests {
    static let museum = TestEnvironment.file("Tests/Fixtures/museum/clipkit.json")

    func router() throws -> InvocationRouter {
        try InvocationRouter(manifest: try ManifestLoader().load(contentsOf: Self.museum))
    }

    @Test func aDeclaredQueryItemJoinsTheParametersWithItsKind() throws {
        let match = try router().route("https://museum.example/x/42?lang=fr").get()
        #expect(match.route == "exhibit")
        #expect(match.parameters == ["exhibit": "42", "lang": "fr"])
        #expect(match.parameterKinds["lang"] == "string")
        #expect(match.parameterKinds["tour"] == "integer")
        // The payload the clip hands off: the capture a number, the query item a string.
        #expect(String(decoding: match.parametersJSON.serialized(), as: UTF8.self) == #"{"exhibit":42,"lang":"fr"}"#)
        // An integer query item is a JSON number too.
        let toured = try router().route("https://museum.example/x/42?tour=3").get()
        #expect(toured.parametersJSON == .object(["exhibit": .number(42), "tour": .number(3)]))
    }

    @Test func anOptionalItemMayBeAbsentOrEmpty() throws {
        #expect(try router().route("https://museum.example/x/42").get().parameters == ["exhibit": "42"])
        #expect(try router().route("https://museum.example/x/42?lang=").get().parameters == ["exhibit": "42"])
        #expect(try router().route("https://museum.example/x/42?lang").get().parameters == ["exhibit": "42"])
    }

    @Test func undeclaredItemsAreKeptAndReadByNothing() throws {
        let match = try router().route("https://museum.example/x/42?ref=poster&lang=de&lang=fr").get()
        #expect(match.parameters == ["exhibit": "42", "lang": "de"], "the first item of a name counts, as queryValue(named:) reads it")
        #expect(match.queryValue(named: "ref") == "poster")
        #expect(match.queryItems.map(\.name) == ["ref", "lang", "lang"])
    }

    @Test func anItemOfTheWrongKindRefusesTheRouteWithTheReason() throws {
        let failure = try router().route("https://museum.example/x/42?lang=fr&tour=abc")
        #expect(failure == .failure(.queryItemRejected(route: "exhibit", item: "tour", kind: "integer", reason: "'abc' is not a decimal number")))
        guard case .failure(let reason) = failure else { return }
        #expect(reason.description == "route 'exhibit' matched, but query item 'tour' is not a valid integer: 'abc' is not a decimal number")
    }

    @Test func aMissingRequiredItemRefusesTheRouteWithTheReason() throws {
        var manifest = try ManifestLoader().load(contentsOf: Self.museum)
        manifest.routes[0].query["lang"] = ClipManifest.QueryItem(kind: "slug", isRequired: true)
        let router = try InvocationRouter(manifest: manifest)
        let failure = router.route("https://museum.example/x/42?tour=2")
        #expect(failure == .failure(.queryItemMissing(route: "exhibit", item: "lang")))
        guard case .failure(let reason) = failure else { return }
        #expect(reason.description.contains("no query item 'lang', which the route requires"))
        #expect(try router.route("https://museum.example/x/42?lang=fr").get().parameters == ["exhibit": "42", "lang": "fr"])
    }

    @Test func integersOutsideTheirRangeDoNotRoute() throws {
        let router = try router()
        #expect(try router.route("https://museum.example/x/1").get().parameters["exhibit"] == "1")
        #expect(try router.route("https://museum.example/x/99999").get().parameters["exhibit"] == "99999")
        #expect(router.route("https://museum.example/x/0") == .failure(.parameterRejected(
            route: "exhibit", parameter: "exhibit", kind: "integer", reason: "0 is less than the minimum, 1"
        )))
        #expect(router.route("https://museum.example/x/100000") == .failure(.parameterRejected(
            route: "exhibit", parameter: "exhibit", kind: "integer", reason: "100000 is more than the maximum, 99999"
        )))
        #expect(router.route("https://museum.example/x/5?tour=13") == .failure(.queryItemRejected(
            route: "exhibit", item: "tour", kind: "integer", reason: "13 is more than the maximum, 12"
        )))
    }

    @Test func aLimitedKindKeepsItsNameAndItsOwnCheck() {
        let limited = ParameterKind.integer.limited(to: ClipManifest.IntegerRange(minimum: 10))
        #expect(limited.name == "integer")
        #expect(limited.check("010") == .rejected("'010' has a leading zero"))
        #expect(limited.check("9") == .rejected("9 is less than the minimum, 10"))
        #expect(limited.check("10") == .accepted("10"))
        #expect(ParameterKind.integer.limited(to: ClipManifest.IntegerRange()).check("0") == .accepted("0"))
    }

    @Test func theManifestKeepsQueryItemsRangesAndRadiusWhenWrittenAndRead() throws {
        let manifest = try ManifestLoader().load(contentsOf: Self.museum)
        #expect(manifest.routes[0].query == ["lang": ClipManifest.QueryItem(kind: "string"), "tour": ClipManifest.QueryItem(kind: "integer")])
        #expect(manifest.routes[0].ranges == [
            "exhibit": ClipManifest.IntegerRange(minimum: 1, maximum: 99999), "tour": ClipManifest.IntegerRange(minimum: 1, maximum: 12),
        ])
        #expect(manifest.places.first?.radius == 250)
        // The query items take part in the handoff type's member kinds as captures do.
        #expect(manifest.handoff.types.first?.memberKinds == ["exhibit": "integer", "lang": "string", "tour": "integer"])
        let again = try ManifestLoader().load(data: Data(manifest.jsonValue.serialized()))
        #expect(again == manifest)
    }
}
