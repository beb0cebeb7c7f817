/// How ``SharedRelayConnections`` keeps its relay connections: how many subscriptions share one,
/// how long a handshake may take, and how reconnects back off.
package struct SharedRelayConfiguration: Sendable, Hashable {
    /// The most subscriptions open at once on one relay's connection; one more is refused at once.
    package var maximumSubscriptionsPerRelay: Int
    /// The most relays the pool keeps connections to; a further relay is refused.
    package var maximumRelays: Int
    /// How long a connection attempt (TCP, TLS and the WebSocket handshake) may take.
    package var connectTimeout: Duration
    /// The wait after the first failed attempt; it doubles with each further failure.
    package var initialBackoff: Duration
    /// The longest wait between attempts.
    package var maximumBackoff: Duration
    /// A connection that drops sooner than this after it opened counts as a failed attempt, so a
    /// relay that accepts and hangs up at once is retried with back-off too.
    package var minimumHealthyDuration: Duration
    /// The largest frame accepted from a relay, in bytes; a larger one drops the connection.
    package var maximumFrameBytes: Int

    /// Creates a configuration; the defaults suit a link-domain server with a few relays.
    package init(
        maximumSubscriptionsPerRelay: Int = 16, maximumRelays: Int = 32,
        connectTimeout: Duration = .seconds(5), initialBackoff: Duration = .milliseconds(500),
        maximumBackoff: Duration = .seconds(30), minimumHealthyDuration: Duration = .seconds(5),
        maximumFrameBytes: Int = 256 * 1024
    ) {
        self.maximumSubscriptionsPerRelay = max(1, maximumSubscriptionsPerRelay)
        self.maximumRelays = max(1, maximumRelays)
        self.connectTimeout = connectTimeout
        self.initialBackoff = initialBackoff
        self.maximumBackoff = max(initialBackoff, maximumBackoff)
        self.minimumHealthyDuration = minimumHealthyDuration
        self.maximumFrameBytes = max(1024, maximumFrameBytes)
    }

    /// The wait before the next attempt after `failures` failed ones in a row: the initial
    /// back-off doubled for each further failure, capped, then scaled by `jitter` (0 to 1) into
    /// its upper half, so servers that lost a relay together do not return together.
    package func backoff(afterFailures failures: Int, jitter: Double) -> Duration {
        guard failures > 0 else { return .zero }
        let doublings = min(failures - 1, 30)
        let initial = Self.seconds(initialBackoff)
        let capped = min(Self.seconds(maximumBackoff), initial * Double(1 << doublings))
        let scale = 0.5 + 0.5 * min(1, max(0, jitter))
        return .milliseconds(Int64((capped * scale * 1000).rounded()))
    }

    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

/// What one relay's shared connection has done since the pool started.
package struct SharedRelayStatistics: Sendable, Hashable {
    /// Connections that completed their handshake.
    package var connectionsOpened = 0
    /// Attempts that failed or timed out.
    package var connectionFailures = 0
    /// Open connections that dropped.
    package var disconnections = 0
    /// Subscriptions (`REQ`) sent.
    package var subscriptionsOpened = 0
    /// Subscriptions open now.
    package var subscriptionsOpen = 0
    /// The most subscriptions that were open at once.
    package var peakSubscriptionsOpen = 0
    /// Subscriptions refused because the relay's limit was reached or it was backing off.
    package var subscriptionsRefused = 0
    /// Frames that answered no open subscription (late, unparseable or unsolicited) and were dropped.
    package var framesDropped = 0
    /// Whether a connection is open now.
    package var isConnected = false
}
