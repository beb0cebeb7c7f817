/// One WebSocket connection to a relay: the platform seam under ``ProfileFetcher``.
///
/// ClipNostr ships `URLSessionRelayTransport` (on Apple platforms); the `ClipNostrWebSocket`
/// library adds `WebSocketClientTransport` (swift-websocket on NIO, for Linux, macOS and
/// tooling). Either way the contract is the same:
///
/// - ``connect()`` returns once the WebSocket handshake is done, and returns promptly — throwing
///   ``RelayTransportError/cancelled`` — when the calling task is cancelled, even if the peer never answers.
/// - ``receivedFrames`` yields each text frame in order and ends when the connection closes;
///   it throws ``RelayTransportError`` when the connection fails, including a frame larger than
///   ``maximumFrameBytes``. The stream applies back-pressure: frames are read from the network only
///   as fast as they are consumed.
/// - ``close()`` may be called at any time, more than once; it ends ``receivedFrames``.
public protocol RelayTransport: Sendable {
    /// The relay this transport connects to.
    var relay: RelayURL { get }
    /// The largest text frame accepted, in bytes; a larger one fails the connection.
    var maximumFrameBytes: Int { get }
    /// The text frames the relay sends, in order.
    var receivedFrames: RelayFrameStream { get }

    /// Opens the connection and completes the WebSocket handshake.
    func connect() async throws
    /// Sends one text frame.
    func send(_ text: String) async throws
    /// Closes the connection (politely when it is open) and ends ``receivedFrames``.
    func close() async
}

/// Makes a transport for each relay a fetch connects to.
public protocol RelayTransportFactory: Sendable {
    /// A new, unconnected transport to `relay` that refuses frames over `maximumFrameBytes`.
    func makeTransport(to relay: RelayURL, maximumFrameBytes: Int) -> any RelayTransport
}
