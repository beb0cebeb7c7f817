import ClipAASA
import ClipKit
import ClipNostr
import ClipSite
import ClipTestSupport
import ClipToolingTestSupport
import Foundation
import Testing

/// What a share link meets on the static export before any script runs, and after: `404.html`'s
/// head (GitHub Pages answers every share URL with it) names no error and carries the App Clip
/// banner; a signed driver link served by Apache through the generated rewrite shows the verified
/// driver in headless Chromium.
@Suite(.timeLimit(.minutes(10)))
struct StaticFallbackPageTests {
    /// The text of the first `<title>` and of `og:title` in `html`'s head, read without scripts.
    static func titles(in html: String) throws -> (title: String, ogTitle: String, head: String) {
        let head = try #require(html.range(of: "</head>").map { String(html[..<$0.lowerBound]) })
        let title = try #require(head.range(of: "<title>").flatMap { start in
            head.range(of: "</title>", range: start.upperBound..<head.endIndex).map { String(head[start.upperBound..<$0.lowerBound]) }
        })
        let marker = #"<meta property="og:title" content=""#
        let ogTitle = try #require(head.range(of: marker).flatMap { start in
            head.range(of: "\"", range: start.upperBound..<head.endIndex).map { String(head[start.upperBound..<$0.lowerBound]) }
        })
        return (title, ogTitle, head)
    }

    @Test func theNotFoundPageNamesNoErrorAndCarriesTheAppClipBannerWhenTheDomainHasShareRoutes() throws {
        let cases: [(manifest: String, domain: String, templates: String?, name: String, clip: String)] = [
            ("roadflare", "roadflare.app", nil, "RoadFlare", "com.roadflare.RoadFlare.Clip"),
            ("bluesky", "bsky.app", "Examples/bluesky/site", "Bluesky", "xyz.blueskyweb.app.AppClip"),
            ("bluesky", "go.bsky.app", "Examples/bluesky/site", "Bluesky", "xyz.blueskyweb.app.AppClip"),
            ("coffee-shop", "brew.example", nil, "Brew", "com.example.Brew.Clip"),
        ]
        for example in cases {
            let templates = try example.templates.map { try SiteTemplates(overridingWith: TestEnvironment.file($0)) } ?? .defaults
            let site = try SiteFixtures.site(example.manifest, templates: templates)
            let page = String(decoding: try #require(try StaticSiteBuilder(site: site).build(forDomain: example.domain).files["404.html"]), as: UTF8.self)
            let (title, ogTitle, head) = try Self.titles(in: page)
            for text in [title, ogTitle] {
                #expect(!text.lowercased().contains("not found") && !text.contains("404"), "\(example.domain): '\(text)'")
            }
            #expect(title == example.name)
            #expect(head.contains(#"<meta name="apple-itunes-app" content="app-id=\#(site.manifest.app.appStoreID), app-clip-bundle-id=\#(example.clip), app-clip-display=card">"#),
                    "\(example.domain): \(head.prefix(1200))")
            #expect(head.contains(#"<meta property="og:description" content="Open this link in the \#(example.name) App Clip, without installing the app.">"#))
            #expect(!head.lowercased().contains("not found"), "\(example.domain): the whole head names no error")
            // The body still says so, for a person on a path that no route serves.
            #expect(page.contains("<h1>Page not found</h1>"))
        }
    }

    @Test func aDomainWithoutShareRoutesKeepsThePlainNotFoundPage() throws {
        let manifest = try ExampleManifest.load("roadflare")
        let renderer = SharePageRenderer(manifest: manifest)
        #expect(renderer.staticFallbackPage(domain: "elsewhere.example") == renderer.notFoundPage(domain: "elsewhere.example"))
        #expect(renderer.notFoundPage().contains("<title>Page not found · RoadFlare</title>"))
    }

    @Test func aRoutePageHeadIsCompleteWithoutItsParameters() throws {
        let site = try SiteFixtures.site("roadflare")
        let output = try StaticSiteBuilder(site: site).build()
        let page = String(decoding: try #require(output.files["clipkit-pages/driverShare.html"]), as: UTF8.self)
        let (title, ogTitle, head) = try Self.titles(in: page)
        #expect(title == "Driver share on RoadFlare" && ogTitle == title)
        for tag in [
            #"<meta name="description" content="Open this link in the RoadFlare App Clip, without installing the app.">"#,
            #"<meta property="og:description" content="Open this link in the RoadFlare App Clip, without installing the app.">"#,
            #"<meta property="og:site_name" content="RoadFlare">"#,
            #"<meta name="twitter:card" content="summary">"#,
            #"<meta name="twitter:title" content="Driver share on RoadFlare">"#,
            #"<meta name="apple-itunes-app" content="app-id=1234567890, app-clip-bundle-id=com.roadflare.RoadFlare.Clip, app-clip-display=card">"#,
        ] {
            #expect(head.contains(tag), "missing \(tag)")
        }
        // One file answers every driver's URL, so it names none of them as canonical; the script adds it.
        #expect(!head.contains(#"rel="canonical""#) && !head.contains("og:url"))
        #expect(!page.contains("\u{E000}") || page.contains(ClientRouterScript.dataElementID), "placeholders only in the routing data")
        #expect(page.contains(LinkProfileScript.source.prefix(200)))
    }

    /// A driver link that `ProfileShareLink` made from a profile nostr-sdk signed, opened in
    /// headless Chromium on Debian's Apache serving the export with its generated `.htaccess`:
    /// the path answers 200 with the route's page, whose script verifies the fragment and shows
    /// the driver. The screenshot goes to a temporary folder, or to `CLIPKIT_SCREENSHOT_DIR`.
    @Test func aSignedDriverLinkServedThroughApachesRewriteShowsTheVerifiedDriver() async throws {
        let folder = try TemporaryDirectory()
        let site = try SiteFixtures.site("roadflare")
        let siteFolder = folder.file("site")
        try StaticSiteBuilder(site: site).build().write(to: siteFolder)
        let apache = try await ApacheStaticHost(serving: siteFolder, in: folder)
        defer { apache.stop() }
        let signed = try await DriverFixtures.signProfile(key: "apache-rewrite-driver", content: [
            "name": "dana", "display_name": "Dana Driver", "about": "Night shifts downtown.",
            "car_color": "Blue", "car_make": "Toyota", "car_model": "Prius",
        ])
        let driver = try NostrEvent(jsonData: Data(signed.event.utf8))
        let router = try InvocationRouter(manifest: site.manifest, parameterKinds: .standardWithNostr)
        let link = try ProfileShareLink(signedProfile: driver, router: router)
        #expect(link.embedded)
        let local = link.url.replacingOccurrences(of: "https://roadflare.app", with: apache.baseURL)

        // What the server sends for the link (browsers never send the fragment): the route's page, 200.
        let path = try #require(local.split(separator: "#", maxSplits: 1).first.map(String.init))
        let first = try await URLSessionAASAFetcher(timeout: 20).fetch(try #require(URL(string: path)), limit: 1 << 20)
        #expect(first.statusCode == 200)
        #expect(String(decoding: first.body, as: UTF8.self).contains(#"<meta property="og:title" content="Driver share on RoadFlare">"#))

        let chromium = try HeadlessChromium(profileFolder: folder.file("profile"))
        let dom = try await chromium.dumpDOM(of: local, virtualTimeBudget: 30_000)
        let shown = try #require(SharePreviewElement(dom: dom), "no preview element in \(dom.prefix(1500))")
        #expect(shown.state == "verified", "\(shown.startTag)")
        #expect(shown.content.contains("<h1>Dana Driver</h1>"))
        #expect(shown.content.contains("<dt>Car</dt><dd>Blue Toyota Prius</dd>"))
        #expect(shown.content.contains("checked in your browser"))
        // The script filled in the URL's page: its canonical URL names this driver.
        let npub = try NIP19.encodePublicKey(driver.pubkey)
        #expect(dom.contains(#"<link rel="canonical" href="https://roadflare.app/share/d/\#(npub)">"#))
        #expect(dom.contains("app-clip-bundle-id=com.roadflare.RoadFlare.Clip"))

        let screenshots = ProcessInfo.processInfo.environment["CLIPKIT_SCREENSHOT_DIR"].map { URL(fileURLWithPath: $0) } ?? folder.url
        let file = screenshots.appendingPathComponent("share-page-static-apache.png")
        try await chromium.screenshot(of: local, to: file, width: 480, height: 760, virtualTimeBudget: 30_000)
        let png = try Data(contentsOf: file)
        #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) && png.count > 10_000)
    }
}
