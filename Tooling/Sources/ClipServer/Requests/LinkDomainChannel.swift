import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Hummingbird's HTTP/1 child channel with ClipKit's event-loop fast path added.
///
/// It sets up the channel exactly as `HTTP1Channel` does, then inserts a ``FastPathHandler``
/// right after the HTTP request decoder, where requests are still NIOHTTP1 parts; the fast path
/// also counts the connection in the server's ``ConnectionGate`` and holds its timeouts.
/// Everything the fast path passes on is handled by `HTTP1Channel` unchanged.
struct LinkDomainChannel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let http1: HTTP1Channel
    let responder: LinkDomainResponder
    let gate: ConnectionGate
    let timeouts: FastPathHandler.Timeouts

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let responder = self.responder
        let gate = self.gate
        let timeouts = self.timeouts
        return http1.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let operations = channel.pipeline.syncOperations
            let decoder = try operations.context(handlerType: ByteToMessageHandler<HTTPRequestDecoder>.self)
            let encoder = try operations.context(handlerType: HTTPResponseEncoder.self)
            try operations.addHandler(
                FastPathHandler(responder: responder, encoderContext: encoder, gate: gate, timeouts: timeouts),
                position: .after(decoder.handler)
            )
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await http1.handle(value: value, logger: logger)
    }
}
