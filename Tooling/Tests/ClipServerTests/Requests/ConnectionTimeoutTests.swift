import ClipServer
import Foundation
import Testing

/// Every connection ends, whatever it waits for: a request head that never completes, a body that
/// never comes (while the fast path discards it, or while Hummingbird holds the request), or a
/// next request. Each test shortens one limit to two seconds and leaves the others long, so the
/// close can only come from the limit under test.
// One case at a time: each holds connections open for seconds, and the other suites' servers in
// this process should not wait behind a burst of them.
@Suite(.serialized) struct ConnectionTimeoutTests {
    /// The limit under test.
    static let limit = 2
    /// How much earlier than the limit a close still counts as the limit's (timer slack is far less).
    static let earlyMargin: Duration = .milliseconds(500)
    /// How much later than the limit the close must have come, on a loaded machine.
    static let lateMargin: Duration = .seconds(4)
    /// The limits not under test: far longer than any test waits.
    static let long = 120

    func configuration(header: Int = long, body: Int = long, idle: Int = long) -> ClipServerConfiguration {
        var configuration = ClipServerConfiguration()
        configuration.headerTimeout = header
        configuration.bodyTimeout = body
        configuration.idleTimeout = idle
        return configuration
    }

    /// Checks that the close came at the limit after `started`; times are taken on the reading
    /// thread, so a busy concurrency pool in the test process does not shift them.
    func expectClosedAtTheLimit(_ closedAt: ContinuousClock.Instant?, since started: ContinuousClock.Instant, _ what: String) {
        let limit = Duration.seconds(Self.limit)
        guard let closedAt else {
            Issue.record("\(what): the server left the connection open past \(limit + Self.lateMargin)")
            return
        }
        let closedAfter = closedAt - started
        #expect(closedAfter >= limit - Self.earlyMargin, "\(what): closed after \(closedAfter), before the \(limit) limit")
        #expect(closedAfter < limit + Self.lateMargin, "\(what): closed after \(closedAfter)")
    }

    /// A GET that announces a body and never sends it: answered on the fast path (`/healthz`),
    /// or passed on to Hummingbird (a share page to render); either way the connection ends at
    /// the body limit after the head.
    @Test(arguments: [
        ("/healthz", "Content-Length: 1"), ("/healthz", "Transfer-Encoding: chunked"),
        ("/share/d/\(ServerFixtures.npub)", "Content-Length: 1"), ("/share/d/\(ServerFixtures.npub)", "Transfer-Encoding: chunked"),
    ])
    func aBodyThatNeverComesEndsTheConnectionAtTheBodyLimit(_ path: String, _ framing: String) async throws {
        let server = try await RunningServer(site: ServerFixtures.site("roadflare"), configuration: configuration(body: Self.limit))
        let connection = try RawConnection(port: server.port)
        let started = ContinuousClock.now
        #expect(connection.write("GET \(path) HTTP/1.1\r\nHost: roadflare.app\r\n\(framing)\r\n\r\n"))
        let result = await connection.waitForClose(timeout: .seconds(Self.limit) + Self.lateMargin)
        if path == "/healthz" {
            // The fast path answers before the body; Hummingbird waits for the body before it answers.
            #expect(result.response.status == 200, "the fast path answers before the body: \(result.response.raw)")
        }
        expectClosedAtTheLimit(result.closedAt, since: started, "GET \(path) with \(framing), no body")
        connection.close()
        await server.stop()
    }

    /// The same on the fast path, with every limit short: the body limit holds with the idle
    /// limit beside it.
    @Test(arguments: ["Content-Length: 1", "Transfer-Encoding: chunked"])
    func aBodyThatNeverComesEndsTheConnectionWithinTheIdleLimit(_ framing: String) async throws {
        let limit = Self.limit
        let server = try await RunningServer(
            site: ServerFixtures.site("roadflare"), configuration: configuration(header: limit, body: limit, idle: limit)
        )
        let connection = try RawConnection(port: server.port)
        let started = ContinuousClock.now
        #expect(connection.write("GET /healthz HTTP/1.1\r\nHost: roadflare.app\r\n\(framing)\r\n\r\n"))
        let result = await connection.waitForClose(timeout: .seconds(limit) + Self.lateMargin)
        #expect(result.response.status == 200, "the fast path answers before the body: \(result.response.raw)")
        expectClosedAtTheLimit(result.closedAt, since: started, "GET /healthz with \(framing), no body")
        connection.close()
        await server.stop()
    }

