import ClipLoopback
import ClipNostr
import ClipTestSupport
import ClipToolingTestSupport
import Foundation
import Testing

/// `clipkit serve --trusted-proxy` behind a real nginx and a real Caddy on loopback, each run with
/// the configuration `docs/link-domain.md` documents: clients at different addresses are counted
/// apart in the relay-work budget and in the log, forged headers are ignored, and absolute links
/// come from the manifest.
@Suite(.serialized) struct ServeBehindProxyTests {
    enum Proxy: String, CaseIterable, CustomTestStringConvertible {
        case nginx
        case caddy

        var testDescription: String { rawValue }

        /// Starts the proxy with the documented configuration, forwarding to `port` instead of 8080.
        func start(forwardingTo port: Int) async throws -> LoopbackReverseProxy {
            let documented = try DocumentedProxyConfiguration.block(self)
            #expect(documented.contains("127.0.0.1:8080"), "the documented configuration forwards to the documented serve command")
            let forwarding = documented.replacingOccurrences(of: "127.0.0.1:8080", with: "127.0.0.1:\(port)")
            switch self {
            case .nginx: return try await LoopbackReverseProxy.nginx(location: forwarding)
            case .caddy: return try await LoopbackReverseProxy.caddy(siteBody: forwarding)
            }
        }
    }

    /// A running `clipkit serve` for RoadFlare's manifest whose previews come from a local relay,
    /// with a budget of one lookup per client and none refilled.
    struct Server {
        let process: ChildProcess
        let port: Int

        init(relay: LocalRelay, trustedProxies: [String]) async throws {
            port = try LoopbackPort.free()
            var arguments = [
                "serve", "--manifest", TestEnvironment.file("Examples/roadflare/clipkit.json").path, "--port", String(port),
                "--relay", relay.url, "--client-lookup-burst", "1", "--client-lookups-per-minute", "0", "--json",
            ]
            if !trustedProxies.isEmpty { arguments += ["--trusted-proxy"] + trustedProxies }
            process = try ChildProcess(try TestEnvironment.clipkitExecutable(), arguments: arguments)
            _ = try await process.waitForAnnouncement(withMember: "listening", timeout: 30)
        }

        /// The log line of the request for `path`: whole, once the server has written it.
        func logLine(for path: String) async throws -> String {
            try #require(await process.waitForLine(containing: "path=\(path) ", timeout: 30), "no log line for \(path): \(process.standardError.suffix(1500))")
        }
    }

    /// The answer to one request: its `Cache-Control` and body.
    struct Fetched {
        let status: Int
        let cacheControl: String?
        let body: String

        /// A page whose preview lookup the budget refused: the generic page, never cached.
        var wasThrottled: Bool { cacheControl == "no-store" }
    }

    static func fetch(_ url: String, from source: String, headers: [String] = []) async throws -> Fetched {
        let curl = try TestEnvironment.systemTool("curl")
        var arguments = ["--silent", "--show-error", "--include", "--max-time", "30", "--interface", source]
        for header in headers { arguments += ["--header", header] }
        let result = try await ChildProcess.run(curl, arguments: arguments + [url], timeout: 40)
        try #require(result.status == 0, "curl failed: \(result.standardError)")
        let text = result.standardOutput
        let end = try #require(text.range(of: "\r\n\r\n"), "no header end in \(text.prefix(300))")
        let lines = text[..<end.lowerBound].components(separatedBy: "\r\n")
        let status = lines.first.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
        let cacheControl = lines.dropFirst().first { $0.lowercased().hasPrefix("cache-control:") }
            .map { $0.dropFirst("cache-control:".count).trimmingCharacters(in: .whitespaces) }
        return Fetched(status: status, cacheControl: cacheControl, body: String(text[end.upperBound...]))
    }

    static func unknownNpub() throws -> String {
        let hex = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
        return try NIP19.encodePublicKey(hex)
    }

