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

    init(responder: LinkDomainResponder, encoderContext: ChannelHandlerContext) {
        self.responder = responder
        self.encoderContext = encoderContext
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(var head):
            if closing {
                // The connection ends after the responses already due; nothing later is answered.
                discardingRequest = true
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
        context.fireChannelReadComplete()
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

    /// Idle connections close here: Hummingbird's own idle timer never sees the requests this
    /// handler answers, so it is off and `IdleStateHandler` reports idleness instead.
    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is IdleStateHandler.IdleStateEvent {
            if passedOn == 0, !discardingRequest { context.close(promise: nil) }
            return
        }
        context.fireUserInboundEventTriggered(event)
    }
}
