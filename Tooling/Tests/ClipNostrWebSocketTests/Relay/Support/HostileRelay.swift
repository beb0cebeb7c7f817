import ClipNostr
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// A relay that misbehaves on purpose: a small WebSocket server, written for the tests, that answers
/// a `REQ` with a scripted list of replies — forged events, garbage, floods, oversized frames — or
/// never answers at all. It plays the hostile and faulty peers that no real relay program plays.
///
/// It listens on a free loopback port (bound to port 0, so the kernel picks a port no one holds)
/// and stops when ``stop()`` is called or the value goes away.
final class HostileRelay: @unchecked Sendable {
    /// One step of the relay's answer to a `REQ`.
    enum Reply: Sendable {
        /// A text frame, sent as is.
        case text(String)
        /// `["EVENT", <the REQ's subscription id>, <event>]`.
        case event(NostrEvent)
        /// `["EOSE", <the REQ's subscription id>]`.
        case endOfStoredEvents
        /// `["CLOSED", <the REQ's subscription id>, <reason>]`: the relay refuses the subscription.
        case closedSubscription(reason: String)
        /// A text frame of this many bytes: far over any client's cap.
        case oversizedFrame(bytes: Int)
        /// Nothing for a while.
        case pause(Duration)
        /// Close the TCP connection without a WebSocket close.
        case dropConnection
        /// A WebSocket close frame with this code and reason; the connection stays open until the
        /// client answers it.
        case close(code: UInt16, reason: String)
        /// A binary frame, which relays never send.
        case binary(String)
    }

    /// How the relay treats a connection.
    enum Behavior: Sendable {
        /// Complete the WebSocket handshake, then answer each `REQ` with these replies (and
        /// otherwise stay silent, keeping the connection open).
        case answer([Reply])
        /// Accept the TCP connection and never answer the WebSocket handshake.
        case stallHandshake
    }

    /// The relay's address, `ws://127.0.0.1:<port>`.
    let url: RelayURL
    private let channel: any Channel
    private let counters = Counters()

    /// Starts a relay that behaves as `behavior` on every connection.
    ///
    /// The behavior's replies answer profile requests (`"kinds":[0]`); a request for the author's
    /// relay list (`"kinds":[10002]`) is answered with `relayListReplies`, by default a bare `EOSE`
    /// (the relay has no relay list).
    init(_ behavior: Behavior, relayListReplies: [Reply] = [.endOfStoredEvents]) async throws {
        let counters = self.counters
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(ChannelOptions.backlog, value: 64)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                counters.opened()
                channel.closeFuture.whenComplete { _ in counters.closed() }
                guard case .answer(let replies) = behavior else {
                    // Read and ignore whatever comes: the handshake is never answered.
                    return channel.eventLoop.makeSucceededVoidFuture()
                }
                let upgrader = NIOWebSocketServerUpgrader(
                    maxFrameSize: 1 << 20,
                    shouldUpgrade: { channel, _ in channel.eventLoop.makeSucceededFuture(HTTPHeaders()) },
                    upgradePipelineHandler: { channel, _ in
                        channel.eventLoop.makeCompletedFuture {
                            try channel.pipeline.syncOperations.addHandler(
                                HostileRelayHandler(replies: replies, relayListReplies: relayListReplies, counters: counters)
                            )
                        }
                    }
                )
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(
                        withServerUpgrade: (upgraders: [upgrader], completionHandler: { _ in })
                    )
                }
            }
        channel = try await bootstrap.bind(host: "127.0.0.1", port: 0).get()
        guard let port = channel.localAddress?.port else { throw HostileRelayError.noPort }
        url = try RelayURL("ws://127.0.0.1:\(port)")
    }

    deinit {
        channel.close(promise: nil)
    }

    /// Stops listening. Connections already open stay as they are until the client closes them.
    func stop() async {
        try? await channel.close()
    }

    /// How many connections were accepted.
    var connectionsOpened: Int { counters.snapshot().opened }
    /// How many of them are closed now.
    var connectionsClosed: Int { counters.snapshot().closed }
    /// Every text frame clients sent, in order.
    var receivedTexts: [String] { counters.snapshot().texts }

    /// Waits until every accepted connection is closed; false when `timeout` passes first.
    func waitUntilAllConnectionsClosed(timeout: Duration) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let state = counters.snapshot()
            if state.opened > 0, state.opened == state.closed { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return false
    }

    /// Thread-safe counts of what happened on the relay's connections.
    final class Counters: @unchecked Sendable {
        private let lock = NSLock()
        private var opened = 0
        private var closed = 0
        private var texts: [String] = []

        func opened(_: Void = ()) { lock.withLock { opened += 1 } }
        func closed(_: Void = ()) { lock.withLock { closed += 1 } }
        func received(_ text: String) { lock.withLock { texts.append(text) } }
        func snapshot() -> (opened: Int, closed: Int, texts: [String]) { lock.withLock { (opened, closed, texts) } }
    }
}

