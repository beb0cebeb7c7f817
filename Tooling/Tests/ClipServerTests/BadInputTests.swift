import ClipServer
import ClipSite
import Foundation
import Testing

/// Hostile requests get a clean 4xx, nothing they carry comes back unescaped, and the server
/// keeps serving: after every attack a normal request still succeeds.
@Suite struct BadInputTests {
    /// A normal request that must still work after each attack.
    func expectStillServing(_ server: RunningServer, after attack: String) async throws {
        let response = try await RawHTTP.exchange(port: server.port, request: RawHTTP.request("/healthz"))
        #expect(response.status == 200, "the server stopped answering after \(attack)")
    }

    @Test func pathTraversalIsRefused() async throws {
        let server = try await RunningServer(site: ServerFixtures.site("roadflare"))
        let attacks = [
            "/../../etc/passwd", "/share/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/%2E%2E/etc/passwd",
            "/share/d/..%2f..%2fetc%2fpasswd", "/share%2fd%2fx", "/share/d/%2e%2e", "/.well-known/..%5c..%5cetc",
            "/share\\d\\x", "/./healthz", "/share/d/%00", "/share/d/%zz", "/share/d/%",
        ]
        for target in attacks {
            let response = try await RawHTTP.exchange(port: server.port, request: RawHTTP.request(target))
            #expect(response.status == 400, "\(target) → \(response.status.map(String.init) ?? "no answer")")
            #expect(!response.raw.contains("passwd"), "\(target) was reflected")
            try await expectStillServing(server, after: target)
        }
        await server.stop()
    }

    @Test func overLongTargetsAndHeadersAreCapped() async throws {
        let server = try await RunningServer(site: ServerFixtures.site("roadflare"))
        let longTarget = "/share/d/" + String(repeating: "a", count: 5000)
        let long = try await RawHTTP.exchange(port: server.port, request: RawHTTP.request(longTarget))
        #expect(long.status == 414)
        try await expectStillServing(server, after: "a long target")

        let bigHeader = try await RawHTTP.exchange(port: server.port, request: RawHTTP.request("/", headers: ["X-Fill: " + String(repeating: "b", count: 10_000)]))
        #expect(bigHeader.status == 431)
        try await expectStillServing(server, after: "large headers")

        let many = (0..<150).map { "X-Header-\($0): v" }
        let manyHeaders = try await RawHTTP.exchange(port: server.port, request: RawHTTP.request("/", headers: many))
        #expect(manyHeaders.status.map { (400..<500).contains($0) } ?? true, "too many headers must not succeed")
        try await expectStillServing(server, after: "many headers")

        let huge = try await RawHTTP.exchange(port: server.port, request: RawHTTP.request("/", headers: ["X-Fill: " + String(repeating: "c", count: 100_000)]))
        #expect(huge.status.map { (400..<500).contains($0) } ?? true, "headers past the parser cap must not succeed")
        try await expectStillServing(server, after: "headers past the parser cap")
        await server.stop()
    }

    @Test func scriptInPathParametersIsNeverReflectedUnescaped() async throws {
        let server = try await RunningServer(site: ServerFixtures.site("bluesky"))
        let hostile = "%3Cscript%3Ealert(1)%3C%2Fscript%3E"
        let targets = [
            "/start/alice.bsky.social/" + hostile, "/start/%3Cscript%3E/3kabc", "/" + hostile,
            "/start/alice.bsky.social/x%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E",
            "/start/javascript:alert(1)/3kabc",
        ]
        for target in targets {
            let response = try await RawHTTP.exchange(port: server.port, request: RawHTTP.request(target, host: "bsky.app"))
            let status = try #require(response.status)
            #expect((400..<500).contains(status), "\(target) → \(status)")
            #expect(!response.raw.contains("<script>alert"))
            #expect(!response.raw.contains("<img src=x"))
            #expect(!response.raw.contains("href=\"javascript:"))
            try await expectStillServing(server, after: target)
        }
        await server.stop()
    }

