import ClipServer
import Foundation
import NIOCore
import Testing

/// The caps on open connections over real HTTP on loopback: connections held open by raw sockets
/// (from `127.0.0.2`) fill a small cap, and other clients (`127.0.0.3`, `127.0.0.4`) still get
/// `/healthz` at once and a fast 503 for anything else, never a hang; service resumes when the
/// held connections go.
// One case at a time: each holds connections open for seconds, and the other suites' servers in
// this process should not wait behind a burst of them.
@Suite(.serialized) struct ConnectionLimitTests {
    /// The longest a refused or reserve answer may take on a loaded machine: far below any timeout
    /// the server has here (a hang shows as the read's own timeout).
    static let prompt: Duration = .seconds(3)

    func configuration(maximum: Int, perClient: Int, reserve: Int, trustedProxies: TrustedProxies = .none) -> ClipServerConfiguration {
        var configuration = ClipServerConfiguration()
        configuration.connectionLimits = ConnectionLimits(
            maximumConnections: maximum, maximumConnectionsPerClient: perClient, reserve: reserve
        )
        configuration.trustedProxies = trustedProxies
        return configuration
    }

    /// Opens `count` keep-alive connections from `source`, each proven served normally by a
    /// `/healthz` answered without `Connection: close`, and keeps them open.
    func holdServedConnections(_ count: Int, from source: String, port: Int) async throws -> [RawConnection] {
        var held: [RawConnection] = []
        for _ in 0..<count {
            let connection = try RawConnection(port: port, from: source)
            #expect(connection.write("GET /healthz HTTP/1.1\r\nHost: roadflare.app\r\n\r\n"))
            let response = await connection.response()
            try #require(response.status == 200, "held connection \(held.count + 1) was not served: \(response.raw)")
            #expect(response.headers["connection"] == nil)
            held.append(connection)
        }
        return held
    }

    /// One request on a fresh connection from `source`, read until the server closes it.
    func request(_ path: String, from source: String, port: Int) async throws -> (response: RawHTTPResponse, closedAt: ContinuousClock.Instant?) {
        let connection = try RawConnection(port: port, from: source)
        defer { connection.close() }
        #expect(connection.write("GET \(path) HTTP/1.1\r\nHost: roadflare.app\r\n\r\n"))
        return await connection.waitForClose(timeout: Self.prompt)
    }

    func expectOverCapacity(_ result: (response: RawHTTPResponse, closedAt: ContinuousClock.Instant?), _ what: String) {
        #expect(result.response.status == 503, "\(what): \(result.response.raw)")
        #expect(result.response.headers["connection"]?.lowercased() == "close", "\(what)")
        #expect(result.response.headers["retry-after"].flatMap(Int.init).map { $0 > 0 } == true, "\(what)")
        #expect(!result.response.body.isEmpty && result.response.body.utf8.count < 200, "\(what): \(result.response.body)")
        #expect(result.closedAt != nil, "\(what): the connection was left open")
    }

    func expectHealthy(_ result: (response: RawHTTPResponse, closedAt: ContinuousClock.Instant?), _ what: String) {
        #expect(result.response.status == 200, "\(what): \(result.response.raw)")
        #expect(result.response.body == #"{"status":"ok"}"#, "\(what)")
        #expect(result.response.headers["connection"]?.lowercased() == "close", "\(what): a reserve connection ends")
        #expect(result.closedAt != nil, "\(what): the reserve connection was left open")
    }

    /// Retries `/` from `source` until it is served (200) or `timeout` passes: the server counts a
    /// connection as gone once it sees the close, a moment after the client closes.
    func waitUntilServed(from source: String, port: Int, timeout: Duration = .seconds(5)) async throws -> Int? {
        let deadline = ContinuousClock.now + timeout
        var status: Int?
        repeat {
            let connection = try RawConnection(port: port, from: source)
            #expect(connection.write("GET / HTTP/1.1\r\nHost: roadflare.app\r\n\r\n"))
            status = await connection.response().status
            connection.close()
            if status == 200 { return status }
            try await Task.sleep(for: .milliseconds(100))
        } while ContinuousClock.now < deadline
        return status
    }

