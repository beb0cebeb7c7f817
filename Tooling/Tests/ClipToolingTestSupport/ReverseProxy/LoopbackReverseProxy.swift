import ClipLoopback
import ClipTestSupport
import Foundation

/// A real reverse proxy — nginx or Caddy from Debian — on a free loopback port in front of a
/// server on another, run with a configuration the caller gives (the part that forwards) inside
/// one the proxy needs to run unprivileged in a temporary folder. Stopped by ``stop()`` or when the
/// value goes away.
package final class LoopbackReverseProxy: @unchecked Sendable {
    /// The port the proxy listens on, on 127.0.0.1.
    package let port: Int
    private let process: ChildProcess
    private let folder: TemporaryDirectory

    /// `http://127.0.0.1:<port>`.
    package var baseURL: String { "http://127.0.0.1:\(port)" }

    private init(port: Int, process: ChildProcess, folder: TemporaryDirectory) {
        self.port = port
        self.process = process
        self.folder = folder
    }

    /// Starts nginx with `location` (a `location … { … }` block) as its only server's content.
    package static func nginx(location: String) async throws -> LoopbackReverseProxy {
        let nginx = try TestEnvironment.systemTool("nginx")
        let folder = try TemporaryDirectory(prefix: "clipkit-nginx-proxy")
        let port = try LoopbackPort.free()
        let run = folder.url.path
        let configuration = """
            worker_processes 1;
            pid \(run)/nginx.pid;
            error_log \(run)/error.log warn;
            daemon off;
            events {
                worker_connections 64;
            }
            http {
                access_log off;
                client_body_temp_path \(run)/body;
                proxy_temp_path \(run)/proxy;
                fastcgi_temp_path \(run)/fastcgi;
                uwsgi_temp_path \(run)/uwsgi;
                scgi_temp_path \(run)/scgi;
                server {
                    listen 127.0.0.1:\(port);
            \(location)
                }
            }

            """
        try Data(configuration.utf8).write(to: folder.file("nginx.conf"))
        let process = try ChildProcess(nginx, arguments: ["-c", folder.file("nginx.conf").path, "-p", run])
        return try await waitUntilListening(LoopbackReverseProxy(port: port, process: process, folder: folder), logFile: "error.log")
    }

    /// Starts Caddy with `siteBody` (what goes between a site block's braces) as the site at its
    /// port: plain HTTP, no admin endpoint, its data and configuration folders in the temporary folder.
    package static func caddy(siteBody: String) async throws -> LoopbackReverseProxy {
        let caddy = try TestEnvironment.systemTool("caddy")
        let folder = try TemporaryDirectory(prefix: "clipkit-caddy-proxy")
        let port = try LoopbackPort.free()
        let configuration = """
            {
                admin off
                auto_https off
            }
            http://127.0.0.1:\(port) {
                bind 127.0.0.1
            \(siteBody)
            }

            """
        try Data(configuration.utf8).write(to: folder.file("Caddyfile"))
        let process = try ChildProcess(
            caddy, arguments: ["run", "--config", folder.file("Caddyfile").path, "--adapter", "caddyfile"],
            environment: ["XDG_DATA_HOME": folder.file("data").path, "XDG_CONFIG_HOME": folder.file("config").path, "HOME": folder.url.path]
        )
        return try await waitUntilListening(LoopbackReverseProxy(port: port, process: process, folder: folder), logFile: nil)
    }

    private static func waitUntilListening(_ proxy: LoopbackReverseProxy, logFile: String?) async throws -> LoopbackReverseProxy {
        // Until it listens, or exits (a configuration it refuses).
        let deadline = Date().addingTimeInterval(30)
        var listening = false
        while !listening, proxy.process.isRunning, Date() < deadline {
            listening = LoopbackPort.isListening(proxy.port)
            if !listening { try await Task.sleep(for: .milliseconds(25)) }
        }
        guard listening else {
            let log = logFile.flatMap { try? String(contentsOf: proxy.folder.file($0), encoding: .utf8) } ?? ""
            proxy.stop()
            throw StartFailure(description: "the proxy did not listen on 127.0.0.1:\(proxy.port): \(proxy.process.standardError.suffix(800)) \(log.suffix(800))")
        }
        return proxy
    }

    /// Stops the proxy with SIGTERM (nginx's master then stops its workers), SIGKILL if it lingers.
    package func stop() {
        process.send(signal: SIGTERM)
        for _ in 0..<500 where process.isRunning { usleep(10_000) }
        process.stop()
    }

    deinit { stop() }

    /// The proxy did not come up.
    package struct StartFailure: Error, CustomStringConvertible {
        /// What happened, with the proxy's output.
        package let description: String
    }
}