    @Test(arguments: Proxy.allCases)
    func clientsBehindTheProxyAreCountedApartAndForgedHeadersAreIgnored(_ kind: Proxy) async throws {
        let relay = try await LocalRelay.start()
        defer { relay.stop() }
        let server = try await Server(relay: relay, trustedProxies: ["127.0.0.1"])
        defer { server.process.stop() }
        let proxy = try await kind.start(forwardingTo: server.port)
        defer { proxy.stop() }
        let npubs = try (0..<5).map { _ in try Self.unknownNpub() }
        func viaProxy(_ npub: String) -> String { proxy.baseURL + "/share/d/" + npub }

        // 127.0.0.2 spends its one lookup, and is refused a second.
        let first = try await Self.fetch(viaProxy(npubs[0]), from: "127.0.0.2")
        #expect(first.status == 200 && !first.wasThrottled, "\(first.cacheControl ?? "no Cache-Control")")
        #expect(try await server.logLine(for: "/share/d/\(npubs[0])").contains("client=127.0.0.2 "))
        let second = try await Self.fetch(viaProxy(npubs[1]), from: "127.0.0.2")
        #expect(second.status == 200 && second.wasThrottled, "\(second.cacheControl ?? "no Cache-Control")")
        #expect(try await server.logLine(for: "/share/d/\(npubs[1])").contains("client=127.0.0.2 "))

        // 127.0.0.3, through the same proxy, has a bucket of its own.
        let other = try await Self.fetch(viaProxy(npubs[1]), from: "127.0.0.3")
        #expect(other.status == 200 && !other.wasThrottled, "\(other.cacheControl ?? "no Cache-Control")")
        let logged = server.process.standardError.split(separator: "\n").filter { $0.contains("path=/share/d/\(npubs[1]) ") }
        #expect(logged.count == 2 && logged.last?.contains("client=127.0.0.3 ") == true, "\(logged)")

        // Sent straight to the server, a forged X-Forwarded-For (or Forwarded) names nobody:
        // the request counts as 127.0.0.3, whose token is spent.
        let direct = try await Self.fetch(
            "http://127.0.0.1:\(server.port)/share/d/\(npubs[2])", from: "127.0.0.3",
            headers: ["X-Forwarded-For: 127.0.0.9", "Forwarded: for=127.0.0.9"]
        )
        #expect(direct.status == 200 && direct.wasThrottled, "\(direct.cacheControl ?? "no Cache-Control")")
        let directLine = try await server.logLine(for: "/share/d/\(npubs[2])")
        #expect(directLine.contains("client=127.0.0.3 ") && !directLine.contains("127.0.0.9"), "\(directLine)")

        // Through the proxy, a client's own X-Forwarded-For is left of what the proxy writes:
        // 127.0.0.4 posing as 127.0.0.2 (whose token is spent) still gets its own.
        let posing = try await Self.fetch(viaProxy(npubs[3]), from: "127.0.0.4", headers: ["X-Forwarded-For: 127.0.0.2"])
        #expect(posing.status == 200 && !posing.wasThrottled, "\(posing.cacheControl ?? "no Cache-Control")")
        #expect(try await server.logLine(for: "/share/d/\(npubs[3])").contains("client=127.0.0.4 "))

        // Absolute links come from the manifest's domain, whatever the request says its host was.
        // (Caddy answers only the hosts of its site blocks itself, so only nginx passes another Host on.)
        let hostile = try await Self.fetch(viaProxy(npubs[4]), from: "127.0.0.5", headers: [
            "X-Forwarded-Host: evil.example", "X-Forwarded-Proto: http", "Forwarded: for=127.0.0.5;host=evil.example;proto=http",
        ] + (kind == .nginx ? ["Host: evil.example"] : []))
        #expect(hostile.status == 200)
        #expect(hostile.body.contains("<link rel=\"canonical\" href=\"https://roadflare.app/share/d/\(npubs[4])\">"), "\(hostile.body.prefix(1500))")
        #expect(!hostile.body.contains("evil.example"))
        #expect(try await server.logLine(for: "/share/d/\(npubs[4])").contains("client=127.0.0.5 "))

        server.process.send(signal: SIGTERM)
        #expect(await server.process.waitForExit(timeout: 30) == 0)
    }

