@_spi(ClipKitTooling) import ClipKit
@_spi(ClipKitTooling) import ClipManifestReader
import ClipTestSupport
import Foundation
import Testing

/// The clip's demo links (`clip.demoLinks`), as App Store Connect made them, routed to the default
/// experience: the route Apple's default App Clip link opens with no items of its own. The
/// ticketing fixture names a demo link and a short version, and its box-office route is that experience.
@Suite struct DemoLinkTests {
    static let ticketing = TestEnvironment.file("Tests/Fixtures/ticketing/clipkit.json")
    static let demo = "https://appclip.apple.com/id?p=com.acme.Tickets.Clip&demo=1"
    static let short = "https://appclip.apple.com/d/T4x9"

    func manifest() throws -> ClipManifest {
        try ManifestLoader().load(contentsOf: Self.ticketing)
    }

    @Test func theDemoLinkOpensTheDefaultExperienceWithoutParameters() throws {
        let router = try InvocationRouter(manifest: try manifest())
        #expect(router.demoLinks == [Self.demo, Self.short])
        let short = try router.route(Self.short).get()
        #expect(short.route == "boxOffice" && short.parameters.isEmpty && short.pattern == Self.short)
        #expect(router.route(Self.short + "?seat=3") == .failure(.demoLinkCarriesParameters(items: ["seat"])))
        let match = try router.route(Self.demo).get()
        #expect(match.route == "boxOffice")
        #expect(match.handledBy == .clip)
        #expect(match.parameters.isEmpty)
        #expect(match.pattern == Self.demo, "the match names the demo link as its form")
        #expect(match.url.absoluteString == Self.demo)
        // Its items in another order, a trailing slash on the path and the host's case change nothing.
        for same in [
            "https://appclip.apple.com/id?demo=1&p=com.acme.Tickets.Clip",
            "https://appclip.apple.com/id/?p=com.acme.Tickets.Clip&demo=1",
            "https://AppClip.Apple.com/id?p=com.acme.Tickets.Clip&demo=1",
        ] {
            #expect(try router.route(same).get().pattern == Self.demo, "\(same)")
        }
    }

    @Test func aDemoLinkWithItemsAddedIsRefusedNamingThem() throws {
        let router = try InvocationRouter(manifest: try manifest())
        let failure = router.route(Self.demo + "&eventID=42&seat=3")
        #expect(failure == .failure(.demoLinkCarriesParameters(items: ["eventID", "seat"])))
        guard case .failure(let reason) = failure else { return }
        #expect(reason.description == "the link is the clip's demo link with query items added ('eventID', 'seat'); a demo link opens the default "
            + "experience and carries no parameters: use it as App Store Connect gives it, or the default App Clip link "
            + "(https://appclip.apple.com/id?p=<clip bundle ID>&…) for a link with parameters")
        // The same item with another value is an item added too.
        #expect(router.route("https://appclip.apple.com/id?p=com.acme.Tickets.Clip&demo=1&demo=2") == .failure(.demoLinkCarriesParameters(items: ["demo"])))
    }

    @Test func theDefaultLinkStillRoutesBesideIt() throws {
        let router = try InvocationRouter(manifest: try manifest())
        // Without the demo link's own item, it is the default link: with no items, the box office.
        let bare = try router.route("https://appclip.apple.com/id?p=com.acme.Tickets.Clip").get()
        #expect(bare.route == "boxOffice")
        #expect(bare.pattern == "https://appclip.apple.com/id?p=com.acme.Tickets.Clip")
        // The team's own links route as before.
        #expect(try router.route("https://tickets.acme.com/e/42").get().parameters == ["eventID": "42"])
    }

    /// App Store Connect makes the link, so ClipKit assumes no form: one on another host routes too.
    @Test func aDemoLinkOfAnyFormRoutes() throws {
        var manifest = try manifest()
        manifest.clip.demoLinks = ["https://demo.example.net/c/Q7x2"]
        let router = try InvocationRouter(manifest: manifest)
        #expect(try router.route("https://demo.example.net/c/Q7x2").get().route == "boxOffice")
        #expect(router.route("https://demo.example.net/c/Q7x2?eventID=1") == .failure(.demoLinkCarriesParameters(items: ["eventID"])))
        #expect(router.route("https://demo.example.net/c/other") == .failure(.unknownHost("demo.example.net")))
        // A router without a demo link routes none.
        manifest.clip.demoLinks = []
        #expect(try InvocationRouter(manifest: manifest).route("https://demo.example.net/c/Q7x2") == .failure(.unknownHost("demo.example.net")))
    }

    @Test(arguments: [
        ("http://appclip.apple.com/id?p=com.acme.Tickets.Clip&demo=1", "is not an https URL"),
        ("https://appclip.apple.com/id?p=com.acme.Tickets.Clip&demo=1#x", "has a fragment"),
        ("https://appclip.apple.com:8443/id?p=com.acme.Tickets.Clip&demo=1", "names a user, a password or a port"),
        ("https://appclip.apple.com/id?p=com.acme.Tickets.Clip", "is the clip's default App Clip link, not its demo link"),
        ("demo", "is not an https URL"),
    ])
    func theManifestRefusesWhatCannotBeADemoLink(link: String, problem: String) throws {
        let issues = try issues { clip, _ in clip["demoLinks"] = .array([.string(Self.demo), .string(link)]) }
        #expect(issues.map(\.path) == ["$.clip.demoLinks[1]"])
        #expect(issues.first?.message.contains(problem) == true, "\(issues)")
    }

    @Test func theManifestNeedsARouteTheDemoLinkOpens() throws {
        // Without the box office, no route opens the default link without items.
        let issues = try issues { _, routes in routes.removeLast() }
        #expect(issues.map(\.path) == ["$.clip.demoLinks"])
        #expect(issues.first?.message.contains("no route does; add a clip route without captures or required query items and with \"defaultLink\": true") == true, "\(issues)")
    }

    /// A demo link that is also a link of the team's own domain would take that link from its route.
    @Test func theManifestRefusesADemoLinkThatIsARoutesLink() throws {
        let issues = try issues { clip, _ in clip["demoLinks"] = .array([.string(Self.demo), .string("https://tickets.acme.com/e/42")]) }
        #expect(issues.map(\.path) == ["$.clip.demoLinks[1]"])
        #expect(issues.first?.message == "'https://tickets.acme.com/e/42' is also a link of route 'event', which the demo link would take from it; a demo link is the one App Store Connect made, not a link of the team's domain")
    }

    /// The validator's issues for the fixture with its `clip` object and routes changed.
    func issues(_ change: (inout [String: JSONValue], inout [JSONValue]) -> Void) throws -> [ManifestIssue] {
        guard case .object(var root) = try JSONValue(parsing: Data(contentsOf: Self.ticketing)), case .object(var clip) = root["clip"],
              case .array(var routes) = root["routes"] else {
            Issue.record("the fixture is not shaped as expected")
            return []
        }
        change(&clip, &routes)
        root["clip"] = .object(clip)
        root["routes"] = .array(routes)
        return ManifestValidator().issues(in: .object(root))
    }
}
