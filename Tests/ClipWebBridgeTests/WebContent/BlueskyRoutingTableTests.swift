@_spi(ClipKitTooling) import ClipKit
import ClipManifestReader
import ClipTestSupport
import ClipWebBridge
import Foundation
import Testing

/// The Bluesky example manifest must accept what Bluesky's clip accepts as a starter-pack URL:
/// `bsky.app/start/*/*`, `bsky.app/starter-pack/*/*` (four path components) and `go.bsky.app/*`
/// (two path components).
@Suite struct BlueskyRoutingTableTests {
    let router: InvocationRouter

    init() throws {
        let manifest = try ManifestLoader().load(contentsOf: TestEnvironment.file("Examples/bluesky/clipkit.json"))
        router = try InvocationRouter(manifest: manifest)
    }

    @Test(arguments: [
        ("https://bsky.app/start/alice.bsky.social/3jzfcijpj2z2a", "starterPack", ["handle": "alice.bsky.social", "rkey": "3jzfcijpj2z2a"]),
        ("https://bsky.app/starter-pack/alice.bsky.social/3jzfcijpj2z2a", "starterPack", ["handle": "alice.bsky.social", "rkey": "3jzfcijpj2z2a"]),
        ("https://bsky.app/start/did:plc:z72i7hdynmk6r22z27h6tvur/3jzfcijpj2z2a", "starterPack", ["handle": "did:plc:z72i7hdynmk6r22z27h6tvur", "rkey": "3jzfcijpj2z2a"]),
        ("https://BSKY.APP/start/Alice.Bsky.Social/3jzfcijpj2z2a/", "starterPack", ["handle": "alice.bsky.social", "rkey": "3jzfcijpj2z2a"]),
        ("https://bsky.app/start/alice.bsky.social/3jzfcijpj2z2a?ref=share#top", "starterPack", ["handle": "alice.bsky.social", "rkey": "3jzfcijpj2z2a"]),
        ("https://go.bsky.app/4f1Ab2c", "starterPackShortLink", ["code": "4f1Ab2c"]),
        ("https://go.bsky.app/4f1Ab2c/", "starterPackShortLink", ["code": "4f1Ab2c"]),
        ("https://bsky.app:443/start/a.bsky.social/abc", "starterPack", ["handle": "a.bsky.social", "rkey": "abc"]),
    ])
    func matches(url: String, route: String, parameters: [String: String]) throws {
        let match = try router.route(url).get()
        #expect(match.route == route)
        #expect(match.parameters == parameters)
        #expect(match.handledBy == .clip)
    }

    @Test(arguments: [
        "https://bsky.app/start/alice.bsky.social",                       // three components
        "https://bsky.app/start/alice.bsky.social/3jz/extra",             // five components
        "https://bsky.app/profile/alice.bsky.social/3jz",                 // another path
        "https://bsky.app/",                                              // root
        "https://go.bsky.app/",                                           // two components needed
        "https://go.bsky.app/a/b",                                        // three components
        "https://bsky.app//start/alice.bsky.social/3jz",                  // empty segment
    ])
    func pathsThatDoNotMatch(url: String) {
        guard case .failure(let failure) = router.route(url) else {
            Issue.record("\(url) should not match")
            return
        }
        #expect(failure == .noPatternMatches(path: URLComponents(string: url)?.percentEncodedPath ?? ""))
    }

    @Test(arguments: [
        ("https://bsky.app.evil.com/start/a.bsky.social/abc", "unknownHost"),
        ("https://evil-bsky.app/start/a.bsky.social/abc", "unknownHost"),
        ("https://sub.bsky.app/start/a.bsky.social/abc", "unknownHost"),
        ("https://bsky.app./start/a.bsky.social/abc", "unknownHost"),
        ("https://bsky.app@evil.com/start/a.bsky.social/abc", "authority"),
        ("https://evil.com@bsky.app/start/a.bsky.social/abc", "authority"),
        ("https://bsky.app:8443/start/a.bsky.social/abc", "authority"),
        ("http://bsky.app/start/a.bsky.social/abc", "scheme"),
        ("bsky://start/a.bsky.social/abc", "scheme"),
        ("javascript:alert(1)", "scheme"),
    ])
    func hostTricks(url: String, expected: String) {
        guard case .failure(let failure) = router.route(url) else {
            Issue.record("\(url) must not match")
            return
        }
        switch (failure, expected) {
        case (.unknownHost, "unknownHost"), (.unexpectedAuthority, "authority"), (.notHTTPS, "scheme"): break
        default: Issue.record("\(url): expected \(expected), got \(failure)")
        }
    }

