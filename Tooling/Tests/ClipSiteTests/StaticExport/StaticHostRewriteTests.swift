import ClipAASA
import ClipKit
import ClipNostr
@testable import ClipSite
import ClipTestSupport
import ClipToolingTestSupport
import Foundation
import Testing

/// Share links on real static hosts, configured only by what `clipkit site build` writes: Debian's
/// Apache with the generated `.htaccess`, Debian's Caddy with the generated `Caddyfile` (imported
/// unchanged). A share URL answers 200 with its route's page, whose first HTML — the bytes a
/// crawler reads, no script run — has the route's `og:title` and the banner with the App Clip;
/// the AASA is `application/json` with no redirect; other paths get `404.html` with 404.
@Suite(.timeLimit(.minutes(5)))
struct StaticHostRewriteTests {
    static let driverLink = "/share/d/\(SiteFixtures.npub)"

    /// The RoadFlare export written into `folder/site`.
    static func exportRoadFlare(in folder: TemporaryDirectory) throws -> (LinkDomainSite, URL) {
        let site = try SiteFixtures.site("roadflare")
        let siteFolder = folder.file("site")
        try StaticSiteBuilder(site: site).build().write(to: siteFolder)
        return (site, siteFolder)
    }

    static func get(_ url: String) async throws -> AASAFetchResponse {
        try await URLSessionAASAFetcher(timeout: 20).fetch(try #require(URL(string: url)), limit: 1 << 20)
    }

    /// The part of `html` before `</head>`: what the assertions about the first HTML look at.
    static func head(of response: AASAFetchResponse) -> String {
        let html = String(decoding: response.body, as: UTF8.self)
        return html.range(of: "</head>").map { String(html[..<$0.lowerBound]) } ?? html
    }

    /// What every host must answer, checked against `host`.
    static func checkShareLinks(on host: any StaticHost, hostName: String) async throws {
        let share = try await get(host.baseURL + driverLink)
        #expect(share.statusCode == 200, "\(hostName): a share URL answers \(share.statusCode)")
        #expect(share.header("Content-Type")?.hasPrefix("text/html") == true)
        let head = head(of: share)
        #expect(head.contains(#"<meta property="og:title" content="Driver share on RoadFlare">"#), "\(hostName): \(head.prefix(1500))")
        #expect(head.contains(#"<title>Driver share on RoadFlare</title>"#))
        #expect(head.contains(#"<meta name="apple-itunes-app" content="app-id=1234567890, app-clip-bundle-id=com.roadflare.RoadFlare.Clip, app-clip-display=card">"#))
        #expect(head.contains(#"<meta name="twitter:title" content="Driver share on RoadFlare">"#))
        #expect(!head.lowercased().contains("not found"))

        // One trailing slash is tolerated, as by the router.
        let slashed = try await get(host.baseURL + driverLink + "/")
        #expect(slashed.statusCode == 200, "\(hostName): with a trailing slash")

        // The app-only route gets its own page, with the app's banner.
        let rider = try await get(host.baseURL + "/share/r/\(SiteFixtures.npub)")
        #expect(rider.statusCode == 200)
        #expect(Self.head(of: rider).contains(#"<meta property="og:title" content="Rider share on RoadFlare">"#))
        #expect(Self.head(of: rider).contains(#"<meta name="apple-itunes-app" content="app-id=1234567890">"#))

        // Paths no route serves are still not found, with 404.html; so is an empty capture.
        for path in ["/share/d/", "/share/x/\(SiteFixtures.npub)", driverLink + "/extra", "/no/such/page"] {
            let missing = try await get(host.baseURL + path)
            #expect(missing.statusCode == 404, "\(hostName): \(path) answered \(missing.statusCode)")
            #expect(String(decoding: missing.body, as: UTF8.self).contains("<h1>Page not found</h1>"), "\(hostName): \(path)")
        }

        let association = try await get(host.baseURL + "/.well-known/apple-app-site-association")
        #expect(association.statusCode == 200, "\(hostName): the AASA answered \(association.statusCode)")
        #expect(association.header("Location") == nil)
        #expect(association.header("Content-Type")?.split(separator: ";").first == "application/json", "\(hostName): \(association.header("Content-Type") ?? "no Content-Type")")
        #expect(association.body == SiteFixtures.associationFiles(for: try ExampleManifest.load("roadflare"))["roadflare.app"])
    }

    @Test func apacheWithTheGeneratedHtaccessAnswersShareLinksWithTheirPage() async throws {
        let folder = try TemporaryDirectory()
        let (_, siteFolder) = try Self.exportRoadFlare(in: folder)
        let apache = try await ApacheStaticHost(serving: siteFolder, in: folder)
        defer { apache.stop() }
        try await Self.checkShareLinks(on: apache, hostName: "Apache")
        #expect(!apache.errorLog.contains("[core:alert]"), "\(apache.errorLog)")
    }

    @Test func caddyWithTheDocumentedCaddyfileAnswersShareLinksWithTheirPage() async throws {
        let folder = try TemporaryDirectory()
        let (_, siteFolder) = try Self.exportRoadFlare(in: folder)
        // The Caddyfile docs/link-domain.md shows is the one site build writes, and Caddy runs that text.
        let doc = try String(contentsOf: TestEnvironment.file("docs/link-domain.md"), encoding: .utf8)
        let start = try #require(doc.range(of: "<!-- caddyfile:roadflare:start -->\n```caddyfile\n"))
        let end = try #require(doc.range(of: "```\n<!-- caddyfile:roadflare:end -->", range: start.upperBound..<doc.endIndex))
        let documented = String(doc[start.upperBound..<end.lowerBound])
        #expect(documented == (try String(contentsOf: siteFolder.appendingPathComponent("Caddyfile"), encoding: .utf8)))
        let caddyfile = folder.file("documented.Caddyfile")
        try Data(documented.utf8).write(to: caddyfile)
        let caddy = try await CaddyStaticHost(serving: siteFolder, caddyfile: caddyfile, in: folder)
        defer { caddy.stop() }
        try await Self.checkShareLinks(on: caddy, hostName: "Caddy")
        // The other hosts' configuration files are not served.
        for path in ["/Caddyfile", "/_redirects", "/.htaccess"] {
            #expect(try await Self.get(caddy.baseURL + path).statusCode == 404, "\(path)")
        }
    }

    /// Bluesky's two domains and its two patterns of one route: each pattern gets its own page,
    /// and Apache rewrites both to the right one.
    @Test func everyPatternOfARouteGetsItsOwnPage() async throws {
        let folder = try TemporaryDirectory()
        let templates = try SiteTemplates(overridingWith: TestEnvironment.file("Examples/bluesky/site"))
        let site = try SiteFixtures.site("bluesky", templates: templates)
        let output = try StaticSiteBuilder(site: site).build(forDomain: "bsky.app")
        #expect(output.paths.filter { $0.hasPrefix("clipkit-pages/") } == ["clipkit-pages/starterPack-2.html", "clipkit-pages/starterPack.html"])
        let siteFolder = folder.file("site")
        try output.write(to: siteFolder)
        let apache = try await ApacheStaticHost(serving: siteFolder, in: folder)
        defer { apache.stop() }
        for (path, canonical) in [("/start/alice.bsky.social/3kabc", "start"), ("/starter-pack/alice.bsky.social/3kabc", "starter-pack")] {
            let page = try await Self.get(apache.baseURL + path)
            #expect(page.statusCode == 200, "\(path)")
            let head = Self.head(of: page)
            #expect(head.contains(#"<meta property="og:title" content="A starter pack on Bluesky">"#), "\(head.prefix(1200))")
            #expect(head.contains("app-clip-bundle-id=xyz.blueskyweb.app.AppClip"))
            // The page's own routing data names its pattern, whose canonical URL the script fills in.
            #expect(String(decoding: page.body, as: UTF8.self).contains("https://bsky.app/\(canonical)/\u{E002}handle\u{E001}"))
        }
    }
}
