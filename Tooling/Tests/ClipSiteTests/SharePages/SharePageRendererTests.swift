import ClipKit
import ClipSite
import ClipTestSupport
import Foundation
import Testing

@Suite struct SharePageRendererTests {
    func driverMatch(_ site: LinkDomainSite, npub: String = SiteFixtures.npub) throws -> RouteMatch {
        try #require(site.match(path: "/share/d/\(npub)", host: "roadflare.app"))
    }

    @Test func clipRoutesOfferTheClipCardInTheSmartAppBanner() async throws {
        let site = try SiteFixtures.site("roadflare")
        let page = await site.sharePage(for: try driverMatch(site))
        #expect(page.html.contains(#"<meta name="apple-itunes-app" content="app-id=1234567890, app-clip-bundle-id=com.roadflare.RoadFlare.Clip, app-clip-display=card">"#))
        #expect(page.html.contains(#"<link rel="canonical" href="https://roadflare.app/share/d/\#(SiteFixtures.npub)">"#))
        #expect(page.html.contains(#"<meta property="og:url" content="https://roadflare.app/share/d/\#(SiteFixtures.npub)">"#))
        #expect(page.html.contains(#"<meta property="og:title" content="Driver share on RoadFlare">"#))
        #expect(page.html.contains(#"<meta name="twitter:card" content="summary">"#))
        #expect(page.html.contains("App Clip"))
        #expect(!page.showsProfile)
    }

    @Test func appRoutesOfferTheAppWithTheURLAsArgument() async throws {
        let site = try SiteFixtures.site("roadflare")
        let match = try #require(site.match(path: "/share/r/\(SiteFixtures.npub)", host: nil))
        let html = await site.sharePage(for: match).html
        #expect(html.contains(#"content="app-id=1234567890, app-argument=https://roadflare.app/share/r/\#(SiteFixtures.npub)""#))
        #expect(!html.contains("app-clip-bundle-id"))
    }

    @Test func theDriverPageShowsTheProfileWhenTheProviderHasIt() async throws {
        let profile = ShareProfile(
            name: "Dana Driver", pictureURL: "https://images.example.com/dana.jpg", about: "Night shifts downtown.",
            details: [ShareProfile.Detail(label: "Car", value: "Blue Toyota Prius")]
        )
        let provider = ControlledProvider(answers: [SiteFixtures.npub: profile])
        let site = try SiteFixtures.site("roadflare", provider: provider)
        let page = await site.sharePage(for: try driverMatch(site))
        #expect(page.showsProfile)
        #expect(page.html.contains("<h1>Dana Driver</h1>"))
        #expect(page.html.contains(#"<img class="avatar" src="https://images.example.com/dana.jpg""#))
        #expect(page.html.contains(#"<meta property="og:image" content="https://images.example.com/dana.jpg">"#))
        #expect(page.html.contains(#"<meta property="og:title" content="Dana Driver on RoadFlare">"#))
        #expect(page.html.contains(#"<meta property="og:description" content="Night shifts downtown.">"#))
        #expect(page.html.contains("<dt>Car</dt><dd>Blue Toyota Prius</dd>"))
        #expect(page.expiresAt != nil)
    }

    @Test func hostileProfileFieldsNeverAppearUnescaped() async throws {
        let provider = ControlledProvider(answers: [SiteFixtures.npub: SiteFixtures.hostileProfile])
        let site = try SiteFixtures.site("roadflare", provider: provider)
        let html = await site.sharePage(for: try driverMatch(site)).html
        for fragment in SiteFixtures.forbiddenFragments {
            #expect(!html.contains(fragment), "found \(fragment)")
        }
        #expect(html.contains("&lt;script&gt;alert(&#39;name&#39;)&lt;/script&gt;"))
        #expect(!html.contains("og:image"), "a javascript: picture must not become an image")
        #expect(!html.contains("\u{202E}"))
    }

