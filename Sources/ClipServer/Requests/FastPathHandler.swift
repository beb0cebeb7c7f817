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

    init(responder: LinkDomainResponder, encoderContext: ChannelHandlerContext) {
        self.responder = responder
        self.encoderContext = encoderContext
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            if passedOn == 0, head.isKeepAlive, let bytes = responder.immediateAnswer(head) {
                discardingRequest = true
                // Nothing of Hummingbird's is in flight (passedOn == 0), so the encoder is between responses.
                encoderContext.write(NIOAny(bytes), promise: nil)
                needsFlush = true
            } else {
                passedOn += 1
                context.fireChannelRead(data)
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
        if case .end = unwrapOutboundIn(data), passedOn > 0 { passedOn -= 1 }
        context.write(data, promise: promise)
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
