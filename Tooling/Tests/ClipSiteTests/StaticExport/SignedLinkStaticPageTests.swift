import ClipKit
import ClipNostr
import ClipSite
import ClipTestSupport
import Foundation
import Testing

/// A signed share link opened on the static export: nginx serves `clipkit site build`'s output as
/// GitHub Pages would, headless Chromium opens the link that `ProfileShareLink` made from an event
/// nostr-sdk signed, and the 404 page's scripts route it, verify the fragment and show the driver;
/// tampered, foreign and hostile fragments get what they deserve.
@Suite(.timeLimit(.minutes(10)))
struct SignedLinkStaticPageTests {
    static let roadflare = "https://roadflare.app"

    struct Fixture {
        let server: StaticSiteServer
        let chromium: HeadlessChromium
        let router: InvocationRouter
        let renderer: SharePageRenderer

        /// The DOM Chromium ends with for a link of the example domain, opened on the local server.
        func open(_ link: String) async throws -> String {
            try await chromium.dumpDOM(of: link.replacingOccurrences(of: SignedLinkStaticPageTests.roadflare, with: server.baseURL), virtualTimeBudget: 30_000)
        }

        /// The preview element of the page `link` opens.
        func preview(_ link: String) async throws -> (SharePreviewElement, String) {
            let dom = try await open(link)
            let element = try #require(SharePreviewElement(dom: dom), "no preview element in \(dom.prefix(1500))")
            return (element, dom)
        }

        /// The preview the server renders for `event`'s profile, served as a page of its own and
        /// serialized by the same browser.
        func serverRendering(of event: NostrEvent, named name: String) async throws -> SharePreviewElement {
            let shared = try #require(ShareProfile(nostrProfile: try Profile(event: event), createdAt: event.createdAt))
            guard case .success(let match) = router.route(SignedLinkStaticPageTests.roadflare + "/share/d/" + (try NIP19.encodePublicKey(event.pubkey))) else {
                throw SetupFailure(description: "the driver's link does not route")
            }
            try server.add(renderer.sharePage(for: match, profile: shared), at: "rendered/\(name).html")
            let dom = try await chromium.dumpDOM(of: server.baseURL + "/rendered/\(name).html", virtualTimeBudget: 5_000)
            return try #require(SharePreviewElement(dom: dom))
        }
    }

    static func fixture(in folder: TemporaryDirectory) async throws -> Fixture {
        let site = try SiteFixtures.site("roadflare")
        let server = try await StaticSiteServer(serving: StaticSiteBuilder(site: site).build(), in: folder)
        return Fixture(
            server: server, chromium: try HeadlessChromium(profileFolder: folder.file("profile")),
            router: try InvocationRouter(manifest: site.manifest, parameterKinds: .standardWithNostr), renderer: site.renderer
        )
    }

    struct SetupFailure: Error, CustomStringConvertible {
        let description: String
    }

    static func event(_ signed: DriverFixtures.Signed) throws -> NostrEvent {
        try NostrEvent(jsonData: Data(signed.event.utf8))
    }