    @Test(arguments: [
        ("https://bsky.app/start/not_a_handle/abc", "handle"),
        ("https://bsky.app/start/alice.bsky.social/..", "rkey"),
        ("https://bsky.app/start/alice.bsky.social/a%20b", "rkey"),
        ("https://go.bsky.app/abc%3Cscript%3E", "code"),
    ])
    func badParameters(url: String, parameter: String) {
        guard case .failure(.parameterRejected(_, let name, _, let reason)) = router.route(url) else {
            Issue.record("\(url) should be rejected for its \(parameter)")
            return
        }
        #expect(name == parameter)
        #expect(!reason.isEmpty)
    }

    @Test func webContentURLKeepsAnExistingQuery() throws {
        let match = try router.route("https://bsky.app/start/alice.bsky.social/abc?ref=a%26b#frag").get()
        let url = try #require(WebContentURL.url(for: match, in: router))
        let components = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false))
        #expect(components.queryItems == [URLQueryItem(name: "ref", value: "a&b"), URLQueryItem(name: "clip", value: "true")])
        #expect(components.fragment == "frag")
        #expect(components.path == "/start/alice.bsky.social/abc")
    }

    @Test func webContentURLReplacesAnExistingClipItem() throws {
        let match = try router.route("https://go.bsky.app/abc?clip=false").get()
        let url = try #require(WebContentURL.url(for: match, in: router))
        #expect(url.absoluteString == "https://go.bsky.app/abc?clip=true")
    }

    /// A link at the router's length cap still gets its page, which `clip=true` takes over the
    /// cap: the web view loads the page, and no router reads it. (Found by `FuzzInvocationRouter`,
    /// whose check that a page routes back holds within the cap.)
    @Test func aLinkAtTheCapLoadsItsPageOverIt() throws {
        let start = "https://bsky.app/start/alice.bsky.social/3jzfcijpj2z2a?ref="
        let link = start + String(repeating: "a", count: InvocationRouter.maximumURLLength - start.count)
        #expect(link.count == InvocationRouter.maximumURLLength)
        let match = try router.route(link).get()
        let url = try #require(WebContentURL.url(for: match, in: router))
        #expect(url.absoluteString == link + "&clip=true")
        #expect(router.route(url) == .failure(.tooLong(length: link.count + 10, limit: InvocationRouter.maximumURLLength)))
    }

    /// Apple's default App Clip link names no page of bsky.app: with the starter-pack route opening
    /// it, the clip loads the starter pack's own page, built from the route's first pattern and the
    /// link's items, with `clip=true`.
    @Test func aDefaultLinkLoadsTheStarterPacksOwnPage() throws {
        var manifest = try ManifestLoader().load(contentsOf: TestEnvironment.file("Examples/bluesky/clipkit.json"))
        for index in manifest.routes.indices where manifest.routes[index].name == "starterPack" {
            manifest.routes[index].opensDefaultLink = true
        }
        let router = try InvocationRouter(manifest: manifest)
        let link = "https://appclip.apple.com/id?p=xyz.blueskyweb.app.AppClip&handle=Alice.bsky.social&rkey=3jzfcijpj2z2a&x=1"
        let match = try router.route(link).get()
        #expect(match.route == "starterPack")
        let url = try #require(WebContentURL.url(for: match, in: router))
        #expect(url.absoluteString == "https://bsky.app/start/alice.bsky.social/3jzfcijpj2z2a?clip=true")
        // The page loads as a starter-pack link would: routing it gives the same route and values.
        let page = try router.route(url).get()
        #expect(page.route == match.route)
        #expect(page.parameters == match.parameters)
    }

    @Test func notificationTargetContentIdentifierRoutesLikeAnInvocation() throws {
        let match = try router.route(notificationTargetContentIdentifier: "https://go.bsky.app/abc").get()
        #expect(match.route == "starterPackShortLink")
        for bad in [nil, "", "starter-pack-42", "bsky.app/start/a.b/c"] as [String?] {
            guard case .failure(.invalidTargetContentIdentifier) = router.route(notificationTargetContentIdentifier: bad) else {
                Issue.record("\(bad ?? "nil") should be rejected")
                continue
            }
        }
    }

    @Test func overlongURLIsRejected() {
        let url = "https://go.bsky.app/" + String(repeating: "a", count: 5000)
        guard case .failure(.tooLong) = router.route(url) else {
            Issue.record("an overlong URL must be rejected")
            return
        }
    }
}
