#if canImport(NIOPosix)
@_spi(ClipKitTooling) import ClipNostr
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import NIOWebSocket

/// A relay connection on SwiftNIO (Linux and macOS): TCP, TLS with NIOSSL, the WebSocket upgrade
/// and frames with NIOWebSocket.
///
/// Relay URLs may name the host by name, by IPv4 address (`wss://127.0.0.1:7447`) or by IPv6
/// address in brackets (`wss://[::1]:7447`). For a name, the TLS handshake sends it as the server
/// name (SNI) and the certificate must name it; for an address, no server name is sent (RFC 6066
/// allows only names there) and the certificate must carry the address as an IP subject
/// alternative name.
///
/// Certificates are checked against ``RelayTrust``: the system's store, plus the authorities that
/// `SSL_CERT_FILE` and `SSL_CERT_DIR` name.
///
/// Frames larger than ``maximumFrameBytes`` (alone or reassembled from fragments) close the
/// connection with ``/ClipNostr/RelayTransportError/frameTooLarge(limit:)``; text must be valid UTF-8; pings
/// are answered. Every failure is a typed ``/ClipNostr/RelayTransportError``.
public final class WebSocketClientTransport: RelayTransport, @unchecked Sendable {
    /// The relay this transport connects to.
    public let relay: RelayURL
    /// The largest text frame accepted, in bytes.
    public let maximumFrameBytes: Int
    /// The text frames the relay sends, in order.
    public let receivedFrames = RelayFrameStream()

    /// How long the TCP connection may take.
    static let connectTimeout = TimeAmount.seconds(10)
    /// The most fragments one message may arrive in.
    static let maximumFragments = 4096

    /// Where the transport may connect: `nil` for a relay the operator named (any address),
    /// ``OutboundPolicy/publicOnly`` for one someone else named.
    let outboundPolicy: OutboundPolicy?
    private let tls: TLSContextSource
    private let lock = NSLock()
    private var connection: Task<Void, Never>?
    private var channel: (any Channel)?
    private var outbound: NIOAsyncChannelOutboundWriter<WebSocketFrame>?
    private var opening: CheckedContinuation<Void, any Error>?
    private var closed = false

    /// Creates an unconnected transport that trusts the system's store and the `SSL_CERT_FILE` /
    /// `SSL_CERT_DIR` authorities.
    public convenience init(relay: RelayURL, maximumFrameBytes: Int) {
        self.init(relay: relay, maximumFrameBytes: maximumFrameBytes, tls: TLSContextSource(trust: nil))
    }

    /// Creates an unconnected transport that checks certificates against `trust`.
    public convenience init(relay: RelayURL, maximumFrameBytes: Int, trust: RelayTrust) {
        self.init(relay: relay, maximumFrameBytes: maximumFrameBytes, tls: TLSContextSource(trust: trust))
    }

    init(relay: RelayURL, maximumFrameBytes: Int, tls: TLSContextSource, outbound: OutboundPolicy? = nil) {
        self.relay = relay
        self.maximumFrameBytes = maximumFrameBytes
        self.tls = tls
        outboundPolicy = outbound
    }