    @Test func pastTheCapHealthIsAnsweredAndOtherRequestsGetAFast503() async throws {
        let server = try await RunningServer(
            site: ServerFixtures.site("roadflare"), configuration: configuration(maximum: 8, perClient: 100, reserve: 8)
        )
        var held = try await holdServedConnections(8, from: "127.0.0.2", port: server.port)
        // Three more from the same client, silent: past the cap, two take reserve places (a
        // client holds at most a quarter of the reserve, 2 of 8) and wait for a head; the third
        // (whichever the server admits last) is closed at once, with nothing written.
        let silent = try (0..<3).map { _ in try RawConnection(port: server.port, from: "127.0.0.2") }
        var dropped = 0
        await withTaskGroup(of: (closed: Bool, status: Int?).self) { group in
            for connection in silent {
                group.addTask {
                    let result = await connection.waitForClose(timeout: Self.prompt)
                    return (result.closedAt != nil, result.response.status)
                }
            }
            for await result in group where result.closed {
                dropped += 1
                #expect(result.status == nil, "a connection past the reserve got an answer")
            }
        }
        #expect(dropped == 1, "\(dropped) of 3 connections past the cap were closed at once; 1 was expected")
        held.append(contentsOf: silent)

        let started = ContinuousClock.now
        expectHealthy(try await request("/healthz", from: "127.0.0.3", port: server.port), "/healthz past the cap")
        expectOverCapacity(try await request("/", from: "127.0.0.3", port: server.port), "/ past the cap")
        expectOverCapacity(
            try await request("/.well-known/apple-app-site-association", from: "127.0.0.4", port: server.port), "the AASA past the cap"
        )
        #expect(ContinuousClock.now - started < Self.prompt * 3, "the answers past the cap were slow")
        // The held connections are still served.
        #expect(held[0].write("GET / HTTP/1.1\r\nHost: roadflare.app\r\n\r\n"))
        #expect(await held[0].response().status == 200)

        for connection in held { connection.close() }
        #expect(try await waitUntilServed(from: "127.0.0.3", port: server.port) == 200, "service did not resume after the release")
        await server.stop()
    }

    @Test func oneClientAtItsCapDoesNotStopAnother() async throws {
        let server = try await RunningServer(
            site: ServerFixtures.site("roadflare"), configuration: configuration(maximum: 100, perClient: 4, reserve: 8)
        )
        let held = try await holdServedConnections(4, from: "127.0.0.2", port: server.port)
        expectOverCapacity(try await request("/", from: "127.0.0.2", port: server.port), "a fifth connection from 127.0.0.2")
        expectHealthy(try await request("/healthz", from: "127.0.0.2", port: server.port), "/healthz from 127.0.0.2 past its cap")

        // Another client is served normally, on a keep-alive connection.
        let other = try RawConnection(port: server.port, from: "127.0.0.3")
        for _ in 0..<2 {
            #expect(other.write("GET / HTTP/1.1\r\nHost: roadflare.app\r\n\r\n"))
            let response = await other.response()
            #expect(response.status == 200, "\(response.raw)")
            #expect(response.headers["connection"] == nil)
        }
        other.close()

        for connection in held { connection.close() }
        #expect(try await waitUntilServed(from: "127.0.0.2", port: server.port) == 200, "127.0.0.2 was not served after its release")
        await server.stop()
    }

