import ClipServer
import Foundation
import Testing

/// A connection that is over ends at once, fully: after an HTTP/1.0 request without keep-alive,
/// after a refusal for oversized headers or a bad `Host`, and after the parser's 400. The server
/// keeps its 60-second idle timeout, so a connection left open shows as a read that never ends.
@Suite struct ConnectionEndTests {
    /// Longest wait for the server's close after its last byte: far below the idle timeout, far
    /// above a loopback round trip. Counted from the last byte the server sent, not from the
    /// request: answering may take seconds on a loaded machine (a share page waits up to two for
    /// its profile), and that time says nothing about whether the connection was ended at once.
    static let closeBound: Duration = .seconds(3)

    /// Sends `requests` on one connection and reads until the server closes it (or 8 s pass).
    func exchange(_ requests: String, on server: RunningServer) async throws -> (response: RawHTTPResponse, waited: Duration) {
        let response = try await RawHTTP.exchange(
            port: server.port, request: Array(requests.utf8), timeout: 8, untilClose: true, probesFullClose: true
        )
        return (response, response.closeDelay ?? .seconds(8))
    }

    func expectClosedPromptly(_ result: (response: RawHTTPResponse, waited: Duration), _ what: String) {
        #expect(result.response.closedByServer, "\(what): the server left the connection open")
        #expect(result.waited < Self.closeBound, "\(what): the close came \(result.waited) after the server's last byte")
        #expect(result.response.fullyClosed == true, "\(what): only the server's sending half was closed")
    }

    /// The status lines in `raw` (a body may run straight into the next response).
    func statusLines(_ raw: String) -> [String] {
        raw.components(separatedBy: "HTTP/1.1 ").dropFirst().map { "HTTP/1.1 " + $0.prefix(3) }
    }

    @Test(arguments: ["/healthz", "/share/d/\(ServerFixtures.npub)"])
    func anHTTP10RequestWithoutKeepAliveAfterAKeepAliveOneEndsTheConnection(_ path: String) async throws {
        let server = try await RunningServer(site: ServerFixtures.site("roadflare"))
        let requests = "GET /healthz HTTP/1.1\r\nHost: roadflare.app\r\n\r\n"
            + "GET \(path) HTTP/1.0\r\nHost: roadflare.app\r\n\r\n"
            + "GET /healthz HTTP/1.1\r\nHost: roadflare.app\r\n\r\n"
        let result = try await exchange(requests, on: server)
        expectClosedPromptly(result, "HTTP/1.0 without keep-alive")
        #expect(statusLines(result.response.raw).count == 2, "the request after the HTTP/1.0 one was answered:\n\(result.response.raw)")
        let second = try #require(result.response.raw.range(of: "HTTP/1.1 200", options: .backwards))
        #expect(result.response.raw[second.lowerBound...].lowercased().contains("connection: close"))
        await server.stop()
    }

    @Test func anHTTP10RequestAloneEndsTheConnection() async throws {
        let server = try await RunningServer(site: ServerFixtures.site("roadflare"))
        let result = try await exchange("GET /.well-known/apple-app-site-association HTTP/1.0\r\n\r\n", on: server)
        expectClosedPromptly(result, "a lone HTTP/1.0 request")
        #expect(result.response.status == 200)
        #expect(result.response.headers["connection"]?.lowercased() == "close")
        await server.stop()
    }

    @Test func headersOverTheCapGet431AndTheConnectionEnds() async throws {
        let server = try await RunningServer(site: ServerFixtures.site("roadflare"))
        let fill = String(repeating: "b", count: 10_000)
        let result = try await exchange("GET / HTTP/1.1\r\nHost: roadflare.app\r\nX-Fill: \(fill)\r\n\r\n", on: server)
        #expect(result.response.status == 431)
        #expect(result.response.headers["connection"]?.lowercased() == "close")
        expectClosedPromptly(result, "431")
        await server.stop()
    }

    @Test func headersPastTheParserCapGet400AndTheConnectionEnds() async throws {
        let server = try await RunningServer(site: ServerFixtures.site("roadflare"))
        let fill = String(repeating: "c", count: 100_000)
        let result = try await exchange("GET / HTTP/1.1\r\nHost: roadflare.app\r\nX-Fill: \(fill)\r\n\r\n", on: server)
        #expect(result.response.status == 400)
        expectClosedPromptly(result, "the parser's 400")
        await server.stop()
    }

    @Test(arguments: [
        "GET /healthz HTTP/1.1\r\n\r\n",
        "GET /healthz HTTP/1.1\r\nHost: roadflare.app\r\nHost: evil.example\r\n\r\n",
        "GET /healthz HTTP/1.1\r\nHost: roadflare.app\r\nHost: roadflare.app\r\n\r\n",
        "GET /healthz HTTP/1.0\r\nHost: a\r\nHost: b\r\n\r\n",
        "GET /healthz HTTP/1.1\r\nHost: roadflare.app/x y\r\n\r\n",
        "GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n",
    ])
    func aMissingRepeatedOrMalformedHostIs400(_ request: String) async throws {
        let server = try await RunningServer(site: ServerFixtures.site("roadflare"))
        let result = try await exchange(request, on: server)
        #expect(result.response.status == 400, "\(result.response.raw)")
        #expect(result.response.body.contains("Host"))
        expectClosedPromptly(result, "a bad Host")
        await server.stop()
    }

    @Test func aBadHostBehindARequestStillRenderingWaitsItsTurn() async throws {
        let server = try await RunningServer(site: ServerFixtures.site("roadflare"))
        let requests = "GET /share/d/\(ServerFixtures.npub) HTTP/1.1\r\nHost: roadflare.app\r\n\r\n"
            + "GET /healthz HTTP/1.1\r\n\r\n"
        let result = try await exchange(requests, on: server)
        #expect(statusLines(result.response.raw) == ["HTTP/1.1 200", "HTTP/1.1 400"])
        expectClosedPromptly(result, "a bad Host after a share page")
        await server.stop()
    }

    @Test(arguments: ["GET /healthz HTTP/1.0\r\n\r\n", "GET /healthz HTTP/1.1\r\nHost: \r\n\r\n", "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n"])
    func hostRulesLeaveValidRequestsAlone(_ request: String) async throws {
        let server = try await RunningServer(site: ServerFixtures.site("roadflare"))
        let response = try await RawHTTP.exchange(port: server.port, request: Array(request.utf8))
        #expect(response.status == 200, "\(response.raw)")
        await server.stop()
    }
}
