@_spi(ClipKitTooling) import ClipKit
@_spi(ClipKitTooling) import ClipManifestReader
import Foundation
import Testing

/// A route may accept a fragment; the fragment never changes which route a URL reaches.
@Suite struct RouteFragmentTests {
    static let manifestJSON = """
    {"teamID":"ABCDE12345","app":{"bundleID":"com.example.App","appStoreID":"42"},
     "clip":{"bundleID":"com.example.App.Clip","minimumIOS":"16.0","invocations":["digital"]},
     "appGroup":"group.com.example","domains":["example.com"],
     "routes":[
       {"name":"share","pattern":"https://example.com/share/d/{key}","handledBy":"clip","fragment":"signedProfile"},
       {"name":"rider","pattern":"https://example.com/share/r/{key}","handledBy":"app"}
     ],
     "handoff":{"ttlSeconds":3600}}
    """

    func router() throws -> InvocationRouter {
        try InvocationRouter(manifest: try ManifestLoader().load(data: Data(Self.manifestJSON.utf8)))
    }

    @Test func theManifestDeclaresWhatARouteTakesInItsFragment() throws {
        let manifest = try ManifestLoader().load(data: Data(Self.manifestJSON.utf8))
        #expect(manifest.routes.map(\.fragment) == [.signedProfile, nil])
        // Written back and read again, the declaration survives.
        let again = try ManifestLoader().load(data: Data(manifest.jsonValue.serialized()))
        #expect(again == manifest)
    }

    @Test func anUnknownFragmentKindIsNamed() throws {
        let json = Self.manifestJSON.replacingOccurrences(of: #""fragment":"signedProfile""#, with: #""fragment":"profile""#)
        let document = try JSONValue(parsing: Data(json.utf8))
        let issues = ManifestValidator().issues(in: document)
        #expect(issues.map(\.path) == ["$.routes[0].fragment"])
        #expect(issues.first?.message.contains("'signedProfile'") == true)
        let number = Self.manifestJSON.replacingOccurrences(of: #""fragment":"signedProfile""#, with: #""fragment":1"#)
        #expect(ManifestValidator().issues(in: try JSONValue(parsing: Data(number.utf8))).map(\.path) == ["$.routes[0].fragment"])
    }

    @Test(arguments: ["", "#", "#AQID-_x", "#a/b?c=d", "#%41%42"])
    func theFragmentTakesNoPartInMatching(fragment: String) throws {
        let router = try router()
        let plain = try router.route("https://example.com/share/d/abc").get()
        let withFragment = try router.route("https://example.com/share/d/abc" + fragment).get()
        #expect(withFragment.route == plain.route)
        #expect(withFragment.parameters == plain.parameters)
        #expect(try router.route("https://example.com/share/r/abc" + fragment).get().route == "rider")
        #expect(throws: RoutingFailure.self) { try router.route("https://example.com/share/x/abc" + fragment).get() }
    }

    @Test func theFragmentReachesOnlyARouteThatAcceptsOne() throws {
        let router = try router()
        #expect(try router.route("https://example.com/share/d/abc#AQID-_x").get().fragment == "AQID-_x")
        #expect(try router.route("https://example.com/share/d/abc/#AQID").get().fragment == "AQID")
        #expect(try router.route("https://example.com/share/d/abc?x=1#AQID").get().fragment == "AQID")
        #expect(try router.route("https://example.com/share/d/abc").get().fragment == nil)
        #expect(try router.route("https://example.com/share/d/abc#").get().fragment == nil)
        #expect(try router.route("https://example.com/share/r/abc#AQID").get().fragment == nil)
    }

    @Test func aPatternFillsItsCapturesPercentEncoded() throws {
        let pattern = try RoutePattern(parsing: "https://Example.com/share/d/{key}")
        #expect(pattern.url(filling: ["key": "npub1abc"]) == "https://example.com/share/d/npub1abc")
        #expect(pattern.url(filling: ["key": "a/b c#"]) == "https://example.com/share/d/a%2Fb%20c%23")
        #expect(pattern.url(filling: [:]) == nil)
        #expect(pattern.url(filling: ["key": ""]) == nil)
    }
}
