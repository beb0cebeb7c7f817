import ClipLoopback
import ClipTestSupport
import ClipToolingTestSupport
import Foundation
import Testing

/// `clipkit serve` and the links `clipkit link make` prints, in headless Chromium: the share page
/// shows the profile the link carries once the page's script has verified it, under the server's
/// Content-Security-Policy; the server's own verified profile from a relay wins when it is newer;
/// tampered, foreign and hostile fragments are not shown, or shown inert as the server renders them.
@Suite(.timeLimit(.minutes(10)))
struct ServeSignedLinkTests {
    let manifest = TestEnvironment.file("Examples/roadflare/clipkit.json").path

    /// The share link `clipkit link make` prints for `signed`.
    func link(for signed: DriverFixtures.Signed, in folder: TemporaryDirectory, named name: String) async throws -> String {
        let file = folder.file("\(name).json")
        try Data(signed.event.utf8).write(to: file)
        let result = try await ChildProcess.clipkit(["link", "make", file.path, "--manifest", manifest, "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let output = try result.json()
        #expect(output["embedded"] as? Bool == true)
        return try #require(output["url"] as? String)
    }

    @Test func servedSharePagesShowTheSignedProfileOnlyWhenItIsGenuineAndNewest() async throws {
        let folder = try TemporaryDirectory()
        let relay = try await LocalRelay.start()
        defer { relay.stop() }
        let fresh = try await DriverFixtures.signProfile(key: "serve-link-fresh", content: [
            "display_name": "Dana Driver", "about": "Night shifts downtown.", "car_color": "Blue", "car_make": "Toyota", "car_model": "Prius",
        ])
        let updatedOld = try await DriverFixtures.signProfile(key: "serve-link-updated", content: ["display_name": "Old Name"], secondsAgo: 600)
        let updatedNew = try await DriverFixtures.signProfile(key: "serve-link-updated", content: ["display_name": "New Name"], secondsAgo: 60)
        let staleOld = try await DriverFixtures.signProfile(key: "serve-link-stale", content: ["display_name": "Relay Name"], secondsAgo: 600)
        let staleNew = try await DriverFixtures.signProfile(key: "serve-link-stale", content: ["display_name": "Link Name"], secondsAgo: 60)
        let hostileContent = [
            "display_name": "<script>alert('name')</script>\"\u{301}><img src=x onerror=alert(1)>",
            "about": "\"><img src=x onerror=alert(2)>'\u{301}><svg onload=alert(3)>\u{202E}",
            "picture": "javascript:alert(document.cookie)", "car_make": "</dd><script>alert(4)</script>",
        ]
        let hostileOld = try await DriverFixtures.signProfile(key: "serve-link-hostile", content: hostileContent, secondsAgo: 600)
        let hostileNew = try await DriverFixtures.signProfile(key: "serve-link-hostile", content: hostileContent, secondsAgo: 60)
        try await DriverFixtures.publish([updatedNew, staleOld, hostileOld], to: relay.url)

        let port = try LoopbackPort.free()
        let server = try ChildProcess(TestEnvironment.clipkitExecutable(), arguments: [
            "serve", "--manifest", manifest, "--port", String(port), "--relay", relay.url, "--log-level", "warning", "--json",
        ])
        defer { server.stop() }
        _ = try await server.waitForAnnouncement(withMember: "listening", timeout: 30)
        let chromium = try HeadlessChromium(profileFolder: folder.file("profile"))
        func preview(_ link: String) async throws -> (SharePreviewElement, String) {
            let local = link.replacingOccurrences(of: "https://roadflare.app", with: "http://127.0.0.1:\(port)")
            let dom = try await chromium.dumpDOM(of: local, virtualTimeBudget: 30_000)
            return (try #require(SharePreviewElement(dom: dom), "no preview element in \(dom.prefix(1500))"), dom)
        }

        // The page allows the link-profile script by its hash, and nothing else.
        let curl = try TestEnvironment.systemTool("curl")
        let freshLink = try await link(for: fresh, in: folder, named: "fresh")
        let plainFresh = String(freshLink.prefix { $0 != "#" }).replacingOccurrences(of: "https://roadflare.app", with: "http://127.0.0.1:\(port)")
        let headers = try await ChildProcess.run(curl, arguments: ["--silent", "--include", plainFresh])
        let policy = try #require(headers.standardOutput.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-security-policy:") })
        #expect(policy.contains("default-src 'none'"))
        #expect(policy.range(of: #"script-src 'sha256-[A-Za-z0-9+/]{43}=';"#, options: .regularExpression) != nil, "\(policy)")

        // No profile on any relay: the link's profile, verified in the browser.
        let (shown, _) = try await preview(freshLink)
        #expect(shown.state == "verified", "\(shown.startTag)")
        #expect(shown.content.contains("<h1>Dana Driver</h1>"))
        #expect(shown.content.contains(#"<p class="about">Night shifts downtown.</p>"#))
        #expect(shown.content.contains("<dt>Car</dt><dd>Blue Toyota Prius</dd>"))

        // The relay holds a newer profile than the link: the server's stays.
        let (outdated, outdatedPage) = try await preview(try await link(for: updatedOld, in: folder, named: "updated-old"))
        #expect(outdated.state == "outdated", "\(outdated.startTag)")
        #expect(outdated.content.contains("<h1>New Name</h1>"))
        #expect(!outdatedPage.contains("Old Name"))

        // The link holds a newer profile than the relay: the link's replaces the server's.
        let (newer, newerPage) = try await preview(try await link(for: staleNew, in: folder, named: "stale-new"))
        #expect(newer.state == "verified", "\(newer.startTag)")
        #expect(newer.content.contains("<h1>Link Name</h1>"))
        #expect(!newerPage.contains("<h1>Relay Name</h1>"))

        // One changed byte of the signature: rejected, nothing of it shown.
        var layout = FragmentBytes.layout(of: freshLink)
        layout[FragmentBytes.signatureOffset(createdAt: fresh.createdAt) + 40] ^= 0x80
        let (rejected, rejectedPage) = try await preview(FragmentBytes.link(freshLink, carrying: layout))
        #expect(rejected.state == "rejected")
        #expect(rejected.reason == "invalid-signature")
        #expect(!rejectedPage.contains("<h1>Dana Driver</h1>"))

        // Another driver's signed profile on this driver's path: ignored.
        let staleLink = try await link(for: staleNew, in: folder, named: "stale-again")
        let foreign = String(freshLink.prefix { $0 != "#" }) + "#" + (staleLink.split(separator: "#").last.map(String.init) ?? "")
        let (ignored, ignoredPage) = try await preview(foreign)
        #expect(ignored.state == "ignored")
        #expect(ignored.reason == "link-author-mismatch")
        #expect(!ignoredPage.contains("Link Name"))

        // A hostile profile: the server renders the relay's copy; the link's newer copy of the same
        // content replaces it in the browser, inert, with exactly the markup the server rendered.
        let hostileLink = try await link(for: hostileNew, in: folder, named: "hostile")
        let (served, _) = try await preview(String(hostileLink.prefix { $0 != "#" }))
        #expect(served.state == nil)
        #expect(served.content.contains("&lt;script&gt;alert('name')&lt;/script&gt;"), "the server renders the relay's profile: \(served.content.prefix(400))")
        let (replaced, hostilePage) = try await preview(hostileLink)
        #expect(replaced.state == "verified", "\(replaced.startTag)")
        #expect(replaced.profileMarkup == served.profileMarkup)
        for fragment in ["<script>alert", "<img src=x", "<svg", "javascript:", "onerror=alert(1)>", "</dd><script"] {
            #expect(!hostilePage.contains(fragment), "\(fragment) reached the DOM")
        }
        #expect(!replaced.content.contains("<img"))

        server.send(signal: SIGTERM)
        #expect(await server.waitForExit(timeout: 15) == 0)
    }
}
