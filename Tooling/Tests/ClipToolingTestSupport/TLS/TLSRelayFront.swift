import ClipLoopback
import ClipTestSupport
import Foundation

/// A real relay (`nostr-relay`) behind a real TLS terminator (nginx from Debian), with
/// certificates from a throwaway ``TestCertificateAuthority`` — `wss://` as relays on the internet
/// serve it, on loopback only.
///
/// nginx listens on two ports, both proxying WebSocket upgrades to the relay:
/// - ``trustedPort``, on 127.0.0.1 and (when the machine has it) ::1, with a certificate for
///   `localhost`, `127.0.0.1` and `::1`;
/// - ``wrongNamePort``, on 127.0.0.1, with a certificate that names only `relay.invalid`.
///
/// Every request goes to the relay's `/` whatever its path, so a client may use a path of its own
/// to find its connection in the log: ``serverName(sentFor:timeout:)`` tells the server name (SNI)
/// the client sent.
///
/// Stopped by ``stop()`` or when the value goes away.
package final class TLSRelayFront: @unchecked Sendable {
    /// The relay behind nginx, reachable directly at its `ws://` URL (to publish events).
    package let relay: LocalRelay
    /// The CA that issued both certificates; a client that trusts it trusts ``trustedPort``.
    package let authority: TestCertificateAuthority
    /// The port whose certificate names `localhost`, `127.0.0.1` and `::1`.
    package let trustedPort: Int
    /// The port whose certificate names only `relay.invalid`.
    package let wrongNamePort: Int
    /// Whether nginx also listens on ::1 (the machine has an IPv6 loopback).
    package let listensOnIPv6: Bool
    private let server: ChildProcess
    private let folder: TemporaryDirectory

    /// `wss://host:port`, for a host as a URL writes it (`localhost`, `127.0.0.1`, `[::1]`).
    package func url(host: String, port: Int) -> String {
        "wss://\(host):\(port)"
    }

    private init(
        relay: LocalRelay, authority: TestCertificateAuthority, trustedPort: Int, wrongNamePort: Int,
        listensOnIPv6: Bool, server: ChildProcess, folder: TemporaryDirectory
    ) {
        self.relay = relay
        self.authority = authority
        self.trustedPort = trustedPort
        self.wrongNamePort = wrongNamePort
        self.listensOnIPv6 = listensOnIPv6
        self.server = server
        self.folder = folder
    }

    /// Starts the relay, makes the CA and the certificates, starts nginx and waits until every
    /// port listens.
    ///
    /// - Throws: ``MissingTool`` when nginx or openssl is not installed (scripts/setup installs
    ///   both), or why the relay or nginx did not come up.
    package static func start() async throws -> TLSRelayFront {
        let nginx = try TestEnvironment.systemTool("nginx")
        let authority = try TestCertificateAuthority()
        let ipv6 = LoopbackAddress.ipv6.isAvailable
        let trusted = try authority.issue(dnsNames: ["localhost"], ipAddresses: ["127.0.0.1"] + (ipv6 ? ["::1"] : []))
        let wrongName = try authority.issue(dnsNames: ["relay.invalid"])
        let relay = try await LocalRelay.start()
        let folder = try TemporaryDirectory(prefix: "clipkit-nginx")
        let trustedPort = try LoopbackPort.free()
        var wrongNamePort = try LoopbackPort.free()
        while wrongNamePort == trustedPort { wrongNamePort = try LoopbackPort.free() }
        let configuration = Self.configuration(
            run: folder.url.path, relayPort: relay.port, ipv6: ipv6,
            servers: [(trustedPort, trusted, true), (wrongNamePort, wrongName, false)]
        )
        try Data(configuration.utf8).write(to: folder.file("nginx.conf"))
        let server = try ChildProcess(nginx, arguments: ["-c", folder.file("nginx.conf").path, "-p", folder.url.path])
        let front = TLSRelayFront(
            relay: relay, authority: authority, trustedPort: trustedPort, wrongNamePort: wrongNamePort,
            listensOnIPv6: ipv6, server: server, folder: folder
        )
        var listening = await LoopbackPort.waitUntilListening(trustedPort, timeout: 10)
        if listening { listening = await LoopbackPort.waitUntilListening(wrongNamePort, timeout: 10) }
        if listening, ipv6 { listening = await LoopbackPort.waitUntilListening(trustedPort, on: .ipv6, timeout: 10) }
        guard listening else {
            let log = (try? String(contentsOf: folder.file("error.log"), encoding: .utf8)) ?? ""
            front.stop()
            throw FrontFailure(description: "nginx did not listen on \(trustedPort) and \(wrongNamePort): \(server.standardError) \(log)")
        }
        return front
    }

    /// The TLS server name (SNI) the client sent on the connection that asked for `path`: `nil`
    /// when it sent none; throws when no request for `path` is logged within `timeout` seconds.
    /// (nginx logs a WebSocket request when its connection closes.)
    package func serverName(sentFor path: String, timeout: TimeInterval = 5) async throws -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            let log = (try? String(contentsOf: folder.file("access.log"), encoding: .utf8)) ?? ""
            for line in log.split(separator: "\n") {
                let fields = line.split(separator: " ", omittingEmptySubsequences: false)
                if fields.count == 2, fields[0] == path { return fields[1] == "-" ? nil : String(fields[1]) }
            }
            try await Task.sleep(for: .milliseconds(50))
        } while Date() < deadline
        throw FrontFailure(description: "nginx logged no request for \(path) within \(timeout) s")
    }

    /// Stops nginx (SIGTERM, so its master stops its workers) and the relay.
    package func stop() {
        server.send(signal: SIGTERM)
        for _ in 0..<500 where server.isRunning { usleep(10_000) }
        server.stop()
        relay.stop()
    }

    deinit { stop() }

    /// nginx's settings: one worker, an access log of each request's path and server name,
    /// temporary files in `run`, and for each server
    /// a TLS listener that passes the WebSocket upgrade on to the relay.
    private static func configuration(
        run: String, relayPort: Int, ipv6: Bool, servers: [(port: Int, certificate: TestCertificateAuthority.Issued, ipv6: Bool)]
    ) -> String {
        let blocks = servers.map { server in
            """
                server {
                    listen 127.0.0.1:\(server.port) ssl;
            \(ipv6 && server.ipv6 ? "        listen [::1]:\(server.port) ssl;\n" : "")\
                    ssl_certificate \(server.certificate.certificateFile.path);
                    ssl_certificate_key \(server.certificate.keyFile.path);
                    ssl_protocols TLSv1.2 TLSv1.3;
                    location / {
                        rewrite ^ / break;
                        proxy_pass http://127.0.0.1:\(relayPort);
                        proxy_http_version 1.1;
                        proxy_set_header Upgrade $http_upgrade;
                        proxy_set_header Connection $connection_upgrade;
                        proxy_set_header Host $host;
                        proxy_read_timeout 120s;
                    }
                }
            """
        }
        return """
            worker_processes 1;
            pid \(run)/nginx.pid;
            error_log \(run)/error.log warn;
            daemon off;

            events {
                worker_connections 256;
            }

            http {
                log_format servername '$request_uri $ssl_server_name';
                access_log \(run)/access.log servername;
                client_body_temp_path \(run)/body;
                proxy_temp_path \(run)/proxy;
                fastcgi_temp_path \(run)/fastcgi;
                uwsgi_temp_path \(run)/uwsgi;
                scgi_temp_path \(run)/scgi;
                map $http_upgrade $connection_upgrade {
                    default upgrade;
                    '' close;
                }

            \(blocks.joined(separator: "\n"))
            }

            """
    }

    /// nginx did not come up.
    package struct FrontFailure: Error, CustomStringConvertible {
        /// What happened, with nginx's output.
        package let description: String
    }
}
