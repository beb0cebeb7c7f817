@_spi(ClipKitTooling) import ClipKit
@_spi(ClipKitTooling) import ClipManifestReader
import Foundation
import Testing

/// `routes[].query`, ranges on integer parameters and a place's radius, as the validator reads them.
@Suite struct QueryItemValidationTests {
    /// A manifest with one route; `route` is spliced into the route's object, `place` into a place's.
    static func manifest(route: String, place: String = "") -> String {
        """
        {"teamID":"ABCDE12345","app":{"bundleID":"com.example.App","appStoreID":"42"},
         "clip":{"bundleID":"com.example.App.Clip","minimumIOS":"16.4","invocations":["digital","physical"]},
         "appGroup":"group.com.example","domains":["museum.example"],
         "routes":[{"name":"exhibit","pattern":"https://museum.example/x/{exhibit}","handledBy":"clip"\(route)}],
         "handoff":{"ttlSeconds":3600,"types":[{"name":"museum.exhibit","required":["exhibit"],"optional":["lang"]}]},
         "places":[{"name":"Hall","url":"https://museum.example/x/1","latitude":1,"longitude":2,"mapAction":"BUY_TICKETS"\(place)}]}
        """
    }

    func issues(route: String, place: String = "") throws -> [ManifestIssue] {
        ManifestValidator().issues(in: try JSONValue(parsing: Data(Self.manifest(route: route, place: place).utf8)))
    }

    func load(route: String, place: String = "") throws -> ClipManifest {
        try ManifestLoader().load(data: Data(Self.manifest(route: route, place: place).utf8))
    }

