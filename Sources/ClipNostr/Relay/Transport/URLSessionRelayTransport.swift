#if canImport(Darwin)
import Foundation

/// A relay connection on `URLSessionWebSocketTask`, for Apple platforms (the transport an iOS
/// clip uses). Thin glue: every decision lives in ``ProfileFetcher``.
@_spi(ClipKitTooling)
public final class URLSessionRelayTransport: RelayTransport, @unchecked Sendable {
    /// The relay this transport connects to.
    public let relay: RelayURL
    /// The largest text frame accepted, in bytes.
    public let maximumFrameBytes: Int
    /// The text frames the relay sends, in order.
    public let receivedFrames = RelayFrameStream()

    private let session: URLSession
    private let lock = NSLock()
    private var task: URLSessionWebSocketTask?
    private var reader: Task<Void, Never>?

    /// Creates an unconnected transport using `session`.
    public init(relay: RelayURL, maximumFrameBytes: Int, session: URLSession = .shared) {
        self.relay = relay
        self.maximumFrameBytes = maximumFrameBytes
        self.session = session
    }

    /// Opens the connection; a ping round trip confirms the handshake.
    public func connect() async throws(RelayTransportError) {
        guard let url = relay.url else { throw .connectionFailed("not a URL") }
        let socket = session.webSocketTask(with: url)
        socket.maximumMessageSize = maximumFrameBytes
        lock.withLock { task = socket }
        socket.resume()
        do {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                    socket.sendPing { error in
                        if let error { continuation.resume(throwing: error) } else { continuation.resume() }
                    }
                }
            } onCancel: {
                socket.cancel(with: .goingAway, reason: nil)
            }
        } catch {
            await close()
            throw .connectionFailed(error.localizedDescription)
        }
        let frames = receivedFrames
        let limit = maximumFrameBytes
        let loop = Task {
            while !Task.isCancelled {
                do {
                    switch try await socket.receive() {
                    case .string(let text):
                        guard await frames.deliver(text) else { return }
                    case .data:
                        frames.finish(throwing: RelayTransportError.protocolViolation("a binary frame; relays send text"))
                        return
                    @unknown default:
                        return
                    }
                } catch {
                    // URLSession closes with "message too big" when a frame exceeds maximumMessageSize.
                    frames.finish(throwing: socket.closeCode == .messageTooBig
                        ? RelayTransportError.frameTooLarge(limit: limit)
                        : RelayTransportError.disconnected(error.localizedDescription))
                    return
                }
            }
        }
        lock.withLock { reader = loop }
    }

    /// Sends one text frame.
    public func send(_ text: String) async throws(RelayTransportError) {
        guard let socket = lock.withLock({ task }) else { throw .notConnected }
        do {
            try await socket.send(.string(text))
        } catch {
            throw .disconnected(error.localizedDescription)
        }
    }

    /// Closes the connection and ends ``receivedFrames``.
    public func close() async {
        let (socket, loop) = lock.withLock { (task, reader) }
        socket?.cancel(with: .normalClosure, reason: nil)
        loop?.cancel()
        receivedFrames.finish()
    }
}

/// Makes ``URLSessionRelayTransport``s.
@_spi(ClipKitTooling)
public struct URLSessionRelayTransportFactory: RelayTransportFactory {
    /// Creates the factory.
    public init() {}

    /// A new transport to `relay`.
    public func makeTransport(to relay: RelayURL, maximumFrameBytes: Int) -> any RelayTransport {
        URLSessionRelayTransport(relay: relay, maximumFrameBytes: maximumFrameBytes)
    }
}
#endif
