import ClipKit
import ClipLoopback
import ClipSite
import ClipTestSupport
import Foundation
import Testing

/// The static export as a person meets it: nginx serves the `clipkit site build` output the way
/// GitHub Pages does (unknown paths get `404.html`), and headless Chromium loads a share URL, runs
/// the page's script and shows the rendered share page — with a hostile handle escaped.
@Suite struct StaticSiteBrowserTests {
    @Test func aBrowserRendersTheSharePageFromTheNotFoundPage() async throws {
        let folder = try TemporaryDirectory()
        let templates = try SiteTemplates(overridingWith: TestEnvironment.file("Examples/bluesky/site"))
        let site = try SiteFixtures.site("bluesky", templates: templates)
        let server = try await StaticSiteServer(serving: StaticSiteBuilder(site: site).build(forDomain: "bsky.app"), in: folder)
        defer { server.stop() }
        let chromium = try HeadlessChromium(profileFolder: folder.file("profile"))
        let port = server.port

        let hostile = "%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E"
        let dom = try await chromium.dumpDOM(of: "http://127.0.0.1:\(port)/start/\(hostile)/3kabc")
        #expect(dom.contains("<title>Join &lt;img src=x onerror=alert(1)&gt;'s starter pack on Bluesky</title>"), "\(dom.prefix(2000))")
        #expect(dom.contains(#"<link rel="canonical" href="https://bsky.app/start/\#(hostile)/3kabc">"#))
        #expect(dom.contains(#"<meta property="og:title" content="Join &lt;img src=x onerror=alert(1)&gt;'s starter pack on Bluesky">"#))
        #expect(dom.contains(#"href="https://bsky.app/profile/\#(hostile)""#))
        #expect(!dom.contains("<img src=x"))
        #expect(!dom.contains("Page not found"))

        let missing = try await chromium.dumpDOM(of: "http://127.0.0.1:\(port)/no/such/page")
        #expect(missing.contains("<h1>Page not found</h1>"))
        // The head names no error for link previews; the script tells a person on this path.
        #expect(missing.contains("<title>Page not found · Bluesky</title>"), "\(missing.prefix(1500))")
    }
}