    deinit {
        connection?.cancel()
        channel?.close(promise: nil)
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
            throw ConnectionErrorMapping.map(error, endpoint: nil, limit: maximumFrameBytes)
        }
    }

    /// Sends one text frame.
    public func send(_ text: String) async throws(RelayTransportError) {
        guard let writer = lock.withLock({ closed ? nil : outbound }) else { throw .notConnected }
        do {
            try await writer.write(Self.frame(.text, ByteBuffer(string: text)))
        } catch {
            throw .disconnected("the frame could not be sent: \(ConnectionErrorMapping.map(error, endpoint: nil, limit: maximumFrameBytes).description)")
        }
    }

    /// Closes the connection (with a WebSocket close when it is open) and ends ``receivedFrames``.
    public func close() async {
        let (task, channel, isOpen): (Task<Void, Never>?, (any Channel)?, Bool) = lock.withLock {
            let wasClosed = closed
            closed = true
            return (connection, wasClosed ? nil : self.channel, outbound != nil)
        }
        finishOpening(.failed(.notConnected))
        receivedFrames.finish()
        if let channel {
            if isOpen {
                // Normal closure (1000), then the TCP connection once the frame is out.
                var payload = channel.allocator.buffer(capacity: 2)
                payload.write(webSocketErrorCode: .normalClosure)
                channel.writeAndFlush(Self.frame(.connectionClose, payload)).whenComplete { _ in
                    channel.close(promise: nil)
                }
            } else {
                channel.close(promise: nil)
            }
        }
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

    /// What the upgrade ends in.
    private enum Upgrade: Sendable {
        case webSocket(NIOAsyncChannel<WebSocketFrame, WebSocketFrame>)
        case refused
    }

    private func run() async {
        let frames = receivedFrames
        let limit = maximumFrameBytes
        var endpoint: RelayEndpoint?
        do {
            let target = try RelayEndpoint(relay)
            endpoint = target
            let context = target.isSecure ? try tls.context() : nil
            let bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton).connectTimeout(Self.connectTimeout)
            // The initializer's future completes at once; the upgrade's own future is awaited
            // below, once the connection is up.
            let initializer: @Sendable (any Channel) -> EventLoopFuture<EventLoopFuture<Upgrade>> = { channel in
                channel.eventLoop.makeCompletedFuture { try self.prepare(channel, for: target, context: context, limit: limit) }
            }
            let upgrade: EventLoopFuture<Upgrade>
            if let policy = outboundPolicy, !policy.allowsPrivateAddresses {
                upgrade = try await connectChecked(bootstrap, to: target, policy: policy, initializer: initializer)
            } else {
                upgrade = try await bootstrap.connect(host: target.host, port: target.port, channelInitializer: initializer)
            }
            guard case .webSocket(let webSocket) = try await upgrade.get() else {
                throw RelayTransportError.upgradeRefused("it answered with plain HTTP")
            }
            try await webSocket.executeThenClose { inbound, outbound in
                let proceed: Bool = self.lock.withLock {
                    if self.closed { return false }
                    self.outbound = outbound
                    return true
                }
                guard proceed else { return }
                self.finishOpening(.opened)
                try await self.read(inbound, replyingWith: outbound, into: frames)
            }
            finishOpening(.failed(.notConnected))
            frames.finish()
        } catch {
            let closedHere = lock.withLock { closed }
            let mapped = closedHere ? RelayTransportError.notConnected : ConnectionErrorMapping.map(error, endpoint: endpoint, limit: limit)
            finishOpening(.failed(mapped))
            frames.finish(throwing: mapped)
        }
        let channel: (any Channel)? = lock.withLock {
            outbound = nil
            return self.channel
        }
        channel?.close(promise: nil)
    }

    /// Connects to the addresses `policy` checked for `target`, one after the other until one
    /// answers: never by name, so the address connected to is the address checked.
    private func connectChecked(
        _ bootstrap: ClientBootstrap, to target: RelayEndpoint, policy: OutboundPolicy,
        initializer: @escaping @Sendable (any Channel) -> EventLoopFuture<EventLoopFuture<Upgrade>>
    ) async throws -> EventLoopFuture<Upgrade> {
        let addresses: [SocketAddress]
        do {
            addresses = try await policy.checkedAddresses(host: target.host, port: target.port)
        } catch {
            if case .unresolvable = error { throw RelayTransportError.hostNotFound(target.host) }
            throw RelayTransportError.connectionFailed(error.description)
        }
        // RelayURL allows ws:// only on loopback, which the check above refuses; this keeps a
        // plain-text connection out even if that rule changes.
        guard target.isSecure else { throw RelayTransportError.connectionFailed(OutboundRefusal.plainText(url: relay.string).description) }
        var lastError: any Error = RelayTransportError.hostNotFound(target.host)
        for address in addresses {
            try Task.checkCancellation()
            do {
                return try await bootstrap.connect(to: address, channelInitializer: initializer)
            } catch {
                lastError = error
            }
        }
        throw lastError
    }

    /// Sets up a new channel: TLS (when `context` is given), then HTTP/1.1 with the WebSocket
    /// upgrade; after the upgrade, frames are reassembled up to `limit` bytes.
    private func prepare(
        _ channel: any Channel, for endpoint: RelayEndpoint, context: NIOSSLContext?, limit: Int
    ) throws -> EventLoopFuture<Upgrade> {
        let keep: Bool = lock.withLock {
            if closed { return false }
            self.channel = channel
            return true
        }
        guard keep else { throw RelayTransportError.notConnected }
        if let context {
            let handler = try NIOSSLClientHandler(context: context, serverHostname: endpoint.serverName)
            try channel.pipeline.syncOperations.addHandler(handler)
        }
        let upgrader = NIOTypedWebSocketClientUpgrader<Upgrade>(
            maxFrameSize: limit,
            upgradePipelineHandler: { channel, _ in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(NIOWebSocketFrameAggregator(
                        minNonFinalFragmentSize: 0, maxAccumulatedFrameCount: Self.maximumFragments, maxAccumulatedFrameSize: limit
                    ))
                    return Upgrade.webSocket(try NIOAsyncChannel(wrappingChannelSynchronously: channel))
                }
            }
        )
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: endpoint.hostHeader)
        let request = HTTPRequestHead(version: .http1_1, method: .GET, uri: endpoint.requestTarget, headers: headers)
        let upgrade = NIOTypedHTTPClientUpgradeConfiguration<Upgrade>(
            upgradeRequestHead: request,
            upgraders: [upgrader],
            notUpgradingCompletionHandler: { channel in channel.eventLoop.makeSucceededFuture(.refused) }
        )
        var configuration = NIOUpgradableHTTPClientPipelineConfiguration(upgradeConfiguration: upgrade)
        configuration.leftOverBytesStrategy = .forwardBytes
        return try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(configuration: configuration)
    }

    /// Reads frames until the connection ends: text goes to `frames`, pings are answered, a close
    /// from the relay is answered and reported.
    private func read(
        _ inbound: NIOAsyncChannelInboundStream<WebSocketFrame>,
        replyingWith outbound: NIOAsyncChannelOutboundWriter<WebSocketFrame>,
        into frames: RelayFrameStream
    ) async throws {
        for try await frame in inbound {
            switch frame.opcode {
            case .text:
                guard let text = String(bytes: frame.unmaskedData.readableBytesView, encoding: .utf8) else {
                    throw RelayTransportError.protocolViolation("a text frame that is not valid UTF-8")
                }
                guard await frames.deliver(text) else { return }
            case .binary:
                throw RelayTransportError.protocolViolation("a binary frame; relays send text")
            case .ping:
                try await outbound.write(Self.frame(.pong, frame.unmaskedData))
            case .pong:
                continue
            case .connectionClose:
                if lock.withLock({ closed }) { return }
                var payload = frame.unmaskedData
                let code = payload.readInteger(as: UInt16.self)
                let reason = payload.readString(length: payload.readableBytes).flatMap { $0.isEmpty ? nil : String($0.prefix(200)) }
                var answer = ByteBuffer()
                answer.write(webSocketErrorCode: code.map { WebSocketErrorCode(codeNumber: Int($0)) } ?? .normalClosure)
                try? await outbound.write(Self.frame(.connectionClose, answer))
                throw RelayTransportError.closedByRelay(code: code, reason: reason)
            default:
                throw RelayTransportError.protocolViolation("a frame with an unknown opcode")
            }
        }
        if !lock.withLock({ closed }) {
            throw RelayTransportError.disconnected("the relay dropped the connection without a WebSocket close")
        }
    }

    /// A client frame: final, masked as RFC 6455 requires of clients.
    private static func frame(_ opcode: WebSocketOpcode, _ data: ByteBuffer) -> WebSocketFrame {
        WebSocketFrame(fin: true, opcode: opcode, maskKey: .random(), data: data)
    }
}

