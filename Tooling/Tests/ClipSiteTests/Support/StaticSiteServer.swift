import ClipLoopback
import ClipSite
import ClipTestSupport
import Foundation

/// nginx serving a static export the way GitHub Pages does (unknown paths get `404.html`), with
/// the benchmark's configuration, on a free loopback port.
final class StaticSiteServer: @unchecked Sendable {
    /// The port nginx listens on.
    let port: Int
    /// The folder the site is written to.
    let siteFolder: URL
    private let nginx: ChildProcess

    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Writes `site` into `folder` and starts nginx on it.
    init(serving site: StaticSite, in folder: TemporaryDirectory) async throws {
        let executable = try TestEnvironment.systemTool("nginx")
        // nginx's workers run unprivileged and must read the site.
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.url.path)
        siteFolder = folder.file("site")
        try site.write(to: siteFolder)
        port = try LoopbackPort.free()
        let configuration = try String(contentsOf: TestEnvironment.file("bench/link-domain/nginx.conf.template"), encoding: .utf8)
            .replacingOccurrences(of: "@RUN@", with: folder.url.path)
            .replacingOccurrences(of: "@PORT@", with: String(port))
            .replacingOccurrences(of: "@SITE@", with: siteFolder.path)
        try Data(configuration.utf8).write(to: folder.file("nginx.conf"))
        nginx = try ChildProcess(executable, arguments: ["-c", folder.file("nginx.conf").path, "-p", folder.url.path])
        guard await LoopbackPort.waitUntilListening(port, timeout: 10) else {
            stop()
            throw StartFailure(description: "nginx did not listen on \(port): \(nginx.standardError)")
        }
    }

    /// Writes one more file into the served folder, such as a page to compare with.
    func add(_ contents: String, at path: String) throws {
        let target = siteFolder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: target)
    }

    /// Stops nginx with SIGTERM, so its master stops its workers (SIGKILL would orphan them).
    func stop() {
        nginx.send(signal: SIGTERM)
        for _ in 0..<500 where nginx.isRunning { usleep(10_000) }
        nginx.stop()
    }

    struct StartFailure: Error, CustomStringConvertible {
        let description: String
    }
}
