#if canImport(WSClient)
import ClipNostr
import Foundation
import Logging
import NIOCore
import NIOPosix
import WSClient

/// A relay connection on swift-websocket's `WebSocketClient` (Linux and macOS).
///
/// The client runs on NIO's shared event loop group. Frames larger than ``maximumFrameBytes``
/// (alone or reassembled from fragments) close the connection with
/// ``RelayTransportError/frameTooLarge(limit:)``; text must be valid UTF-8.
public final class WebSocketClientTransport: RelayTransport, @unchecked Sendable {
    /// The relay this transport connects to.
    public let relay: RelayURL
    /// The largest text frame accepted, in bytes.
    public let maximumFrameBytes: Int
    /// The text frames the relay sends, in order.
    public let receivedFrames = RelayFrameStream()

    private let lock = NSLock()
    private var connection: Task<Void, Never>?
    private var writer: WebSocketOutboundWriter?
    private var opening: CheckedContinuation<Void, any Error>?
    private var closed = false

    /// Creates an unconnected transport.
    public init(relay: RelayURL, maximumFrameBytes: Int) {
        self.relay = relay
        self.maximumFrameBytes = maximumFrameBytes
    }

    deinit {
        connection?.cancel()
    }

    /// Opens the connection; returns when the handshake is done or throws when it fails.
    ///
    /// Cancelling the calling task makes this throw `CancellationError` at once, even while a
    /// silent peer holds the handshake open.
    public func connect() async throws(RelayTransportError) {
        do {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                    let start: Bool = lock.withLock {
                        if closed || Task.isCancelled || connection != nil { return false }
                        opening = continuation
                        return true
                    }
                    guard start else {
                        continuation.resume(throwing: Task.isCancelled ? RelayTransportError.cancelled : RelayTransportError.notConnected)
                        return
                    }
                    let task = Task { await self.run() }
                    lock.withLock { connection = task }
                }
            } onCancel: {
                self.finishOpening(.cancelled)
                self.lock.withLock { self.connection }?.cancel()
            }
        } catch let error as RelayTransportError {
            if error == .cancelled { await close() }
            throw error
        } catch is CancellationError {
            await close()
            throw .cancelled
        } catch {
            throw .connectionFailed(String(describing: error))
        }
    }

    /// Sends one text frame.
    public func send(_ text: String) async throws(RelayTransportError) {
        guard let writer = lock.withLock({ closed ? nil : writer }) else { throw .notConnected }
        do {
            try await writer.write(.text(text))
        } catch {
            throw .disconnected(String(describing: error))
        }
    }

    /// Closes the connection and ends ``receivedFrames``.
    public func close() async {
        let task: Task<Void, Never>? = lock.withLock {
            closed = true
            return connection
        }
        finishOpening(.failed(.notConnected))
        receivedFrames.finish()
        task?.cancel()
    }

    private enum OpeningOutcome {
        case opened
        case failed(RelayTransportError)
        case cancelled
    }

    /// Resumes a waiting ``connect()`` once; later outcomes are ignored.
    private func finishOpening(_ outcome: OpeningOutcome) {
        let continuation: CheckedContinuation<Void, any Error>? = lock.withLock {
            let continuation = opening
            opening = nil
            return continuation
        }
        switch outcome {
        case .opened: continuation?.resume()
        case .failed(let error): continuation?.resume(throwing: error)
        case .cancelled: continuation?.resume(throwing: RelayTransportError.cancelled)
        }
    }

    private func run() async {
        var configuration = WebSocketClientConfiguration(
            maxFrameSize: maximumFrameBytes,
            closeTimeout: .seconds(2),
            validateUTF8: true
        )
        configuration.extensions = []
        var logger = Logger(label: "ClipNostr.relay")
        logger.logLevel = .critical
        let limit = maximumFrameBytes
        let frames = receivedFrames
        do {
            try await WebSocketClient.connect(
                url: relay.string, configuration: configuration,
                eventLoopGroup: MultiThreadedEventLoopGroup.singleton, logger: logger
            ) { inbound, outbound, _ in
                self.lock.withLock { self.writer = outbound }
                self.finishOpening(.opened)
                for try await message in inbound.messages(maxSize: limit) {
                    guard case .text(let text) = message else {
                        throw RelayTransportError.protocolViolation("a binary frame; relays send text")
                    }
                    guard await frames.deliver(text) else { break }
                }
            }
            finishOpening(.failed(.connectionFailed("the relay closed the connection during the handshake")))
            frames.finish()
        } catch {
            let mapped = Self.map(error, limit: limit)
            finishOpening(.failed(mapped))
            frames.finish(throwing: mapped)
        }
        lock.withLock { writer = nil }
    }

    static func map(_ error: any Error, limit: Int) -> RelayTransportError {
        if let error = error as? RelayTransportError { return error }
        if let error = error as? WebSocketClientError {
            switch error {
            case .serverSentMessageTooLarge: return .frameTooLarge(limit: limit)
            case .webSocketUpgradeFailed: return .connectionFailed("the server refused the WebSocket upgrade")
            default: return .protocolViolation(String(describing: error))
            }
        }
        if let error = error as? NIOConnectionError {
            if error.dnsAError != nil || error.dnsAAAAError != nil, error.connectionErrors.isEmpty {
                return .connectionFailed("the relay's host name could not be resolved")
            }
            if let first = error.connectionErrors.first { return .connectionFailed(describe(first.error)) }
        }
        return .connectionFailed(describe(error))
    }

    /// A short, readable reason for a socket-level error.
    static func describe(_ error: any Error) -> String {
        if let error = error as? IOError { return String(cString: strerror(error.errnoCode)).lowercased() }
        if let error = error as? ChannelError, case .connectTimeout = error { return "the connection timed out" }
        return String(describing: error)
    }
}

/// Makes ``WebSocketClientTransport``s.
public struct WebSocketClientTransportFactory: RelayTransportFactory {
    /// Creates the factory.
    public init() {}

    /// A new transport to `relay`.
    public func makeTransport(to relay: RelayURL, maximumFrameBytes: Int) -> any RelayTransport {
        WebSocketClientTransport(relay: relay, maximumFrameBytes: maximumFrameBytes)
    }
}
#endif