    @Test func scriptInAPathParameterIsEscaped() async throws {
        let manifest = ClipManifest(
            teamID: "ABCDE12345", app: .init(bundleID: "com.example.App", appStoreID: "123", name: "Example"),
            clip: .init(bundleID: "com.example.App.Clip", minimumIOS: "16.0", invocations: [.digital]),
            appGroup: "group.com.example", domains: ["example.com"],
            routes: [.init(name: "item", patterns: ["https://example.com/i/{id}"], handledBy: .clip)],
            handoff: .init(ttlSeconds: 60)
        )
        let site = try LinkDomainSite(manifest: manifest, associationFiles: ["example.com": Data("{}".utf8)])
        let hostile = "%3Cscript%3Ealert(1)%3C%2Fscript%3E%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E"
        let match = try #require(site.match(path: "/i/" + hostile, host: "example.com"))
        let templates = try templatesShowing("{{route.param.id}}|{{route.encodedParam.id}}")
        let renderer = SharePageRenderer(manifest: manifest, templates: templates)
        let html = renderer.sharePage(for: match, profile: nil)
        #expect(!html.contains("<script>"))
        #expect(!html.contains("<img"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img src=x onerror=alert(1)&gt;|"))
        #expect(html.contains("|%3Cscript%3Ealert%281%29%3C%2Fscript%3E%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert%281%29%3E"))
    }

    @Test func aTemplatesFolderOverridesPagesAndTitles() async throws {
        let site = try SiteFixtures.site("bluesky", templates: SiteTemplates(overridingWith: TestEnvironment.file("Examples/bluesky/site")))
        let match = try #require(site.match(path: "/start/alice.bsky.social/3kabc", host: "bsky.app"))
        let html = await site.sharePage(for: match).html
        #expect(html.contains("<title>Join alice.bsky.social&#39;s starter pack on Bluesky</title>"))
        #expect(html.contains(#"<meta property="og:title" content="Join alice.bsky.social&#39;s starter pack on Bluesky">"#))
        #expect(html.contains("https://bsky.app/profile/alice.bsky.social"))
    }

    @Test func invalidTemplatesAreReportedWithTheirFile() throws {
        let folder = try TemporaryDirectory()
        try Data("{{#open}} never closed".utf8).write(to: folder.file("share.mustache"))
        #expect {
            try SiteTemplates(overridingWith: folder.url)
        } throws: { error in
            guard case SiteTemplateError.invalidTemplate(let path, _) = error else { return false }
            return path.hasSuffix("share.mustache")
        }
        #expect(throws: SiteTemplateError.self) { try SiteTemplates(overridingWith: folder.file("missing")) }
    }

    @Test func aTemplateErrorSaysWhichFileWhereAndWhat() throws {
        let folder = try TemporaryDirectory()
        try Data("<p>ok</p>\n<p>{{name}}</p>\n<p>{{#items}}{{.}}{{/things}}</p>\n".utf8).write(to: folder.file("share.mustache"))
        do {
            _ = try SiteTemplates(overridingWith: folder.url)
            Issue.record("an unbalanced section was accepted")
        } catch {
            let text = error.description
            #expect(text.contains(folder.file("share.mustache").path), "\(text)")
            #expect(text.contains("line 3, column "), "\(text)")
            #expect(text.contains("closes with another name"), "\(text)")
            #expect(text.contains("{{#items}}"), "the line is quoted: \(text)")
            #expect(!text.contains("ParserError") && !text.contains("MustacheParserContext"), "\(text)")
        }
    }

    @Test func aTextTemplateErrorIsPlacedInTheFileAsWritten() throws {
        let folder = try TemporaryDirectory()
        try Data("Join {{name".utf8).write(to: folder.file("share.title.mustache"))
        do {
            _ = try SiteTemplates(overridingWith: folder.url)
            Issue.record("an unfinished tag was accepted")
        } catch {
            let text = error.description
            #expect(text.contains("line 1, column "), "\(text)")
            #expect(text.contains("(the line: Join {{name)"), "\(text)")
            #expect(!text.contains("CONTENT_TYPE"), "the prefix ClipKit adds is not the user's: \(text)")
        }
    }

    @Test func routeNamesAreHumanized() {
        #expect(SharePageRenderer.humanized("driverShare") == "Driver share")
        #expect(SharePageRenderer.humanized("starterPackShortLink") == "Starter pack short link")
        #expect(SharePageRenderer.humanized("item_detail") == "Item detail")
    }

    private func templatesShowing(_ body: String) throws -> SiteTemplates {
        let folder = try TemporaryDirectory()
        try Data("<p>\(body)</p>".utf8).write(to: folder.file("share.mustache"))
        return try SiteTemplates(overridingWith: folder.url)
    }
}