    /// A silent connection in the reserve gives its place back after 5 seconds, not after the
    /// (longer) header timeout, so silent sockets cannot keep `/healthz` out for long.
    @Test func aSilentReserveConnectionEndsWithinFiveSeconds() async throws {
        var configuration = configuration(maximum: 1, perClient: 100, reserve: 4)
        configuration.headerTimeout = 120
        let server = try await RunningServer(site: ServerFixtures.site("roadflare"), configuration: configuration)
        let held = try await holdServedConnections(1, from: "127.0.0.2", port: server.port)
        let silent = try RawConnection(port: server.port, from: "127.0.0.3")
        let started = ContinuousClock.now
        let result = await silent.waitForClose(timeout: .seconds(10))
        let closedAfter = result.closedAt.map { $0 - started }
        #expect(closedAfter.map { $0 >= .milliseconds(4500) && $0 < .seconds(9) } == true, "closed after \(String(describing: closedAfter))")
        silent.close()
        for connection in held { connection.close() }
        await server.stop()
    }

    /// A trusted proxy carries many clients: only the overall cap applies to its connections.
    @Test func aTrustedProxyHasNoPerClientCap() async throws {
        let proxies = try TrustedProxies(networks: ["127.0.0.2"])
        let server = try await RunningServer(
            site: ServerFixtures.site("roadflare"),
            configuration: configuration(maximum: 100, perClient: 2, reserve: 4, trustedProxies: proxies)
        )
        let held = try await holdServedConnections(6, from: "127.0.0.2", port: server.port)
        #expect(held.count == 6)
        for connection in held { connection.close() }
        await server.stop()
    }

    @Test func theDefaultsComeFromTheDescriptorLimit() {
        let usual = ConnectionLimits(descriptorLimit: 1024)
        #expect(usual.maximumConnections == 864)
        #expect(usual.maximumConnectionsPerClient == 108)
        #expect(usual.reserve == 32)
        #expect(usual.reservePerClient == 8)
        for limit in [256, 1024, 4096, 65_536, 1 << 20] {
            let limits = ConnectionLimits(descriptorLimit: limit)
            let kept = ConnectionLimits.descriptorsKept(forLimit: limit)
            #expect(limits.maximumConnections + limits.reserve + kept == limit, "limit \(limit)")
            #expect(kept >= 64)
            #expect(limits.maximumConnectionsPerClient <= limits.maximumConnections)
        }
        #expect(ConnectionLimits.processDescriptorLimit() > 0)
        #expect(ClipServerConfiguration().connectionLimits == ConnectionLimits(descriptorLimit: ConnectionLimits.processDescriptorLimit()))
    }

    @Test func theGateCountsServedAndReservePlacesAndGivesThemBack() throws {
        let gate = ConnectionGate(
            limits: ConnectionLimits(maximumConnections: 3, maximumConnectionsPerClient: 2, reserve: 4), trustedProxies: .none
        )
        let a = try SocketAddress(ipAddress: "192.0.2.1", port: 1000)
        let b = try SocketAddress(ipAddress: "192.0.2.2", port: 1000)
        let v6 = try SocketAddress(ipAddress: "2001:db8::1", port: 1000)
        let v6SameNetwork = try SocketAddress(ipAddress: "2001:db8::ffff:2", port: 1000)
        let first = gate.admit(peer: a)
        #expect(first.admission == .served)
        #expect(gate.admit(peer: a).admission == .served)
        // a is at its cap of 2: its next one goes to the reserve, whose quarter (1) is its share.
        #expect(gate.admit(peer: a).admission == .reserve)
        #expect(gate.admit(peer: a).admission == .refused)
        // An IPv6 client counts by its /64.
        #expect(gate.admit(peer: v6).admission == .served)
        #expect(gate.openConnections == (served: 3, reserve: 1))
        // The overall cap of 3 is reached: b goes to the reserve.
        #expect(gate.admit(peer: v6SameNetwork).admission == .reserve)
        #expect(gate.admit(peer: b).admission == .reserve)
        gate.release(first)
        #expect(gate.openConnections == (served: 2, reserve: 3))
        #expect(gate.admit(peer: b).admission == .served)
    }
}