/// Makes ``WebSocketClientTransport``s that share one TLS context.
public struct WebSocketClientTransportFactory: RelayTransportFactory {
    private let tls: TLSContextSource
    private var outbound: OutboundPolicy?

    /// Creates the factory; certificates are checked against the system's store and the
    /// authorities that `SSL_CERT_FILE` and `SSL_CERT_DIR` name (read on the first `wss://`
    /// connection; a variable that names nothing usable fails each such connection with
    /// ``/ClipNostr/RelayTLSError/trustStoreUnreadable(variable:path:reason:)``).
    public init() {
        tls = TLSContextSource(trust: nil)
    }

    /// Creates the factory with certificates checked against `trust`.
    public init(trust: RelayTrust) {
        tls = TLSContextSource(trust: trust)
    }

    /// Creates a factory for relays someone else named (a relay list, a link's hints), whose
    /// connections go only where `outbound` allows: with ``OutboundPolicy/publicOnly``, `wss://`
    /// to public unicast addresses, connected by the address that was checked.
    package init(outbound: OutboundPolicy, trust: RelayTrust? = nil) {
        tls = TLSContextSource(trust: trust)
        self.outbound = outbound
    }

    /// A new transport to `relay`.
    public func makeTransport(to relay: RelayURL, maximumFrameBytes: Int) -> any RelayTransport {
        WebSocketClientTransport(relay: relay, maximumFrameBytes: maximumFrameBytes, tls: tls, outbound: outbound)
    }
}

/// Makes the TLS context once, on first use, and hands it to every connection; with no trust
/// given, reads it from the environment then.
final class TLSContextSource: @unchecked Sendable {
    private let trust: RelayTrust?
    private let lock = NSLock()
    private var made: Result<NIOSSLContext, RelayTLSError>?

    init(trust: RelayTrust?) {
        self.trust = trust
    }

    /// The shared context, or the reason it cannot be made.
    func context() throws(RelayTLSError) -> NIOSSLContext {
        let result: Result<NIOSSLContext, RelayTLSError> = lock.withLock {
            if let made { return made }
            let result: Result<NIOSSLContext, RelayTLSError>
            do {
                let trust = try self.trust ?? RelayTrust.fromEnvironment()
                result = .success(try NIOSSLContext(configuration: trust.configuration))
            } catch let error as RelayTLSError {
                result = .failure(error)
            } catch {
                result = .failure(.handshakeFailed("the TLS settings could not be made: the system's trust store cannot be read"))
            }
            made = result
            return result
        }
        return try result.get()
    }
}
#endif
