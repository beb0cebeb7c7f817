import ClipAASA
import ClipKit
import ClipNostr
import ClipSite
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

    // MARK: The export's own files are never rewritten

    /// A domain's export, for the checks of the export's own files on every host.
    struct Export: CustomTestStringConvertible, Sendable {
        /// What the test names it by.
        let name: String
        /// The example manifest it starts from.
        let manifest: String
        /// The domain exported.
        let domain: String
        /// The example's own templates folder, if any.
        let templates: String?
        /// The patterns that replace the manifest's routes (one route each), if any.
        let rootPatterns: [String]

        var testDescription: String { name }

        /// The site, its manifest's routes replaced by ``rootPatterns`` when there are any.
        func site() throws -> LinkDomainSite {
            let templates = try templates.map { try SiteTemplates(overridingWith: TestEnvironment.file($0)) } ?? .defaults
            guard !rootPatterns.isEmpty else { return try SiteFixtures.site(manifest, templates: templates) }
            var model = try ExampleManifest.load(manifest)
            model.routes = rootPatterns.enumerated().map { index, pattern in
                ClipManifest.RouteDefinition(name: "atRoot\(index + 1)", patterns: [pattern], handledBy: .clip)
            }
            return try LinkDomainSite(
                manifest: model, associationFiles: SiteFixtures.associationFiles(for: model), templates: templates, parameterKinds: SiteFixtures.kinds
            )
        }
    }

    /// Every example's domains, and routes that capture at the root, which match the paths of the
    /// export's own files by their shape (`/.well-known/apple-app-site-association`, `/index.html`).
    static let exports: [Export] = [
        Export(name: "roadflare.app", manifest: "roadflare", domain: "roadflare.app", templates: nil, rootPatterns: []),
        Export(name: "bsky.app", manifest: "bluesky", domain: "bsky.app", templates: "Examples/bluesky/site", rootPatterns: []),
        Export(name: "go.bsky.app", manifest: "bluesky", domain: "go.bsky.app", templates: "Examples/bluesky/site", rootPatterns: []),
        Export(name: "brew.example", manifest: "coffee-shop", domain: "brew.example", templates: nil, rootPatterns: []),
        Export(name: "two captures at the root", manifest: "roadflare", domain: "roadflare.app", templates: nil, rootPatterns: ["https://roadflare.app/{a}/{b}"]),
        Export(name: "one capture at the root", manifest: "roadflare", domain: "roadflare.app", templates: nil, rootPatterns: ["https://roadflare.app/{code}"]),
        Export(
            name: "both at the root", manifest: "roadflare", domain: "roadflare.app", templates: nil,
            rootPatterns: ["https://roadflare.app/{a}/{b}", "https://roadflare.app/{code}"]
        ),
    ]

    /// What every host must answer for the export's own files: the AASA as the exported JSON
    /// (200, `application/json`, no redirect, the same bytes), `index.html` and `404.html` as
    /// exported, every route page at its own path, other `/.well-known/` paths not found, and
    /// share URLs of every pattern still answered by their route's page.
    static func checkOwnFiles(on host: any StaticHost, hostName: String, output: StaticSite, pages: [StaticRoutePage], label: String) async throws {
        let association = try await get(host.baseURL + "/" + StaticSiteBuilder.associationFilePath)
        #expect(association.statusCode == 200, "\(hostName), \(label): the AASA answered \(association.statusCode)")
        #expect(association.header("Location") == nil)
        #expect(association.header("Content-Type")?.split(separator: ";").first == "application/json", "\(hostName), \(label): \(association.header("Content-Type") ?? "none")")
        #expect(association.body == output.files[StaticSiteBuilder.associationFilePath], "\(hostName), \(label): the AASA is not the exported file: \(String(decoding: association.body.prefix(300), as: UTF8.self))")

        for file in ["index.html", "404.html"] + pages.map(\.path) {
            let response = try await get(host.baseURL + "/" + file)
            #expect(response.statusCode == 200, "\(hostName), \(label): /\(file) answered \(response.statusCode)")
            #expect(response.body == output.files[file], "\(hostName), \(label): /\(file) is not the exported file")
        }
        // Nothing under /.well-known/ but the AASA exists, and nothing there is a share link.
        for path in ["/.well-known/assetlinks.json", "/.well-known/apple-app-site-association/extra"] {
            let response = try await get(host.baseURL + path)
            #expect(response.statusCode == 404, "\(hostName), \(label): \(path) answered \(response.statusCode)")
        }
        for page in pages {
            var values: [String: String] = [:]
            for (index, name) in page.pattern.captureNames.enumerated() { values[name] = "v\(index)-\(name)" }
            let url = try #require(page.pattern.url(filling: values))
            let path = String(url.dropFirst("https://".count + page.pattern.host.count))
            for form in [path, path + "/"] {
                let share = try await get(host.baseURL + form)
                #expect(share.statusCode == 200, "\(hostName), \(label): \(form) answered \(share.statusCode)")
                #expect(share.body == output.files[page.path], "\(hostName), \(label): \(form) is not answered by \(page.path)")
            }
        }
    }

    @Test(arguments: exports)
    func apacheNeverRewritesTheExportsOwnFiles(_ export: Export) async throws {
        let folder = try TemporaryDirectory()
        let builder = StaticSiteBuilder(site: try export.site())
        let output = try builder.build(forDomain: export.domain)
        try output.write(to: folder.file("site"))
        let apache = try await ApacheStaticHost(serving: folder.file("site"), in: folder)
        defer { apache.stop() }
        try await Self.checkOwnFiles(on: apache, hostName: "Apache", output: output, pages: builder.routePages(domain: export.domain), label: export.name)
        #expect(!apache.errorLog.contains("AH00124"), "no internal redirect loop: \(apache.errorLog.suffix(2000))")
        #expect(!apache.errorLog.contains("[core:alert]"), "\(apache.errorLog.suffix(2000))")
    }

    @Test(arguments: exports)
    func caddyNeverRewritesTheExportsOwnFiles(_ export: Export) async throws {
        let folder = try TemporaryDirectory()
        let builder = StaticSiteBuilder(site: try export.site())
        let output = try builder.build(forDomain: export.domain)
        let siteFolder = folder.file("site")
        try output.write(to: siteFolder)
        let caddy = try await CaddyStaticHost(serving: siteFolder, caddyfile: siteFolder.appendingPathComponent("Caddyfile"), in: folder)
        defer { caddy.stop() }
        try await Self.checkOwnFiles(on: caddy, hostName: "Caddy", output: output, pages: builder.routePages(domain: export.domain), label: export.name)
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
