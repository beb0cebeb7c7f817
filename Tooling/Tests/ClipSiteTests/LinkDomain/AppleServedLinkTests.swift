@_spi(ClipKitTooling) import ClipKit
import ClipManifestReader
import ClipSite
import ClipTestSupport
import Testing

/// Which link Apple serves a match came from, as `simulate` and `codes` ask it, on the ticketing
/// fixture: its demo link and short demo link, the default link, and a link of its own domain.
@Suite struct AppleServedLinkTests {
    @Test func theRouterNamesTheLinkAppleServes() throws {
        let manifest = try ManifestLoader().load(contentsOf: TestEnvironment.file("Tests/Fixtures/ticketing/clipkit.json"))
        let router = try InvocationRouter(manifest: manifest)
        for demo in manifest.clip.demoLinks {
            #expect(router.appleServedLink(of: try router.route(demo).get()) == .demoLink, "\(demo)")
        }
        #expect(router.appleServedLink(of: try router.route("https://appclip.apple.com/id?p=com.acme.Tickets.Clip").get()) == .defaultLink)
        #expect(router.appleServedLink(of: try router.route("https://tickets.acme.com/box-office").get()) == nil)
    }
}