    /// The control: without `--trusted-proxy`, everyone behind the proxy is the proxy, and one
    /// client's lookup spends the bucket of all.
    @Test func withoutTrustingTheProxyItsClientsShareOneBucket() async throws {
        let relay = try await LocalRelay.start()
        defer { relay.stop() }
        let server = try await Server(relay: relay, trustedProxies: [])
        defer { server.process.stop() }
        let proxy = try await Proxy.nginx.start(forwardingTo: server.port)
        defer { proxy.stop() }
        let npubs = try (0..<2).map { _ in try Self.unknownNpub() }
        let first = try await Self.fetch(proxy.baseURL + "/share/d/" + npubs[0], from: "127.0.0.2")
        #expect(!first.wasThrottled)
        let second = try await Self.fetch(proxy.baseURL + "/share/d/" + npubs[1], from: "127.0.0.3")
        #expect(second.wasThrottled)
        #expect(try await server.logLine(for: "/share/d/\(npubs[0])").contains("client=127.0.0.1 "))
        #expect(try await server.logLine(for: "/share/d/\(npubs[1])").contains("client=127.0.0.1 "))
    }

    @Test func aNetworkThatIsNoneIsBadUsage() async throws {
        for (network, message) in [
            ("10.0.0.0/33", "--trusted-proxy '10.0.0.0/33' has no valid prefix length: give a number from 0 to 32 after the '/'"),
            ("10.1.0.0/8", "--trusted-proxy '10.1.0.0/8' has bits set after its prefix: write the network as 10.0.0.0/8"),
            ("proxy.example", "--trusted-proxy 'proxy.example' is not a network"),
        ] {
            let result = try await ChildProcess.clipkit([
                "serve", "--manifest", TestEnvironment.file("Examples/roadflare/clipkit.json").path, "--port", "0", "--trusted-proxy", network,
            ])
            #expect(result.status == 2)
            #expect(result.standardError.contains(message), "\(result.standardError)")
        }
        let header = try await ChildProcess.clipkit([
            "serve", "--manifest", TestEnvironment.file("Examples/roadflare/clipkit.json").path, "--port", "0", "--forwarded-header", "x-real-ip",
        ])
        #expect(header.status == 2)
        #expect(header.standardError.contains("--forwarded-header 'x-real-ip' is not one of x-forwarded-for, forwarded"), "\(header.standardError)")
    }
}

/// The reverse-proxy configurations `docs/link-domain.md` documents, as the tests run them.
enum DocumentedProxyConfiguration {
    /// nginx: the `location / { … }` block of the ```` ```nginx ```` listing. Caddy: what is
    /// between the braces of the ```` ```caddy ```` listing's site block.
    static func block(_ proxy: ServeBehindProxyTests.Proxy) throws -> String {
        let document = try String(contentsOf: TestEnvironment.file("docs/link-domain.md"), encoding: .utf8)
        let fence = "```\(proxy.rawValue)\n"
        let start = try #require(document.range(of: fence), "docs/link-domain.md has no \(proxy.rawValue) listing")
        let end = try #require(document.range(of: "\n```", range: start.upperBound..<document.endIndex))
        let lines = document[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        switch proxy {
        case .nginx:
            let first = try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix("location / {") })
            let indentation = lines[first].prefix { $0 == " " }
            let last = try #require(lines[first...].firstIndex { $0 == indentation + "}" })
            return lines[first...last].joined(separator: "\n")
        case .caddy:
            let opening = try #require(lines.firstIndex { $0.hasSuffix("{") })
            let closing = try #require(lines.lastIndex { $0 == "}" })
            return lines[(opening + 1)..<closing].joined(separator: "\n")
        }
    }
}
