import ClipKit
import ClipLoopback
@testable import ClipSite
import ClipTestSupport
import Foundation
import Testing

/// The static export as a person meets it: nginx serves the `clipkit site build` output the way
/// GitHub Pages does (unknown paths get `404.html`), and headless Chromium loads a share URL, runs
/// the page's script and shows the rendered share page — with a hostile handle escaped.
@Suite struct StaticSiteBrowserTests {
    @Test func aBrowserRendersTheSharePageFromTheNotFoundPage() async throws {
        let nginx = try TestEnvironment.systemTool("nginx")
        let chromium = try TestEnvironment.systemTool("chromium")
        let folder = try TemporaryDirectory()
        // nginx's workers run unprivileged and must read the site.
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.url.path)
        let templates = try SiteTemplates(overridingWith: TestEnvironment.file("Examples/bluesky/site"))
        let site = try SiteFixtures.site("bluesky", templates: templates)
        try StaticSiteBuilder(site: site).build(forDomain: "bsky.app").write(to: folder.file("site"))
        let port = try LoopbackPort.free()
        let configuration = try String(contentsOf: TestEnvironment.file("bench/link-domain/nginx.conf.template"), encoding: .utf8)
            .replacingOccurrences(of: "@RUN@", with: folder.url.path)
            .replacingOccurrences(of: "@PORT@", with: String(port))
            .replacingOccurrences(of: "@SITE@", with: folder.file("site").path)
        try Data(configuration.utf8).write(to: folder.file("nginx.conf"))
        let server = try ChildProcess(nginx, arguments: ["-c", folder.file("nginx.conf").path, "-p", folder.url.path])
        defer { Self.stopNginx(server) }
        #expect(await LoopbackPort.waitUntilListening(port, timeout: 10), "\(server.standardError)")

        let hostile = "%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E"
        let page = try await ChildProcess.run(chromium, arguments: [
            "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(folder.file("profile").path)",
            "--dump-dom", "http://127.0.0.1:\(port)/start/\(hostile)/3kabc",
        ], timeout: 60)
        let dom = page.standardOutput
        #expect(dom.contains("<title>Join &lt;img src=x onerror=alert(1)&gt;'s starter pack on Bluesky</title>"), "\(dom.prefix(2000))")
        #expect(dom.contains(#"<link rel="canonical" href="https://bsky.app/start/\#(hostile)/3kabc">"#))
        #expect(dom.contains(#"<meta property="og:title" content="Join &lt;img src=x onerror=alert(1)&gt;'s starter pack on Bluesky">"#))
        #expect(dom.contains(#"href="https://bsky.app/profile/\#(hostile)""#))
        #expect(!dom.contains("<img src=x"))
        #expect(!dom.contains("Page not found"))

        let missing = try await ChildProcess.run(chromium, arguments: [
            "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(folder.file("profile").path)",
            "--dump-dom", "http://127.0.0.1:\(port)/no/such/page",
        ], timeout: 60)
        #expect(missing.standardOutput.contains("Page not found"))
    }

    /// Stops nginx with SIGTERM, so its master stops its workers (SIGKILL would orphan them).
    static func stopNginx(_ server: ChildProcess) {
        server.send(signal: SIGTERM)
        for _ in 0..<500 where server.isRunning { usleep(10_000) }
        server.stop()
    }
}
