import Hummingbird
import NIOCore
import NIOHTTP1

/// Answers requests that need no waiting right on the event loop, before Hummingbird converts
/// them and hands them to Swift concurrency: the AASA file, fixed pages, cached share pages and
/// refusals.
///
/// ``LinkDomainChannel`` puts it in Hummingbird's HTTP/1 pipeline right after the HTTP decoder.
/// A request it can answer from a prepared response gets that response's wire bytes (status
/// line, headers and body, encoded once a second and shared), written past the response encoder
/// through the encoder's own context, and its body is discarded; any other request (a
/// share page still to render, a connection that is not keep-alive) passes on to Hummingbird
/// and ``LinkDomainResponder/answer(_:)``. Responses stay in request order: while a passed-on
/// request awaits its response, later requests pass on too.
///
/// A connection ends right after the response that ends it is written, never left half-open:
/// after an HTTP/1.0 request without keep-alive (or one that says `Connection: close`), after a
/// refusal for a malformed `Host` or oversized headers, and after Hummingbird's 400 for a request
/// the parser rejects. Requests that arrive after it are discarded.
///
/// Every connection also ends when it waits too long, whatever it waits for (``Timeouts``): a
/// request head must be complete within the header timeout of the connection's start or of the
/// first byte of a later request, a body (discarded, or passed on) within the body timeout of its
/// head, and a connection with nothing in progress closes after the idle timeout. One timer per
/// connection checks the deadline; a request moves the deadline without rescheduling it.
///
/// Each connection takes a place from the server's ``ConnectionGate`` when it opens and gives it
/// back when it closes. A connection in the reserve (past a cap) answers its one request with
/// ``LinkDomainResponder/reserveAnswer(_:peer:)`` and ends; one past the reserve closes at once.
final class FastPathHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let responder: LinkDomainResponder
    /// The response encoder's context: writing through it sends bytes on without encoding them.
    private let encoderContext: ChannelHandlerContext
    /// Requests passed on whose response has not been written completely yet.
    private var passedOn = 0
    /// Whether the rest of a request answered here (its body and end) is being discarded.
    private var discardingRequest = false
    /// Whether anything was written since the last flush.
    private var needsFlush = false
    /// Whether the connection ends after the responses already due: every later request is discarded.
    private var closing = false
    /// Whether the last request passed on ends the connection (HTTP/1.0 without keep-alive,
    /// `Connection: close`): its response says so, and the connection closes once it is written.
    private var lastPassedOnCloses = false
    /// Whether the response being written says `Connection: close` (a refusal, or Hummingbird's 400
    /// for a request the parser rejects): the connection closes once its end is written.
    private var responseCloses = false
    /// A refusal that ends the connection, waiting for the responses passed on before it.
    private var pendingRefusal: ByteBuffer?

    /// How long each wait of a connection may last.
    struct Timeouts: Sendable {
        /// For a request head: from the connection's start, or from the first byte of a later request.
        let header: TimeAmount
        /// For the rest of a request, from its head.
        let body: TimeAmount
        /// For the next request when nothing is in progress, or for the client to take a response.
        let idle: TimeAmount
    }

    /// What the connection waits for, which decides its deadline.
    private enum Phase {
        /// A request head: the first one, or a later one whose first bytes have come.
        case head
        /// The rest of a request (its body and end).
        case body
        /// The next request, with no response in the works.
        case idle
        /// A response Hummingbird is still producing: no deadline while the client takes the bytes.
        case busy
    }

    /// The longest a connection in the reserve waits for its request head.
    static let reserveHeaderTimeout = TimeAmount.seconds(5)

    private let gate: ConnectionGate
    private let timeouts: Timeouts
    /// The connection's place in the gate's count, given back when it closes.
    private var ticket: ConnectionGate.Ticket?
    /// Whether the connection is in the reserve: its one request gets the health answer or a 503.
    private var inReserve = false
    private var phase = Phase.head
    /// When the connection closes unless it moves on; `distantFuture` while busy and writable.
    private var deadline = NIODeadline.distantFuture
    private var timer: Scheduled<Void>?
    /// When ``timer`` fires.
    private var timerDeadline = NIODeadline.distantFuture
    /// Whether a request's head has come and its end not yet.
    private var requestInProgress = false
    /// Whether the bytes read since the last read completed gave any part of a request.
    private var readRequestPart = false
    /// Whether a read waits for the channel to become writable again (the client takes no bytes).
    private var readPending = false

    init(responder: LinkDomainResponder, encoderContext: ChannelHandlerContext, gate: ConnectionGate, timeouts: Timeouts) {
        self.responder = responder
        self.encoderContext = encoderContext
        self.gate = gate
        self.timeouts = timeouts
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { open(context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        context.fireChannelActive()
        open(context: context)
    }

    /// Takes the connection's place in the gate and starts its first wait, for a request head.
    private func open(context: ChannelHandlerContext) {
        guard ticket == nil else { return }
        let ticket = gate.admit(peer: context.channel.remoteAddress)
        self.ticket = ticket
        var headerTimeout = timeouts.header
        switch ticket.admission {
        case .served:
            break
        case .reserve:
            inReserve = true
            // A reserve place is for one prompt request (a health check sends it at once): it is
            // not held for the whole header timeout by a client that sends nothing.
            headerTimeout = min(headerTimeout, Self.reserveHeaderTimeout)
        case .refused:
            responder.logger.debug("connection refused: every connection place is taken, the reserve too")
            closing = true
            context.close(promise: nil)
            return
        }
        phase = .head
        setDeadline(.now() + headerTimeout, context: context)
    }

    func channelInactive(context: ChannelHandlerContext) {
        finish()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        finish()
    }

    /// Stops the timer and gives the connection's place back.
    private func finish() {
        timer?.cancel()
        timer = nil
        timerDeadline = .distantFuture
        if let ticket {
            self.ticket = nil
            gate.release(ticket)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        readRequestPart = true
        switch unwrapInboundIn(data) {
        case .head(var head):
            requestInProgress = true
            if closing {
                // The connection ends after the responses already due; nothing later is answered.
                discardingRequest = true
                return
            }
            if inReserve {
                // Past a cap: this one request is answered (health, or 503) and the connection ends.
                discardingRequest = true
                closing = true
                writeThenClose(responder.reserveAnswer(head, peer: context.channel.remoteAddress), context: context)
                return
            }
            switch responder.fastAnswer(head, mayAnswer: passedOn == 0 && head.isKeepAlive, peer: context.channel.remoteAddress) {
            case .respond(let bytes):
                discardingRequest = true
                // Nothing of Hummingbird's is in flight (passedOn == 0), so the encoder is between responses.
                encoderContext.write(NIOAny(bytes), promise: nil)
                needsFlush = true
            case .refuseAndClose(let bytes):
                discardingRequest = true
                closing = true
                if passedOn == 0 {
                    writeThenClose(bytes, context: context)
                } else {
                    // Written, and the connection closed, once the responses before it are written.
                    pendingRefusal = bytes
                }
            case .passOn:
                if !head.isKeepAlive {
                    // Hummingbird ends the connection on `Connection: close`; HTTP/1.0 says it by leaving keep-alive out.
                    head.headers.replaceOrAdd(name: "connection", value: "close")
                    closing = true
                    lastPassedOnCloses = true
                }
                passedOn += 1
                context.fireChannelRead(wrapInboundOut(.head(head)))
            }
        case .body:
            if !discardingRequest { context.fireChannelRead(data) }
        case .end:
            requestInProgress = false
            if discardingRequest {
                discardingRequest = false
            } else {
                context.fireChannelRead(data)
            }
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if needsFlush {
            needsFlush = false
            context.flush()
        }
        advancePhaseAfterRead(context: context)
        context.fireChannelReadComplete()
    }

    /// Moves the deadline on after bytes were read: once per read, never per request.
    private func advancePhaseAfterRead(context: ChannelHandlerContext) {
        defer { readRequestPart = false }
        if requestInProgress {
            // The body's deadline counts from its head, and no byte of it moves the deadline on.
            if phase != .body {
                phase = .body
                setDeadline(.now() + timeouts.body, context: context)
            }
        } else if !readRequestPart {
            // Bytes that make no part of a request yet: a head has begun; trickling bytes do not move its deadline.
            if phase == .idle || phase == .busy {
                phase = .head
                setDeadline(.now() + timeouts.header, context: context)
            }
        } else if passedOn > 0 {
            phase = .busy
            setDeadline(context.channel.isWritable ? .distantFuture : .now() + timeouts.idle, context: context)
        } else {
            phase = .idle
            setDeadline(.now() + timeouts.idle, context: context)
        }
    }

    /// Sets when the connection closes, and brings the timer forward when it would fire later.
    private func setDeadline(_ newDeadline: NIODeadline, context: ChannelHandlerContext) {
        deadline = newDeadline
        if newDeadline < timerDeadline { scheduleTimer(at: newDeadline, context: context) }
    }

    private func scheduleTimer(at when: NIODeadline, context: ChannelHandlerContext) {
        timer?.cancel()
        timerDeadline = when
        timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: when) { [self] in
            timerFired(context: context)
        }
    }

    /// Closes the connection when its deadline has passed; otherwise sets the timer for the
    /// deadline (or, while busy, checks again after the idle timeout).
    private func timerFired(context: ChannelHandlerContext) {
        timer = nil
        timerDeadline = .distantFuture
        guard context.channel.isActive else { return }
        let now = NIODeadline.now()
        if deadline <= now {
            responder.logger.debug("connection timed out", metadata: ["waiting_for": .string("\(phase)")])
            closing = true
            context.close(promise: nil)
            return
        }
        scheduleTimer(at: deadline == .distantFuture ? now + timeouts.idle : deadline, context: context)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            if phase == .busy { deadline = .distantFuture }
            if readPending {
                readPending = false
                context.read()
            }
        } else if phase == .busy {
            // The client takes no bytes of the response in the works: it gets the idle timeout to start again.
            setDeadline(.now() + timeouts.idle, context: context)
        }
        context.fireChannelWritabilityChanged()
    }

    /// Reads no more requests while the client takes no responses, so that unread responses do
    /// not pile up; the deadline of the current wait still runs.
    func read(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            context.read()
        } else {
            readPending = true
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head):
            if lastPassedOnCloses, passedOn == 1 {
                head.headers.replaceOrAdd(name: "connection", value: "close")
                responseCloses = true
                context.write(wrapOutboundOut(.head(head)), promise: promise)
                return
            }
            if head.headers[canonicalForm: "connection"].contains(where: { $0.lowercased() == "close" }) {
                responseCloses = true
            }
            context.write(data, promise: promise)
        case .body:
            context.write(data, promise: promise)
        case .end:
            if passedOn > 0 { passedOn -= 1 }
            if passedOn == 0, phase == .busy {
                phase = .idle
                setDeadline(.now() + timeouts.idle, context: context)
            }
            if responseCloses || (passedOn == 0 && pendingRefusal != nil) {
                responseCloses = false
                closing = true
                let written = promise ?? context.eventLoop.makePromise(of: Void.self)
                context.write(data, promise: written)
                if passedOn == 0, let refusal = pendingRefusal {
                    pendingRefusal = nil
                    writeThenClose(refusal, context: context)
                } else {
                    context.flush()
                    let channel = context.channel
                    written.futureResult.whenComplete { _ in channel.close(promise: nil) }
                }
                return
            }
            context.write(data, promise: promise)
        }
    }

    /// Writes `bytes` past the encoder, flushes, and closes the connection once they are written.
    private func writeThenClose(_ bytes: ByteBuffer, context: ChannelHandlerContext) {
        let written = context.eventLoop.makePromise(of: Void.self)
        encoderContext.writeAndFlush(NIOAny(bytes), promise: written)
        let channel = context.channel
        written.futureResult.whenComplete { _ in channel.close(promise: nil) }
    }
}