    @Test func theStaticPageShowsTheVerifiedDriverFromTheLinkAndNothingElse() async throws {
        let folder = try TemporaryDirectory()
        let fixture = try await Self.fixture(in: folder)
        defer { fixture.server.stop() }
        let driver = try Self.event(try await DriverFixtures.signProfile(key: "static-page-driver", content: [
            "name": "dana", "display_name": "Dana Driver", "about": "Night shifts downtown.",
            "picture": "https://images.example.com/dana.jpg", "car_color": "Blue", "car_make": "Toyota", "car_model": "Prius",
        ]))
        let other = try Self.event(try await DriverFixtures.signProfile(key: "static-page-other", content: ["display_name": "Somebody Else"]))
        let link = try ProfileShareLink(signedProfile: driver, router: fixture.router)
        #expect(link.embedded)

        let (shown, dom) = try await fixture.preview(link.url)
        #expect(shown.state == "verified", "\(shown.startTag)")
        #expect(shown.reason == nil)
        #expect(shown.content.contains("<h1>Dana Driver</h1>"))
        #expect(shown.content.contains(#"<p class="about">Night shifts downtown.</p>"#))
        #expect(shown.content.contains("<dt>Car</dt><dd>Blue Toyota Prius</dd>"))
        #expect(shown.content.contains(#"<img class="avatar" src="https://images.example.com/dana.jpg" alt="" width="96" height="96">"#))
        #expect(shown.content.contains("checked in your browser"))
        #expect(dom.contains(#"<meta name="apple-itunes-app" content="app-id=1234567890, app-clip-bundle-id=com.roadflare.RoadFlare.Clip, app-clip-display=card">"#))
        #expect(shown.profileMarkup == (try await fixture.serverRendering(of: driver, named: "driver")).profileMarkup)

        // Without a fragment the page is the generic one, and the script leaves it alone.
        let plain = try ProfileShareLink(publicKey: driver.pubkey, router: fixture.router)
        let (generic, _) = try await fixture.preview(plain.url)
        #expect(generic.state == nil)
        #expect(generic.content.contains("<h1>Driver share on RoadFlare</h1>"))

        // One changed byte in the content, or in the signature: not shown, and said so.
        let layout = FragmentBytes.layout(of: link.url)
        let nameOffset = try #require(FragmentBytes.offset(of: Array("Dana Driver".utf8), in: layout))
        var content = layout
        content[nameOffset + 1] = UInt8(ascii: "i")
        var signature = layout
        signature[FragmentBytes.signatureOffset(createdAt: Int(driver.createdAt)) + 17] ^= 0x01
        for (name, tampered) in [("content", content), ("signature", signature)] {
            let (rejected, page) = try await fixture.preview(FragmentBytes.link(plain.url, carrying: tampered))
            #expect(rejected.state == "rejected", "a changed \(name) byte: \(rejected.startTag)")
            #expect(rejected.reason == "invalid-signature")
            #expect(!page.contains("Dina Driver") && !page.contains("<h1>Dana Driver</h1>"), "a changed \(name) byte shows nothing of the fragment")
            #expect(rejected.content.contains("<h1>Driver share on RoadFlare</h1>"))
            #expect(rejected.content.contains("failed its check"))
        }

        // Another key's signed profile on this driver's path is ignored.
        let foreign = try EventFragment.encode(other)
        let (ignored, page) = try await fixture.preview(plain.url + "#" + foreign)
        #expect(ignored.state == "ignored")
        #expect(ignored.reason == "link-author-mismatch")
        #expect(!page.contains("Somebody Else"))
        #expect(ignored.content.contains("<h1>Driver share on RoadFlare</h1>"))
    }

    @Test func aHostileProfileFromTheLinkIsInertExactlyAsTheServerRendersIt() async throws {
        let folder = try TemporaryDirectory()
        let fixture = try await Self.fixture(in: folder)
        defer { fixture.server.stop() }
        let hostile = try Self.event(try await DriverFixtures.signProfile(key: "static-page-hostile", content: [
            "display_name": "<script>alert('name')</script>\"\u{301}><img src=x onerror=alert(1)>",
            "about": "\"><img src=x onerror=alert(2)>'\u{301}><svg onload=alert(3)>\u{202E}",
            "picture": "javascript:alert(document.cookie)",
            "car_make": "</dd><script>alert(4)</script>",
        ]))
        let link = try ProfileShareLink(signedProfile: hostile, router: fixture.router)
        let (shown, dom) = try await fixture.preview(link.url)
        #expect(shown.state == "verified", "\(shown.startTag)")
        for fragment in SiteFixtures.forbiddenFragments {
            #expect(!dom.contains(fragment), "\(fragment) reached the DOM")
        }
        #expect(!shown.content.contains("<img"), "a javascript: picture never becomes an image")
        #expect(!dom.contains("\u{202E}"))
        #expect(shown.content.contains("&lt;script&gt;alert('name')&lt;/script&gt;"))
        #expect(shown.profileMarkup == (try await fixture.serverRendering(of: hostile, named: "hostile")).profileMarkup)
    }
}
