import ClipKit
import ClipSite
import ClipTestSupport
import Foundation
import Testing

@Suite struct StaticSiteBuilderTests {
    @Test func theExportHoldsWhatStaticHostsNeed() throws {
        let site = try SiteFixtures.site("roadflare")
        let output = try StaticSiteBuilder(site: site).build()
        #expect(output.paths == [
            ".htaccess", ".nojekyll", ".well-known/apple-app-site-association", "404.html", "Caddyfile", "_headers", "_redirects",
            "clipkit-pages/driverShare.html", "clipkit-pages/riderShare.html", "index.html", "vercel.json",
        ])
        #expect(output.files[".well-known/apple-app-site-association"] == site.servedDomain(named: "roadflare.app")?.associationFile)
        #expect(output.files[".nojekyll"] == Data())
        let headers = String(decoding: output.files["_headers"] ?? Data(), as: UTF8.self)
        #expect(headers.contains("/.well-known/apple-app-site-association\n  Content-Type: application/json"))
        let vercel = try JSONSerialization.jsonObject(with: output.files["vercel.json"] ?? Data()) as? [String: Any]
        #expect(vercel?["headers"] != nil)
        let index = String(decoding: output.files["index.html"] ?? Data(), as: UTF8.self)
        #expect(index.contains("app-clip-display=card"))
    }

    @Test func theExportIsDeterministic() throws {
        let first = try StaticSiteBuilder(site: SiteFixtures.site("bluesky")).build()
        let second = try StaticSiteBuilder(site: SiteFixtures.site("bluesky")).build()
        #expect(first == second)
        let folderA = try TemporaryDirectory()
        let folderB = try TemporaryDirectory()
        try first.write(to: folderA.url)
        try second.write(to: folderB.url)
        for path in first.paths {
            #expect(try Data(contentsOf: folderA.url.appendingPathComponent(path)) == Data(contentsOf: folderB.url.appendingPathComponent(path)))
        }
    }

    @Test func eachDomainGetsItsOwnFileAndRoutes() throws {
        let site = try SiteFixtures.site("bluesky")
        let short = try StaticSiteBuilder(site: site).build(forDomain: "go.bsky.app")
        #expect(short.files[".well-known/apple-app-site-association"] == site.servedDomain(named: "go.bsky.app")?.associationFile)
        let data = try routingData(in: short)
        let routes = (data["patterns"] as? [[String: Any]] ?? []).compactMap { $0["route"] as? String }
        #expect(routes == ["starterPackShortLink"])
        #expect(throws: StaticSiteError.self) { try StaticSiteBuilder(site: site).build(forDomain: "evil.example") }
    }

    @Test func theNotFoundPageCarriesItsRoutesInlineAndNoExternalScript() throws {
        let output = try StaticSiteBuilder(site: SiteFixtures.site("roadflare")).build()
        let page = String(decoding: output.files["404.html"] ?? Data(), as: UTF8.self)
        #expect(page.contains("<h1>Page not found</h1>"))
        #expect(!page.contains("<script src"))
        #expect(page.components(separatedBy: "<script").count == 3)
        let data = try routingData(in: output)
        #expect(data["domains"] as? [String] == ["roadflare.app"])
        let patterns = data["patterns"] as? [[String: Any]] ?? []
        #expect(patterns.compactMap { $0["route"] as? String } == ["driverShare", "riderShare"])
        let shell = patterns.first?["page"] as? String ?? ""
        #expect(shell.contains("app-clip-display=card"))
        #expect(shell.contains("https://roadflare.app/share/d/\u{E002}npub\u{E001}"))
    }

    /// Runs the 404 page's own script under Node: for paths of both example manifests, the
    /// browser-side matcher agrees with the Swift router, and filled-in values are escaped.
    @Test func theBrowserMatcherAgreesWithTheRouterAndEscapes() async throws {
        let node = try TestEnvironment.systemTool("node")
        var cases: [[String: Any]] = []
        var expected: [[String: Any]?] = []
        let hostile = "%3Cscript%3Ealert(1)%3C%2Fscript%3E%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E"
        let samples: [(String, String, [(String, String)])] = [
            ("roadflare", "roadflare.app", [
                ("roadflare.app", "/share/d/\(SiteFixtures.npub)"), ("roadflare.app", "/share/d/\(SiteFixtures.npub)/"),
                ("roadflare.app", "/share/r/\(SiteFixtures.npub)"), ("preview.example", "/share/d/\(SiteFixtures.npub)"),
                ("roadflare.app", "/share/d/"), ("roadflare.app", "/share//d/x"), ("roadflare.app", "/share/x/\(SiteFixtures.npub)"),
                ("roadflare.app", "/"), ("roadflare.app", "/share/d/\(SiteFixtures.npub)/extra"), ("roadflare.app", "/share/d/caf%C3%A9"), ("roadflare.app", "/share/d/a%0Ab"),
            ]),
            // go.bsky.app/{code} has the shape of the AASA's root path and of /.well-known: neither side routes them.
            ("bluesky", "go.bsky.app", [
                ("go.bsky.app", "/abc123"), ("go.bsky.app", "/apple-app-site-association"), ("go.bsky.app", "/.well-known"),
                ("go.bsky.app", "/%2Ewell-known/"), ("go.bsky.app", "/apple-app-site-associatio"),
            ]),
            ("bluesky", "bsky.app", [
                ("bsky.app", "/start/alice.bsky.social/3kabc"), ("bsky.app", "/starter-pack/alice.bsky.social/3kabc"),
                ("BSKY.APP", "/start/alice.bsky.social/3kabc"), ("bsky.app", "/start/alice.bsky.social"),
                ("bsky.app", "/start/\(hostile)/3kabc"),
            ]),
        ]
        // The browser does not check parameter kinds, so the Swift side routes with kinds that accept
        // any segment the `string` kind accepts, and the two must agree on structure.
        var permissive = SiteFixtures.kinds
        for name in ["npub", "atIdentifier", "recordKey"] {
            permissive.register(ParameterKind(name: name) { ParameterKind.string.check($0) })
        }
        for (name, domain, paths) in samples {
            let templates = name == "bluesky" ? try SiteTemplates(overridingWith: TestEnvironment.file("Examples/bluesky/site")) : .defaults
            let site = try SiteFixtures.site(name, templates: templates)
            let structuralSite = try LinkDomainSite(
                manifest: site.manifest, associationFiles: SiteFixtures.associationFiles(for: site.manifest), parameterKinds: permissive
            )
            let data = try routingData(in: StaticSiteBuilder(site: site).build(forDomain: domain))
            for (host, path) in paths {
                cases.append(["data": data, "host": host, "path": path])
                let structural = structuralSite.match(path: path, host: host == "preview.example" ? nil : host)
                if domain == "go.bsky.app" {
                    #expect((structural?.route == "starterPackShortLink") == (path == "/abc123" || path == "/apple-app-site-associatio"), "\(path)")
                }
                expected.append(structural.map { ["route": $0.route] })
            }
        }
        let script = ClientRouterScript.source
        let harness = """
        \(script)
        const cases = JSON.parse(require("fs").readFileSync(0, "utf8"));
        const results = cases.map(function (c) {
          const found = clipkitMatch(c.data, c.host, c.path);
          if (!found) return null;
          return { route: found.route, parameters: found.parameters, page: clipkitFill(found.page, found.parameters) };
        });
        process.stdout.write(JSON.stringify(results));
        """
        let folder = try TemporaryDirectory()
        try Data(harness.utf8).write(to: folder.file("harness.js"))
        let input = try JSONSerialization.data(withJSONObject: cases)
        let run = try await ChildProcess.run(node, arguments: [folder.file("harness.js").path], standardInput: input, timeout: 30)
        #expect(run.status == 0, "\(run.standardError)")
        let results = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [Any] ?? []
        #expect(results.count == expected.count)
        for (index, result) in results.enumerated() {
            let path = cases[index]["path"] as? String ?? ""
            let route = (result as? [String: Any])?["route"] as? String
            #expect(route == expected[index]?["route"] as? String, "path \(path)")
            if let page = (result as? [String: Any])?["page"] as? String {
                #expect(!page.contains("<script>alert"), "path \(path)")
                #expect(!page.contains("<img src=x"), "path \(path)")
                #expect(!page.contains("\u{E000}") && !page.contains("\u{E002}"), "placeholders left in \(path)")
            }
        }
        let hostileResult = results.last as? [String: Any]
        let filled = hostileResult?["page"] as? String ?? ""
        #expect(filled.contains("&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img"))
        let first = results.first as? [String: Any]
        #expect((first?["parameters"] as? [String: String])?["npub"] == SiteFixtures.npub)
        #expect((first?["page"] as? String)?.contains("https://roadflare.app/share/d/\(SiteFixtures.npub)") == true)
    }

    private func routingData(in output: StaticSite) throws -> [String: Any] {
        let page = String(decoding: output.files["404.html"] ?? Data(), as: UTF8.self)
        let opening = #"<script type="application/json" id="clipkit-share-pages">"#
        let start = try #require(page.range(of: opening))
        let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        let json = page[start.upperBound..<end.lowerBound]
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }
}
