import ClipAASA
import ClipDoctor
import ClipKit
import ClipManifestReader
import ClipNostr
import ClipTestSupport
import ClipToolingTestSupport
import Foundation
import Testing

/// `ShareLinkCheck`, `clipkit doctor --share-link` and `clipkit aasa validate --share-link` against
/// the RoadFlare site that `clipkit site build` wrote, deployed several ways: Debian's Apache with the
/// generated `.htaccess` (share links answer 200), nginx configured as GitHub Pages behaves (404,
/// with `404.html`), Apache with the files a site had before share pages existed — no rewrites,
/// a `404.html` titled "Page not found" without the App Clip, and an AASA behind a redirect — and
/// Debian's Caddy with Caddyfiles that answer the AASA's path with a page, with JSON that is not the
/// manifest's AASA, or with the wrong content type.
@Suite(.timeLimit(.minutes(5)))
struct ShareLinkCheckTests {
    static let npub = "npub1seq7ln62frek853200w4jrge72uq750dezc4rvxwjknfjgfvs7vs2wkxuj"
    static let manifestPath = TestEnvironment.file("Examples/roadflare/clipkit.json").path

    /// The RoadFlare site as `clipkit site build` writes it, in `folder/site`.
    static func buildSite(in folder: TemporaryDirectory) async throws -> URL {
        let site = folder.file("site")
        let result = try await ChildProcess.clipkit(["site", "build", "--manifest", manifestPath, "--out", site.path, "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        return site
    }

    static func check(_ url: String) async throws -> ShareLinkReport {
        let manifest = try ExampleManifest.load("roadflare")
        return await ShareLinkCheck(manifest: manifest, parameterKinds: .standardWithNostr, fetcher: URLSessionAASAFetcher(timeout: 20))
            .check(try #require(URL(string: url)))
    }

    @Test func aSiteOnAHostThatRewritesPasses() async throws {
        let folder = try TemporaryDirectory()
        let apache = try await ApacheStaticHost(serving: try await Self.buildSite(in: folder), in: folder)
        defer { apache.stop() }
        let report = try await Self.check(apache.baseURL + "/share/d/\(Self.npub)")
        #expect(report.status == 200)
        #expect(report.route == ShareLinkReport.Route(name: "driverShare", handledBy: "clip"))
        #expect(report.hasAppClipBanner)
        #expect(report.previewTitle == "Driver share on RoadFlare")
        #expect(!report.previewLooksLikeError)
        #expect(report.smartAppBanner == "app-id=1234567890, app-clip-bundle-id=com.roadflare.RoadFlare.Clip, app-clip-display=card")
        let association = try #require(report.association)
        #expect(association.status == 200 && !association.redirected)
        #expect(association.contentType?.hasPrefix("application/json") == true)
        #expect(report.isOK, "\(report.allFindings.map { "\($0.code): \($0.message)" })")
        #expect(report.findings.isEmpty, "\(report.findings)")

        // The same through the command line, in both commands' JSON.
        let doctor = try await ChildProcess.clipkit([
            "doctor", "--manifest", Self.manifestPath, "--share-link", apache.baseURL + "/share/d/\(Self.npub)", "--json",
        ])
        #expect(doctor.status == 0, "\(doctor.standardOutput) \(doctor.standardError)")
        let doctorLinks = try #require(try doctor.json()["shareLinks"] as? [[String: Any]])
        #expect(doctorLinks.first?["status"] as? Int == 200 && doctorLinks.first?["hasAppClipBanner"] as? Bool == true)
        // A link that passes still says what it answered, in the text output too.
        let text = try await ChildProcess.clipkit(["doctor", "--manifest", Self.manifestPath, "--share-link", apache.baseURL + "/share/d/\(Self.npub)"])
        #expect(text.status == 0)
        #expect(
            text.standardOutput.contains(
                "share link \(apache.baseURL)/share/d/\(Self.npub): 200 text/html, route driverShare (clip), App Clip banner, preview 'Driver share on RoadFlare', AASA 200"
            ),
            "\(text.standardOutput)"
        )
        let validate = try await ChildProcess.clipkit([
            "aasa", "validate", "--manifest", Self.manifestPath, "--share-link", apache.baseURL + "/share/d/\(Self.npub)", "--json",
        ])
        #expect(validate.status == 0, "\(validate.standardOutput) \(validate.standardError)")
        let links = try #require(try validate.json()["shareLinks"] as? [[String: Any]])
        #expect(links.first?["status"] as? Int == 200)
        #expect(links.first?["hasAppClipBanner"] as? Bool == true)
        #expect(links.first?["previewLooksLikeError"] as? Bool == false)
        #expect((links.first?["association"] as? [String: Any])?["redirected"] as? Bool == false)
    }

    @Test func onGitHubPagesTheStatusIsReportedAndTheFallbackHeadIsRight() async throws {
        let folder = try TemporaryDirectory()
        let pages = try await GitHubPagesLikeHost(serving: try await Self.buildSite(in: folder), in: folder)
        defer { pages.stop() }
        let report = try await Self.check(pages.baseURL + "/share/d/\(Self.npub)")
        #expect(report.status == 404)
        #expect(report.hasAppClipBanner)
        #expect(!report.previewLooksLikeError)
        #expect(report.previewTitle == "RoadFlare")
        let status = try #require(report.findings.first { $0.code == DoctorCode.shareLinkStatus.rawValue })
        #expect(status.severity == .warning, "the 404 is GitHub Pages', and the page is still right")
        #expect(report.isOK)
    }

    @Test func aSiteWithoutRewritesOrBannerOrWithARedirectedAASAFails() async throws {
        let folder = try TemporaryDirectory()
        let site = try await Self.buildSite(in: folder)
        // The files a static export had before: no rewrites, a 404 page that says so in its head.
        try Data("""
        <Files "apple-app-site-association">
          ForceType application/json
        </Files>
        ErrorDocument 404 /404.html
        RewriteEngine On
        RewriteRule ^\\.well-known/apple-app-site-association$ /aasa.json [R=301,L]

        """.utf8).write(to: site.appendingPathComponent(".htaccess"))
        try Data("""
        <!doctype html><html><head><title>Page not found · RoadFlare</title>
        <meta property="og:title" content="Page not found · RoadFlare">
        <meta name="apple-itunes-app" content="app-id=1234567890">
        </head><body><h1>Page not found</h1></body></html>
        """.utf8).write(to: site.appendingPathComponent("404.html"))
        let apache = try await ApacheStaticHost(serving: site, in: folder)
        defer { apache.stop() }
        let report = try await Self.check(apache.baseURL + "/share/d/\(Self.npub)")
        let codes = Set(report.allFindings.filter { $0.severity == .error }.map(\.code))
        #expect(report.status == 404)
        #expect(!report.hasAppClipBanner && report.previewLooksLikeError)
        for code in [DoctorCode.shareLinkStatus, .shareLinkBannerMissing, .shareLinkErrorTitle, .shareLinkAssociationRedirect] {
            #expect(codes.contains(code.rawValue), "\(code.rawValue) missing from \(codes.sorted())")
        }
        #expect(report.association?.status == 301 && report.association?.redirected == true)
        // The redirect is one finding, not the share-link check's and the AASA validator's both.
        let redirects = report.allFindings.filter { $0.code == DoctorCode.shareLinkAssociationRedirect.rawValue || $0.code == "aasa.hosting.redirect" }
        #expect(redirects.count == 1, "\(redirects.map(\.code))")
        let keys = report.allFindings.map { "\($0.code) \($0.file ?? "") \($0.path ?? "")" }
        #expect(Set(keys).count == keys.count, "\(keys)")
        #expect(report.association?.location?.hasSuffix("/aasa.json") == true)
        #expect(!report.isOK)

        let doctor = try await ChildProcess.clipkit([
            "doctor", "--manifest", Self.manifestPath, "--share-link", apache.baseURL + "/share/d/\(Self.npub)", "--json",
        ])
        #expect(doctor.status == 1, "\(doctor.standardOutput)")
        let findings = try #require(try doctor.json()["findings"] as? [[String: Any]])
        #expect(findings.contains { $0["code"] as? String == DoctorCode.shareLinkBannerMissing.rawValue })
        let validate = try await ChildProcess.clipkit([
            "aasa", "validate", "--manifest", Self.manifestPath, "--share-link", apache.baseURL + "/share/d/\(Self.npub)",
        ])
        #expect(validate.status == 1)
        #expect(validate.standardOutput.contains("App Clip banner in the first HTML: no"), "\(validate.standardOutput)")
    }

    /// Real Caddy serving the site with a Caddyfile as ClipKit wrote it before the export's own
    /// files were kept from rewrites, for a route that captures two segments at the root: its
    /// rewrite answers the AASA's path with the route's page, still labelled `application/json`.
    /// `respond` replaces the AASA with `body` instead, when given.
    static func caddy(rewritingTheAASA: Bool, respond body: String? = nil, contentType: String = "application/json", in folder: TemporaryDirectory) async throws -> CaddyStaticHost {
        let site = try await Self.buildSite(in: folder)
        let respond = body.map { "\trespond @association `\($0)` 200\n" } ?? ""
        let caddyfile = folder.file("old.Caddyfile")
        try Data("""
        {$CLIPKIT_SITE_ADDRESS} {
        \troot * {$CLIPKIT_SITE_ROOT}
        \t@association path /.well-known/apple-app-site-association
        \theader @association Content-Type \(contentType)
        \(respond)\t@share1 path_regexp ^/share/d/[^/]+/?$
        \trewrite @share1 /clipkit-pages/driverShare.html
        \(rewritingTheAASA ? "\t@share2 path_regexp ^/[^/]+/[^/]+/?$\n\trewrite @share2 /clipkit-pages/driverShare.html\n" : "")\tfile_server
        }

        """.utf8).write(to: caddyfile)
        return try await CaddyStaticHost(serving: site, caddyfile: caddyfile, in: folder)
    }

    @Test func anAASAAnsweredByAPageFails() async throws {
        let folder = try TemporaryDirectory()
        let caddy = try await Self.caddy(rewritingTheAASA: true, in: folder)
        defer { caddy.stop() }
        let link = caddy.baseURL + "/share/d/\(Self.npub)"
        let report = try await Self.check(link)
        // The share link itself is right; its domain's AASA is the route's page.
        #expect(report.status == 200 && report.hasAppClipBanner && report.findings.isEmpty, "\(report.findings)")
        let association = try #require(report.association)
        #expect(association.status == 200 && !association.redirected)
        #expect(association.contentType == "application/json")
        let page = try #require(association.findings.first { $0.code == DoctorCode.shareLinkAssociationPage.rawValue })
        #expect(page.severity == .error)
        #expect(page.message.contains("answered with an HTML page ('Driver share on RoadFlare') labelled 'application/json'"), "\(page.message)")
        #expect(page.fix?.contains("a rewrite on the host sends /.well-known/apple-app-site-association to a page") == true)
        #expect(association.findings.contains { $0.code.hasPrefix("aasa.") && $0.severity == .error }, "the validator finds no JSON either")
        #expect(!report.isOK)

        let doctor = try await ChildProcess.clipkit(["doctor", "--manifest", Self.manifestPath, "--share-link", link, "--json"])
        #expect(doctor.status == 1, "\(doctor.standardOutput) \(doctor.standardError)")
        let findings = try #require(try doctor.json()["findings"] as? [[String: Any]])
        #expect(findings.contains { $0["code"] as? String == DoctorCode.shareLinkAssociationPage.rawValue && $0["severity"] as? String == "error" }, "\(findings)")

        // The same site with the Caddyfile clipkit site build writes now passes.
        let fixed = try TemporaryDirectory()
        let site = try await Self.buildSite(in: fixed)
        let current = try await CaddyStaticHost(serving: site, caddyfile: site.appendingPathComponent("Caddyfile"), in: fixed)
        defer { current.stop() }
        let passing = try await Self.check(current.baseURL + "/share/d/\(Self.npub)")
        #expect(passing.isOK, "\(passing.allFindings.map { "\($0.code): \($0.message)" })")
        // Plain HTTP on loopback is the one remark left, as for every test server here.
        #expect(passing.association?.findings.map(\.code) == ["aasa.hosting.loopbackHTTP"], "\(passing.association?.findings ?? [])")
    }

    @Test func anAASAThatIsJSONButNotTheManifestsFails() async throws {
        let folder = try TemporaryDirectory()
        let caddy = try await Self.caddy(rewritingTheAASA: false, respond: #"{"status":"ok"}"#, in: folder)
        defer { caddy.stop() }
        let report = try await Self.check(caddy.baseURL + "/share/d/\(Self.npub)")
        let association = try #require(report.association)
        #expect(association.status == 200 && association.contentType == "application/json")
        #expect(!association.findings.contains { $0.code == DoctorCode.shareLinkAssociationPage.rawValue }, "JSON is no page")
        let errors = association.findings.filter { $0.severity == .error }.map(\.code)
        #expect(errors.contains("aasa.appclips.clipMissing"), "the clip's app ID is missing: \(errors)")
        #expect(!report.isOK)
    }

    @Test func anAASAWithTheWrongContentTypeIsReported() async throws {
        let folder = try TemporaryDirectory()
        let caddy = try await Self.caddy(rewritingTheAASA: false, contentType: "text/plain", in: folder)
        defer { caddy.stop() }
        let report = try await Self.check(caddy.baseURL + "/share/d/\(Self.npub)")
        let association = try #require(report.association)
        #expect(association.contentType == "text/plain")
        let finding = try #require(association.findings.first { $0.code == "aasa.hosting.contentType" }, "\(association.findings)")
        #expect(finding.message.contains("'text/plain', not application/json"))
    }

    @Test func aLinkThatIsNotAURLIsBadInput() async throws {
        let result = try await ChildProcess.clipkit(["doctor", "--manifest", Self.manifestPath, "--share-link", "roadflare.app/share/d/x"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("--share-link"))
        let empty = try TemporaryDirectory()
        let noManifest = try await ChildProcess.clipkit(["aasa", "validate", "--share-link", "https://roadflare.app/share/d/x"],
                                                        currentDirectory: empty.url)
        #expect(noManifest.status == 2)
        #expect(noManifest.standardError.contains("needs the manifest"))
    }
}