    @Test func goodDeclarationsRead() throws {
        let manifest = try load(route: #"""
        ,"params":{"exhibit":{"kind":"integer","minimum":1,"maximum":500}},
         "query":{"lang":"slug","room":{"kind":"integer","required":true,"maximum":40},"day":{"kind":"string","required":false}},
         "handoff":"museum.exhibit"
        """#, place: #","radius":500"#)
        let route = manifest.routes[0]
        #expect(route.params == ["exhibit": "integer"])
        #expect(route.query == [
            "lang": ClipManifest.QueryItem(kind: "slug"), "room": ClipManifest.QueryItem(kind: "integer", isRequired: true),
            "day": ClipManifest.QueryItem(kind: "string"),
        ])
        #expect(route.ranges == ["exhibit": ClipManifest.IntegerRange(minimum: 1, maximum: 500), "room": ClipManifest.IntegerRange(maximum: 40)])
        #expect(manifest.places[0].radius == 500)
        // A plain kind name still reads as before, without a range.
        #expect(try load(route: #","params":{"exhibit":"integer"}"#).routes[0].ranges.isEmpty)
    }

    @Test(arguments: [
        // A kind no registry holds, in either form.
        (#","query":{"lang":"language"}"#, "$.routes[0].query.lang", "unknown parameter kind 'language'"),
        (#","query":{"lang":{"kind":"language"}}"#, "$.routes[0].query.lang.kind", "unknown parameter kind 'language'"),
        // Neither a name nor an object.
        (#","query":{"lang":true}"#, "$.routes[0].query.lang", "a parameter kind's name or an object"),
        (#","query":["lang"]"#, "$.routes[0].query", "expected an object of query item names and kinds"),
        // A name the generated route cannot carry, or one a capture already has.
        (#","query":{"1st":"string"}"#, #"$.routes[0].query["1st"]"#, "is not a query item name"),
        (#","query":{"exhibit":"string"}"#, "$.routes[0].query.exhibit", "also a capture of the route's pattern"),
        // `required` is a boolean, and only query items have it.
        (#","query":{"lang":{"kind":"string","required":"yes"}}"#, "$.routes[0].query.lang.required", "expected true or false"),
        (#","params":{"exhibit":{"kind":"integer","required":true}}"#, "$.routes[0].params.exhibit.required", "unknown key 'required'"),
        // Ranges: integers only, whole numbers, no sign, minimum ≤ maximum.
        (#","params":{"exhibit":{"kind":"slug","minimum":1}}"#, "$.routes[0].params.exhibit.minimum", "only an integer parameter has a range"),
        (#","params":{"exhibit":{"kind":"integer","minimum":1.5}}"#, "$.routes[0].params.exhibit.minimum", "expected a whole number"),
        (#","params":{"exhibit":{"kind":"integer","maximum":-1}}"#, "$.routes[0].params.exhibit.maximum", "below 0"),
        (#","params":{"exhibit":{"kind":"integer","minimum":9,"maximum":3}}"#, "$.routes[0].params.exhibit.minimum", "the minimum, 9, is more than the maximum, 3"),
        (#","query":{"room":{"kind":"integer","minimum":5,"maximum":4}}"#, "$.routes[0].query.room.minimum", "the minimum, 5, is more than the maximum, 4"),
        (#","params":{"exhibit":{"minimum":1}}"#, "$.routes[0].params.exhibit", "missing required key 'kind'"),
        // A query item the clip also adds to the web content URL.
        (#","query":{"clip":"string"},"webContentQuery":{"clip":"true"}"#, "$.routes[0].webContentQuery.clip", "also a query item the route reads"),
    ])
    func badDeclarationsAreNamedAtTheirPath(route: String, path: String, message: String) throws {
        let found = try issues(route: route)
        #expect(found.contains { $0.path == path && $0.message.contains(message) }, "\(found.map { "\($0.path): \($0.message)" })")
    }

    @Test func anOptionalItemTheTypeRequiresIsAnError() throws {
        let manifest = Self.manifest(route: #","query":{"lang":"string"},"handoff":"museum.exhibit""#)
            .replacingOccurrences(of: #""required":["exhibit"],"optional":["lang"]"#, with: #""required":["exhibit","lang"]"#)
        let found = ManifestValidator().issues(in: try JSONValue(parsing: Data(manifest.utf8)))
        #expect(found.map(\.path) == ["$.routes[0].handoff"])
        #expect(found.first?.message.contains("reads the query item 'lang' as optional, but handoff type 'museum.exhibit' requires it") == true)
        // Required, it fits.
        let required = manifest.replacingOccurrences(of: #""query":{"lang":"string"}"#, with: #""query":{"lang":{"kind":"string","required":true}}"#)
        #expect(ManifestValidator().issues(in: try JSONValue(parsing: Data(required.utf8))).isEmpty)
    }

    @Test func aQueryItemsKindMustAgreeWithTheHandedOffTypesMember() throws {
        let manifest = Self.manifest(route: #","query":{"lang":"integer"},"handoff":"museum.exhibit""#)
            .replacingOccurrences(of: #""optional":["lang"]"#, with: #""optional":["lang"],"kinds":{"lang":"string"}"#)
        let found = ManifestValidator().issues(in: try JSONValue(parsing: Data(manifest.utf8)))
        #expect(found.map(\.path) == ["$.routes[0].handoff"])
        #expect(found.first?.message.contains("captures 'lang' as integer, but handoff type 'museum.exhibit' declares it string") == true)
    }

    @Test(arguments: [(#","radius":0"#, "out of range"), (#","radius":501"#, "at most 500 metres"), (#","radius":"far""#, "expected a number of metres")])
    func aPlacesRadiusIsChecked(place: String, message: String) throws {
        let found = try issues(route: "", place: place)
        #expect(found.map(\.path) == ["$.places[0].radius"])
        #expect(found.first?.message.contains(message) == true, "\(found)")
    }

    @Test func aRoutesPreviewIsReadAndChecked() throws {
        let manifest = try load(route: #","preview":{"title":"An exhibit","description":"Read about it."}"#)
        #expect(manifest.routes[0].preview == ClipManifest.RoutePreview(title: "An exhibit", description: "Read about it."))
        #expect(try load(route: #","preview":{"title":"Only a title"}"#).routes[0].preview == ClipManifest.RoutePreview(title: "Only a title"))
        for (route, path, message) in [
            (#","preview":{}"#, "$.routes[0].preview", "give a 'title', a 'description' or both"),
            (#","preview":{"title":"  "}"#, "$.routes[0].preview.title", "1 to 200 characters"),
            (#","preview":{"description":"\#(String(repeating: "a", count: 301))"}"#, "$.routes[0].preview.description", "1 to 300 characters"),
            (#","preview":{"subtitle":"x"}"#, "$.routes[0].preview.subtitle", "unknown key 'subtitle'"),
        ] {
            let found = try issues(route: route)
            #expect(found.contains { $0.path == path && $0.message.contains(message) }, "\(found.map { "\($0.path): \($0.message)" })")
        }
    }
}