    /// A body that trickles in, a byte every quarter second, does not move the body limit on.
    @Test func aTricklingBodyEndsTheConnectionAtTheBodyLimit() async throws {
        let server = try await RunningServer(site: ServerFixtures.site("roadflare"), configuration: configuration(body: Self.limit))
        let connection = try RawConnection(port: server.port)
        let started = ContinuousClock.now
        let head = (after: Duration.zero, text: "GET /healthz HTTP/1.1\r\nHost: roadflare.app\r\nContent-Length: 100\r\n\r\n")
        let trickle = Task { await connection.write([head] + Array(repeating: (after: .milliseconds(250), text: "x"), count: 40)) }
        let result = await connection.waitForClose(timeout: .seconds(Self.limit) + Self.lateMargin)
        expectClosedAtTheLimit(result.closedAt, since: started, "a trickling body")
        connection.close()
        _ = await trickle.value
        await server.stop()
    }

    /// A head that trickles in, a byte every tenth of a second, ends at the header limit counted
    /// from the connection's start; so does a connection that sends nothing.
    @Test(arguments: [true, false])
    func aHeadThatNeverCompletesEndsTheConnectionAtTheHeaderLimit(_ trickles: Bool) async throws {
        let server = try await RunningServer(site: ServerFixtures.site("roadflare"), configuration: configuration(header: Self.limit))
        let connection = try RawConnection(port: server.port)
        let started = ContinuousClock.now
        let slowHead = "GET /healthz HTTP/1.1\r\nHost: roadflare.app\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
        let pieces = trickles ? slowHead.map { (after: Duration.milliseconds(100), text: String($0)) } : []
        let trickle = Task { await connection.write(pieces) }
        let result = await connection.waitForClose(timeout: .seconds(Self.limit) + Self.lateMargin)
        #expect(result.response.status == nil, "nothing is answered to a head that never completes: \(result.response.raw)")
        expectClosedAtTheLimit(result.closedAt, since: started, trickles ? "a trickling head" : "a silent connection")
        connection.close()
        _ = await trickle.value
        await server.stop()
    }

    /// After a response, the next request's head gets the header limit from its first byte: a
    /// keep-alive client that starts a request and stops is cut then, not at the idle limit.
    @Test func aLaterHeadThatStopsEndsTheConnectionAtTheHeaderLimit() async throws {
        let server = try await RunningServer(site: ServerFixtures.site("roadflare"), configuration: configuration(header: Self.limit))
        let connection = try RawConnection(port: server.port)
        #expect(connection.write("GET /healthz HTTP/1.1\r\nHost: roadflare.app\r\n\r\n"))
        #expect(await connection.response().status == 200)
        // Longer than the header limit between requests: the idle limit (long) applies here.
        try await Task.sleep(for: .seconds(Self.limit) + .seconds(1))
        let started = ContinuousClock.now
        #expect(connection.write("GET /healthz HTTP/1.1\r\nHost: roa"))
        let result = await connection.waitForClose(timeout: .seconds(Self.limit) + Self.lateMargin)
        expectClosedAtTheLimit(result.closedAt, since: started, "a second head that stops")
        connection.close()
        await server.stop()
    }

    /// A body that does come in time is read and the connection serves the next request, after
    /// the body limit (counted from the head) has passed.
    @Test func aBodyThatComesInTimeKeepsTheConnection() async throws {
        let limit = Self.limit
        let server = try await RunningServer(site: ServerFixtures.site("roadflare"), configuration: configuration(body: limit))
        let connection = try RawConnection(port: server.port)
        let sent = ContinuousClock.now
        #expect(await connection.write([
            (after: .zero, text: "GET /healthz HTTP/1.1\r\nHost: roadflare.app\r\nContent-Length: 1\r\n\r\n"),
            (after: .milliseconds(500), text: "x"),
        ]))
        #expect(await connection.response().status == 200)
        try await Task.sleep(until: sent + .seconds(limit) + .seconds(1), clock: .continuous)
        #expect(connection.write("GET /healthz HTTP/1.1\r\nHost: roadflare.app\r\n\r\n"))
        let second = await connection.response()
        #expect(second.status == 200, "the connection was closed after its body came: \(second.raw)")
        connection.close()
        await server.stop()
    }
}
