import Hummingbird
import HummingbirdCore
import NIOCore

/// Answers requests that need no waiting right on the event loop, before Hummingbird hands
/// them to Swift concurrency: the AASA file, fixed pages, cached share pages and refusals.
///
/// It sits in Hummingbird's HTTP/1 pipeline as an additional channel handler, after HTTP
/// decoding. A request it can answer from a prepared response is written at once and its body
/// discarded; any other request (a share page still to render, `Connection: close`) passes on
/// to ``LinkDomainResponder/answer(_:)`` through Hummingbird. Responses stay in request order:
/// while a passed-on request awaits its response, later requests pass on too.
final class FastPathHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTP1Channel.Value.InboundPart
    typealias InboundOut = HTTP1Channel.Value.InboundPart
    typealias OutboundIn = HTTP1Channel.Value.OutboundPart
    typealias OutboundOut = HTTP1Channel.Value.OutboundPart

    private let responder: LinkDomainResponder
    /// Requests passed on whose response has not been written completely yet.
    private var passedOn = 0
    /// Whether the rest of a request answered here (its body and end) is being discarded.
    private var discardingRequest = false

    init(responder: LinkDomainResponder) {
        self.responder = responder
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            if passedOn == 0, !Self.asksToClose(head), let (responseHead, body) = responder.immediateAnswer(head) {
                discardingRequest = true
                context.write(wrapOutboundOut(.head(responseHead)), promise: nil)
                if let body { context.write(wrapOutboundOut(.body(body)), promise: nil) }
                context.write(wrapOutboundOut(.end(nil)), promise: nil)
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
        context.flush()
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

    private static func asksToClose(_ head: HTTPRequest) -> Bool {
        guard let connection = head.headerFields[.connection] else { return false }
        return connection.utf8.count <= 64 && connection.lowercased().contains("close")
    }
}

extension NIOAsyncChannel {
    /// The request parts Hummingbird's HTTP/1 pipeline carries (`HTTPRequestPart`).
    typealias InboundPart = Inbound
    /// The response parts it carries (`HTTPResponsePart`).
    typealias OutboundPart = Outbound
}
