@_spi(ClipKitTooling) import ClipNostr
import ClipNostrWebSocket
import Foundation

/// A pool of long-lived relay connections, one per relay, shared by every profile lookup: a
/// `RelayTransportFactory` whose transports are subscriptions multiplexed on those connections.
///
/// Give it to ClipNostr's `ProfileFetcher`, which then runs each fetch — `REQ` with its own random
/// subscription id, verification of every event, newest-wins, `CLOSE` after `EOSE` — over the
/// shared connection instead of opening new ones. `clipkit serve` uses one for its share-page
/// previews, so requests for many profiles cost subscriptions, not connections.
///
/// ```swift
/// let connections = SharedRelayConnections()
/// let fetcher = ProfileFetcher(transportFactory: connections)
/// let provider = NostrShareProfileProvider(relays: relays, fetcher: fetcher)
/// // … serve …
/// await connections.close()
/// ```
///
/// Limits: ``SharedRelayConfiguration/maximumSubscriptionsPerRelay`` subscriptions open at once
/// per relay (more are refused at once, never queued), reconnection with exponential back-off
/// after a drop, and at most ``SharedRelayConfiguration/maximumRelays`` relays.
package final class SharedRelayConnections: RelayTransportFactory, @unchecked Sendable {
    /// The pool's limits and timings.
    package let configuration: SharedRelayConfiguration
    private let factory: any RelayTransportFactory
    private let lock = NSLock()
    private var connections: [String: SharedRelayConnection] = [:]
    private var isClosed = false

    /// Creates an empty fetcher; connections open on first use.
    ///
    /// - Parameters:
    ///   - configuration: The limits of each relay's connection: open subscriptions, back-off.
    ///   - transportFactory: What opens the real connections (the SwiftNIO WebSocket client of
    ///     `ClipNostrWebSocket` by default).
    package init(configuration: SharedRelayConfiguration = SharedRelayConfiguration(), transportFactory: any RelayTransportFactory = RelayTransports.tooling) {
        self.configuration = configuration
        factory = transportFactory
    }

    /// A subscription on the shared connection to `relay`; connecting it reserves a slot there.
    ///
    /// `maximumFrameBytes` is ignored: a shared connection accepts
    /// ``SharedRelayConfiguration/maximumFrameBytes`` for every subscription.
    package func makeTransport(to relay: RelayURL, maximumFrameBytes: Int) -> any RelayTransport {
        guard let connection = connection(to: relay) else {
            return RefusedRelayTransport(relay: relay, maximumFrameBytes: maximumFrameBytes, reason: lock.withLock { isClosed }
                ? "the shared relay connections are closed"
                : "the fetcher already keeps connections to \(configuration.maximumRelays) relays (maximumRelays)")
        }
        return SharedRelaySubscription(relay: relay, connection: connection, maximumFrameBytes: configuration.maximumFrameBytes)
    }

    /// Each relay's statistics, by relay URL.
    package func statistics() async -> [String: SharedRelayStatistics] {
        var result: [String: SharedRelayStatistics] = [:]
        for (relay, connection) in lock.withLock({ connections }) { result[relay] = await connection.statistics }
        return result
    }

    /// Closes every connection; subscriptions still open end, and nothing reconnects.
    package func close() async {
        let all = lock.withLock {
            isClosed = true
            return Array(connections.values)
        }
        for connection in all { await connection.close() }
    }

    private func connection(to relay: RelayURL) -> SharedRelayConnection? {
        lock.withLock {
            if let existing = connections[relay.identity] { return existing }
            guard !isClosed, connections.count < configuration.maximumRelays else { return nil }
            let created = SharedRelayConnection(relay: relay, factory: factory, configuration: configuration)
            connections[relay.identity] = created
            return created
        }
    }
}

/// The transport for a relay the fetcher will not connect to: every call fails with the reason.
struct RefusedRelayTransport: RelayTransport {
    let relay: RelayURL
    let maximumFrameBytes: Int
    let receivedFrames: RelayFrameStream
    let reason: String

    init(relay: RelayURL, maximumFrameBytes: Int, reason: String) {
        self.relay = relay
        self.maximumFrameBytes = maximumFrameBytes
        self.reason = reason
        receivedFrames = RelayFrameStream()
        receivedFrames.finish(throwing: RelayTransportError.connectionFailed(reason))
    }

    func connect() async throws(RelayTransportError) {
        throw .connectionFailed("\(relay.string): \(reason)")
    }

    func send(_ text: String) async throws(RelayTransportError) {
        throw .notConnected
    }

    func close() async {}
}