    @Test func hostileProfileFieldsAreEscapedInServedPages() async throws {
        let hostile = ShareProfile(
            name: "<script>alert(1)</script>\"\u{301}><img src=x onerror=alert(1)>",
            pictureURL: "javascript:alert(1)", about: "\"><svg onload=alert(1)>",
            details: [.init(label: "Car", value: "</dd><script>alert(2)</script>")]
        )
        let server = try await RunningServer(site: ServerFixtures.site("roadflare", provider: FixedProvider(profile: hostile)))
        let page = try await Curl.request(server.baseURL + "/share/d/\(ServerFixtures.npub)")
        #expect(page.status == 200)
        for fragment in ["<script>alert", "<img src=x", "<svg", "javascript:", "</dd><script"] {
            #expect(!page.body.contains(fragment), "\(fragment) reached the page")
        }
        #expect(page.body.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        await server.stop()
    }

    @Test func otherMethodsAndGarbageGetA4xx() async throws {
        let server = try await RunningServer(site: ServerFixtures.site("roadflare"))
        for method in ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "CONNECT"] {
            let target = method == "CONNECT" ? "localhost:80" : "/.well-known/apple-app-site-association"
            let response = try await RawHTTP.exchange(port: server.port, request: RawHTTP.request(target, method: method))
            let status = try #require(response.status, "\(method) got no answer")
            #expect((400..<500).contains(status), "\(method) → \(status)")
            if method != "CONNECT" { #expect(status == 405 && response.headers["allow"] == "GET, HEAD") }
            try await expectStillServing(server, after: method)
        }
        let garbage: [[UInt8]] = [
            Array("FOO<script> / HTTP/1.1\r\nHost: x\r\n\r\n".utf8),
            Array("GET\r\n\r\n".utf8),
            Array("\u{0}\u{1}\u{2}\u{3} garbage\r\n\r\n".utf8),
            Array("GET / HTTP/9.9\r\nHost: x\r\n\r\n".utf8),
            Array("GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n".utf8),
            Array("GET /<script> HTTP/1.1\r\nHost: x\r\n\r\n".utf8),
            [UInt8](repeating: 0xFF, count: 2048),
        ]
        for bytes in garbage {
            let response = try await RawHTTP.exchange(port: server.port, request: bytes, halfClose: true)
            if let status = response.status {
                #expect((400..<500).contains(status), "garbage got \(status)")
            }
            #expect(!response.raw.contains("<script>"))
            try await expectStillServing(server, after: "garbage")
        }
        await server.stop()
    }

    /// Seeded mutations of valid requests (bytes flipped, inserted, removed). Whatever the
    /// server makes of them, it answers with a status (or closes), never with a 5xx, never
    /// reflecting markup, and keeps serving.
    @Test func fuzzedRequestsNeverBreakTheServer() async throws {
        let server = try await RunningServer(site: ServerFixtures.site("roadflare"))
        var generator = FuzzGenerator(seed: 0x5E7_7E5)
        let seeds = [
            RawHTTP.request("/.well-known/apple-app-site-association"),
            RawHTTP.request("/share/d/\(ServerFixtures.npub)", headers: ["If-None-Match: \"abc\""]),
            RawHTTP.request("/", method: "HEAD"),
        ]
        let inserts: [[UInt8]] = [Array("<script>".utf8), Array("%2e%2e/".utf8), Array("\r\n".utf8), [0], Array("../".utf8), Array(" ".utf8)]
        for round in 0..<300 {
            var bytes = seeds[Int(generator.next() % UInt64(seeds.count))]
            for _ in 0..<(1 + Int(generator.next() % 4)) {
                let position = Int(generator.next() % UInt64(bytes.count))
                switch generator.next() % 3 {
                case 0: bytes[position] = UInt8(truncatingIfNeeded: generator.next())
                case 1: bytes.insert(contentsOf: inserts[Int(generator.next() % UInt64(inserts.count))], at: position)
                default: bytes.remove(at: position)
                }
            }
            let response = try await RawHTTP.exchange(port: server.port, request: bytes, timeout: 2, halfClose: true)
            if let status = response.status { #expect(status < 500, "round \(round) got \(status)") }
            #expect(!response.raw.contains("<script>"), "round \(round) reflected markup")
            if round % 25 == 0 { try await expectStillServing(server, after: "fuzz round \(round)") }
        }
        try await expectStillServing(server, after: "the fuzz rounds")
        await server.stop()
    }
}

/// SplitMix64, for deterministic fuzzing.
struct FuzzGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