enum HostileRelayError: Error {
    case noPort
}

/// The relay's side of one WebSocket connection.
private final class HostileRelayHandler: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let replies: [HostileRelay.Reply]
    private let relayListReplies: [HostileRelay.Reply]
    private let counters: HostileRelay.Counters

    init(replies: [HostileRelay.Reply], relayListReplies: [HostileRelay.Reply], counters: HostileRelay.Counters) {
        self.replies = replies
        self.relayListReplies = relayListReplies
        self.counters = counters
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .text:
            var payload = frame.unmaskedData
            let text = payload.readString(length: payload.readableBytes) ?? ""
            counters.received(text)
            if let request = Self.request(text) {
                let script = request.kinds == [10002] ? relayListReplies : replies
                let player = ReplyPlayer(replies: script, subscription: request.subscription, channel: context.channel)
                Task { await player.play() }
            }
        case .connectionClose:
            let close = WebSocketFrame(fin: true, opcode: .connectionClose, data: context.channel.allocator.buffer(capacity: 0))
            let channel = context.channel
            context.writeAndFlush(wrapOutboundOut(close)).whenComplete { _ in channel.close(promise: nil) }
        case .ping:
            let pong = WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)
            context.writeAndFlush(wrapOutboundOut(pong), promise: nil)
        default:
            break
        }
    }

    /// The subscription id and the first filter's kinds of a `["REQ", id, filter, …]` frame.
    static func request(_ text: String) -> (subscription: String, kinds: [Int])? {
        guard let array = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any],
              array.count >= 2, array[0] as? String == "REQ", let subscription = array[1] as? String else { return nil }
        let kinds = (array.count > 2 ? array[2] as? [String: Any] : nil)?["kinds"] as? [Int] ?? []
        return (subscription, kinds)
    }
}

/// Sends a scripted answer on a channel, from outside the event loop.
private struct ReplyPlayer: Sendable {
    let replies: [HostileRelay.Reply]
    let subscription: String
    let channel: any Channel

    func play() async {
        var unflushed = 0
        for reply in replies {
            guard channel.isActive else { return }
            switch reply {
            case .text(let text):
                unflushed = write(text, unflushed: unflushed)
            case .event(let event):
                unflushed = write(#"["EVENT","\#(subscription)",\#(event.jsonText)]"#, unflushed: unflushed)
            case .endOfStoredEvents:
                unflushed = write(#"["EOSE","\#(subscription)"]"#, unflushed: unflushed)
            case .closedSubscription(let reason):
                unflushed = write(#"["CLOSED","\#(subscription)","\#(reason)"]"#, unflushed: unflushed)
            case .oversizedFrame(let bytes):
                let frame = WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(repeating: UInt8(ascii: "a"), count: bytes))
                channel.writeAndFlush(frame, promise: nil)
            case .pause(let duration):
                channel.flush()
                unflushed = 0
                try? await Task.sleep(for: duration)
            case .dropConnection:
                channel.flush()
                try? await channel.close()
                return
            case .close(let code, let reason):
                var payload = ByteBuffer()
                payload.writeInteger(code)
                payload.writeString(reason)
                channel.writeAndFlush(WebSocketFrame(fin: true, opcode: .connectionClose, data: payload), promise: nil)
                return
            case .binary(let text):
                channel.write(WebSocketFrame(fin: true, opcode: .binary, data: ByteBuffer(string: text)), promise: nil)
                unflushed += 1
            }
        }
        channel.flush()
    }

    /// Writes one text frame, flushing every 64 frames; returns the frames not yet flushed.
    private func write(_ text: String, unflushed: Int) -> Int {
        channel.write(WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(string: text)), promise: nil)
        if unflushed + 1 >= 64 {
            channel.flush()
            return 0
        }
        return unflushed + 1
    }
}
