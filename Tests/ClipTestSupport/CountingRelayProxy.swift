import Foundation

/// A loopback proxy in front of a relay that counts, from the relay's side, the connections and
/// subscriptions clients open: `bench/serve-relay-load/counting_relay_proxy.py`, run from the
/// tests' Python environment. Stopped by ``stop()`` or when the value goes away.
public final class CountingRelayProxy: @unchecked Sendable {
    /// What the proxy has counted.
    public struct Counts: Sendable, Equatable {
        /// WebSocket connections made through the proxy: the relay answered the upgrade with 101.
        public var connections: Int
        /// TCP connections passed on to the relay, whether or not they became WebSocket connections.
        public var tcpConnections: Int
        /// Connections open now.
        public var connectionsOpen: Int
        /// `REQ` messages the relay received.
        public var requests: Int
        /// `REQ` messages that ask for profiles (kind 0): one per lookup that reached the relay,
        /// whose relay-list `REQ` (kind 10002) counts only in ``requests``.
        public var profileRequests: Int
        /// `CLOSE` messages the relay received.
        public var closes: Int
        /// Subscriptions open now (`REQ` not yet followed by `CLOSE` on a live connection).
        public var subscriptionsOpen: Int
        /// The most subscriptions open at once.
        public var peakSubscriptionsOpen: Int
    }

    /// The proxy's address, `ws://127.0.0.1:<port>`: what the code under test connects to.
    public let url: String
    private let statsPort: Int
    private let process: ChildProcess

    private init(url: String, statsPort: Int, process: ChildProcess) {
        self.url = url
        self.statsPort = statsPort
        self.process = process
    }

    /// Starts a proxy to the relay on `upstreamPort`; `delayMilliseconds` holds what the relay
    /// sends that long (a slow relay).
    public static func start(upstreamPort: Int, delayMilliseconds: Int = 0) async throws -> CountingRelayProxy {
        let script = TestEnvironment.file("bench/serve-relay-load/counting_relay_proxy.py").path
        let process = try ChildProcess(
            try TestEnvironment.python(),
            arguments: [script, "--upstream", String(upstreamPort), "--delay-ms", String(delayMilliseconds)]
        )
        let announcement: [String: Any]
        do {
            announcement = try await process.waitForAnnouncement(withMember: "stats", timeout: 30)
        } catch {
            process.stop()
            throw Failure(description: "the counting relay proxy did not start: \(error)")
        }
        guard let listen = announcement["listen"] as? Int, let stats = announcement["stats"] as? Int else {
            process.stop()
            throw Failure(description: "the counting relay proxy did not start: \(process.standardError.suffix(500))")
        }
        return CountingRelayProxy(url: "ws://127.0.0.1:\(listen)", statsPort: stats, process: process)
    }

    /// The counts so far.
    public func counts() async throws -> Counts {
        let curl = try TestEnvironment.systemTool("curl")
        let result = try await ChildProcess.run(curl, arguments: ["--silent", "--max-time", "10", "http://127.0.0.1:\(statsPort)/"], timeout: 20)
        guard result.status == 0,
              let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        else { throw Failure(description: "the counting relay proxy did not answer: \(result.standardError)") }
        func number(_ key: String) -> Int { object[key] as? Int ?? -1 }
        return Counts(
            connections: number("connections"), tcpConnections: number("tcpConnections"), connectionsOpen: number("connectionsOpen"), requests: number("requests"),
            profileRequests: number("profileRequests"), closes: number("closes"), subscriptionsOpen: number("subscriptionsOpen"), peakSubscriptionsOpen: number("peakSubscriptionsOpen")
        )
    }

    /// Stops the proxy.
    public func stop() {
        process.stop()
    }

    /// The proxy could not be started or asked.
    public struct Failure: Error, CustomStringConvertible {
        /// What happened.
        public let description: String
    }
}
