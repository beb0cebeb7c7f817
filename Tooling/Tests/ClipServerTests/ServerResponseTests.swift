import ClipAASA
import ClipKit
import ClipServer
import ClipSite
import Foundation
import Testing

/// The link-domain server over real HTTP (curl): AASA, share pages, home, health, not found.
@Suite struct ServerResponseTests {
    @Test func theAssociationFileIsJSONWithCachingHeadersAndNoRedirect() async throws {
        let server = try await RunningServer(site: ServerFixtures.site("roadflare"))
        for path in ["/.well-known/apple-app-site-association", "/apple-app-site-association"] {
            let response = try await Curl.request(server.baseURL + path)
            #expect(response.status == 200)
            #expect(response.headers["content-type"] == "application/json")
            #expect(response.headers["cache-control"] == "public, max-age=3600")
            #expect(response.headers["location"] == nil)
            #expect(response.body == #"{"applinks":{"details":[]},"comment":"roadflare.app"}"#)
            #expect(response.headers["content-length"] == String(response.body.utf8.count))
            #expect(response.headers["etag"]?.hasPrefix("\"") == true)
            #expect(response.headers["date"]?.hasSuffix(" GMT") == true)
        }
        await server.stop()
    }

    /// Routes that capture at the root match the AASA's paths by their shape; the server answers
    /// them with the AASA file all the same, and nothing else under `/.well-known/` with a page.
    @Test func theAssociationFileComesBeforeRoutesThatCaptureAtTheRoot() async throws {
        var manifest = try ServerFixtures.site("roadflare").manifest
        manifest.routes = [
            ClipManifest.RouteDefinition(name: "pair", patterns: ["https://roadflare.app/{a}/{b}"], handledBy: .clip),
            ClipManifest.RouteDefinition(name: "code", patterns: ["https://roadflare.app/{code}"], handledBy: .clip),
        ]
        let site = try LinkDomainSite(
            manifest: manifest, associationFiles: ["roadflare.app": Data(#"{"applinks":{"details":[]},"comment":"roadflare.app"}"#.utf8)]
        )
        let server = try await RunningServer(site: site)
        for path in ["/.well-known/apple-app-site-association", "/apple-app-site-association"] {
            let response = try await Curl.request(server.baseURL + path)
            #expect(response.status == 200, "\(path)")
            #expect(response.headers["content-type"] == "application/json")
            #expect(response.body == #"{"applinks":{"details":[]},"comment":"roadflare.app"}"#, "\(path)")
        }
        // Neither the AASA's path with a trailing slash nor another well-known file is a share link.
        for path in ["/.well-known/apple-app-site-association/", "/apple-app-site-association/", "/.well-known/assetlinks.json"] {
            let response = try await Curl.request(server.baseURL + path)
            #expect(response.status == 404, "\(path) answered \(response.status)")
        }
        // Share links of both routes still get their pages.
        #expect(try await Curl.request(server.baseURL + "/x/y").status == 200)
        #expect(try await Curl.request(server.baseURL + "/abc").status == 200)
        await server.stop()
    }

    @Test func aMatchingEntityTagGetsNotModified() async throws {
        let server = try await RunningServer(site: ServerFixtures.site("roadflare"))
        let url = server.baseURL + "/.well-known/apple-app-site-association"
        let first = try await Curl.request(url)
        let tag = try #require(first.headers["etag"])
        let again = try await Curl.request(url, headers: ["If-None-Match: \(tag)"])
        #expect(again.status == 304)
        #expect(again.body.isEmpty)
        #expect(again.headers["etag"] == tag)
        let listed = try await Curl.request(url, headers: ["If-None-Match: \"other\", W/\(tag)"])
        #expect(listed.status == 304)
        let other = try await Curl.request(url, headers: ["If-None-Match: \"other\""])
        #expect(other.status == 200)
        await server.stop()
    }

    @Test func headGetsTheHeadersWithoutABody() async throws {
        let server = try await RunningServer(site: ServerFixtures.site("roadflare"))
        let get = try await Curl.request(server.baseURL + "/.well-known/apple-app-site-association")
        let head = try await Curl.request(server.baseURL + "/.well-known/apple-app-site-association", method: "HEAD")
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        #expect(head.headers["content-length"] == get.headers["content-length"])
        #expect(head.headers["etag"] == get.headers["etag"])
        #expect(head.headers["content-type"] == "application/json")
        // The connection stays usable: the next request on a fresh connection works too.
        #expect(try await Curl.request(server.baseURL + "/healthz").status == 200)
        await server.stop()
    }

    @Test func eachDomainGetsItsOwnAssociationFile() async throws {
        let server = try await RunningServer(site: ServerFixtures.site("bluesky"))
        let short = try await RawHTTP.exchange(port: server.port, request: RawHTTP.request("/.well-known/apple-app-site-association", host: "go.bsky.app"))
        #expect(short.status == 200)
        #expect(short.body.contains("go.bsky.app"))
        let main = try await RawHTTP.exchange(port: server.port, request: RawHTTP.request("/.well-known/apple-app-site-association", host: "bsky.app:443"))
        #expect(main.body.contains("\"comment\":\"bsky.app\""))
        await server.stop()
    }

    /// Both ends of one resolution: for each domain's `Host`, the server answers `/`, the AASA
    /// paths and a path no route serves with that domain's values, the ones the static export
    /// writes for it; the second domain's pages name it, not the first.
    @Test func eachDomainIsAnsweredWithTheValuesTheStaticExportWrites() async throws {
        let site = try ServerFixtures.site("bluesky")
        let server = try await RunningServer(site: site)
        for domain in site.servedDomains {
            let files = try StaticSiteBuilder(site: site).build(forDomain: domain.name).files
            for path in ["/", "/index.html"] {
                let home = try await RawHTTP.exchange(port: server.port, request: RawHTTP.request(path, host: domain.name))
                #expect(home.status == 200)
                #expect(home.body == String(decoding: files["index.html"] ?? Data(), as: UTF8.self), "\(domain.name)\(path)")
                #expect(home.body.contains(#"<link rel="canonical" href="https://\#(domain.name)/">"#), "\(domain.name)\(path)")
            }
            for path in LinkDomainSite.associationFilePaths {
                let association = try await RawHTTP.exchange(port: server.port, request: RawHTTP.request(String(path), host: domain.name.uppercased()))
                #expect(association.body == String(decoding: files[StaticSiteBuilder.associationFilePath] ?? Data(), as: UTF8.self))
            }
            let missing = try await RawHTTP.exchange(port: server.port, request: RawHTTP.request("/no/such/page", host: domain.name))
            #expect(missing.status == 404)
            #expect(missing.body == domain.notFoundPage, "\(domain.name)")
        }
        await server.stop()
    }

    @Test func sharePagesAreRenderedWithTheProfileAndCached() async throws {
        let profile = ShareProfile(name: "Dana Driver", pictureURL: "https://images.example.com/dana.jpg",
                                   details: [.init(label: "Car", value: "Blue Toyota Prius")])
        let server = try await RunningServer(site: ServerFixtures.site("roadflare", provider: FixedProvider(profile: profile)))
        let url = server.baseURL + "/share/d/\(ServerFixtures.npub)"
        let page = try await Curl.request(url)
        #expect(page.status == 200)
        #expect(page.headers["content-type"] == "text/html; charset=utf-8")
        #expect(page.headers["content-security-policy"]?.contains("default-src 'none'") == true)
        #expect(page.headers["x-content-type-options"] == "nosniff")
        #expect(page.body.contains("<h1>Dana Driver</h1>"))
        #expect(page.body.contains(#"<meta property="og:image" content="https://images.example.com/dana.jpg">"#))
        #expect(page.body.contains("app-clip-bundle-id=com.roadflare.RoadFlare.Clip"))
        let again = try await Curl.request(url)
        #expect(again.body == page.body)
        #expect(again.headers["etag"] == page.headers["etag"])
        let notModified = try await Curl.request(url, headers: ["If-None-Match: \(page.headers["etag"] ?? "")"])
        #expect(notModified.status == 304)
        await server.stop()
    }

    @Test func homeHealthAndNotFound() async throws {
        let server = try await RunningServer(site: ServerFixtures.site("roadflare"))
        let home = try await Curl.request(server.baseURL + "/")
        #expect(home.status == 200)
        #expect(home.body.contains(#"<meta name="apple-itunes-app" content="app-id=1234567890, app-clip-bundle-id=com.roadflare.RoadFlare.Clip, app-clip-display=card">"#))
        let health = try await Curl.request(server.baseURL + "/healthz")
        #expect(health.status == 200)
        #expect(health.body == #"{"status":"ok"}"#)
        #expect(health.headers["cache-control"] == "no-store")
        let missing = try await Curl.request(server.baseURL + "/no/such/page")
        #expect(missing.status == 404)
        #expect(missing.body.contains("Page not found"))
        let wrongKind = try await Curl.request(server.baseURL + "/share/d/not-an-npub")
        #expect(wrongKind.status == 404)
        await server.stop()
    }

    /// Pipelined requests on one keep-alive connection are answered in order, whether a request
    /// is answered at once (AASA, health) or waits for its share page to render.
    @Test func pipelinedRequestsAreAnsweredInOrder() async throws {
        let server = try await RunningServer(site: ServerFixtures.site("bluesky"))
        let pipelined = "GET /start/alice.bsky.social/3kabc HTTP/1.1\r\nHost: bsky.app\r\n\r\n"
            + "GET /.well-known/apple-app-site-association HTTP/1.1\r\nHost: bsky.app\r\n\r\n"
            + "HEAD /start/alice.bsky.social/3kabc HTTP/1.1\r\nHost: bsky.app\r\n\r\n"
            + "GET /healthz HTTP/1.1\r\nHost: bsky.app\r\nConnection: close\r\n\r\n"
        let response = try await RawHTTP.exchange(port: server.port, request: Array(pipelined.utf8), untilClose: true)
        #expect(response.raw.components(separatedBy: "HTTP/1.1 200 OK").count == 5)
        let page = try #require(response.raw.range(of: "<!doctype html>"))
        let association = try #require(response.raw.range(of: #""comment":"bsky.app""#))
        let health = try #require(response.raw.range(of: #"{"status":"ok"}"#))
        #expect(page.lowerBound < association.lowerBound)
        #expect(association.lowerBound < health.lowerBound)
        #expect(response.raw.components(separatedBy: "<!doctype html>").count == 2, "HEAD must not carry the page")
        await server.stop()
    }

    /// Keep-alive connections answered on the fast path still close once idle.
    @Test func idleKeepAliveConnectionsAreClosed() async throws {
        var configuration = ClipServerConfiguration()
        configuration.idleTimeout = 1
        let server = try await RunningServer(site: ServerFixtures.site("roadflare"), configuration: configuration)
        let request = "GET /.well-known/apple-app-site-association HTTP/1.1\r\nHost: roadflare.app\r\n\r\n"
        let started = ContinuousClock.now
        let response = try await RawHTTP.exchange(port: server.port, request: Array(request.utf8), timeout: 10, untilClose: true)
        let waited = ContinuousClock.now - started
        #expect(response.status == 200)
        #expect(waited >= .milliseconds(900), "closed before the idle timeout")
        #expect(waited < .seconds(8), "the idle connection was not closed")
        await server.stop()
    }
}
