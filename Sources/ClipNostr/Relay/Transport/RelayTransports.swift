/// The relay transports ClipNostr provides, and the one each platform uses by default.
public enum RelayTransports {
    /// `URLSessionWebSocketTask` on Apple platforms (what a clip uses); elsewhere a factory whose
    /// connections fail at once. Linux apps and tooling add the `ClipNostrWebSocket` library and
    /// pass its `WebSocketClientTransportFactory` to ``ProfileFetcher``, so that a clip never links NIO.
    public static var platformDefault: any RelayTransportFactory {
        #if canImport(Darwin)
        URLSessionRelayTransportFactory()
        #else
        UnavailableRelayTransportFactory()
        #endif
    }
}

/// A factory for platforms without a WebSocket client: every connection fails at once.
@_spi(ClipKitTooling)
public struct UnavailableRelayTransportFactory: RelayTransportFactory {
    /// Creates the factory.
    public init() {}

    /// A transport that cannot connect.
    public func makeTransport(to relay: RelayURL, maximumFrameBytes: Int) -> any RelayTransport {
        UnavailableRelayTransport(relay: relay, maximumFrameBytes: maximumFrameBytes)
    }
}

/// A transport that fails to connect, for platforms without a WebSocket client.
@_spi(ClipKitTooling)
public struct UnavailableRelayTransport: RelayTransport {
    /// The relay it would connect to.
    public let relay: RelayURL
    /// The frame cap (unused).
    public let maximumFrameBytes: Int
    /// An already finished stream.
    public let receivedFrames: RelayFrameStream

    init(relay: RelayURL, maximumFrameBytes: Int) {
        self.relay = relay
        self.maximumFrameBytes = maximumFrameBytes
        receivedFrames = RelayFrameStream()
        receivedFrames.finish(throwing: RelayTransportError.connectionFailed("no WebSocket client on this platform"))
    }

    /// Fails: there is no WebSocket client.
    public func connect() async throws(RelayTransportError) {
        throw .connectionFailed("no WebSocket client on this platform; supply a RelayTransportFactory")
    }

    /// Fails: never connected.
    public func send(_ text: String) async throws(RelayTransportError) {
        throw .notConnected
    }

    /// Does nothing.
    public func close() async {}
}
