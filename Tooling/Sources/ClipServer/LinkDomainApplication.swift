import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// The Hummingbird application behind ``ClipServer``.
///
/// Hummingbird's `Application` gives every request a logger with a request ID, a request
/// context and a freshly dated copy of the response headers. A link domain answers from
/// prepared responses, so this application hands requests straight from Hummingbird's HTTP/1
/// server to ``LinkDomainResponder`` and writes the prepared head and shared body as they are.
/// It runs inside a service group like any application, so graceful shutdown (SIGINT, SIGTERM or
/// a ``ServerShutdown`` request) works the same way.
struct LinkDomainApplication: ApplicationProtocol {
    typealias Responder = LinkDomainResponder

    let responder: LinkDomainResponder
    let server: HTTPServerBuilder
    let configuration: ApplicationConfiguration
    let logger: Logger
    let serverConfiguration: ServerConfiguration
    let whenRunning: @Sendable (any Channel) async -> Void

    func onServerRunning(_ channel: any Channel) async {
        await whenRunning(channel)
    }

    /// Serves until the service group shuts down or the task is cancelled.
    func run() async throws {
        let responder = self.responder
        let service = try server.buildServer(
            configuration: serverConfiguration, eventLoopGroup: eventLoopGroup, logger: logger,
            responder: { request, writer, channel in
                let (head, body) = await responder.answer(request.head, peer: channel.remoteAddress)
                if let body {
                    try await writer.write(response: head, body: ResponseBody(byteBuffer: body))
                } else {
                    try await writer.write(response: head, body: ResponseBody())
                }
            },
            onServerRunning: whenRunning
        )
        try await service.run()
    }
}
