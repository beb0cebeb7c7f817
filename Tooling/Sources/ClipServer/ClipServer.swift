import ClipAASA
import ClipSite
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServiceLifecycle

/// The link-domain HTTP server behind `clipkit serve`, on Hummingbird 2.
///
/// It serves:
/// - `/.well-known/apple-app-site-association` and `/apple-app-site-association`: the AASA
///   document as `application/json`, never redirected, with an `ETag` (`If-None-Match` → 304),
///   `Cache-Control`, and HEAD;
/// - `/` and `/index.html`: the home page with the Smart App Banner;
/// - a share page for every URL a route of the manifest matches, rendered once and cached;
/// - `/healthz`: `{"status":"ok"}`;
/// - anything else: the not-found page with status 404.
///
/// Malformed requests get a clean 4xx (see ``RequestLimits``) and the server keeps serving. Every
/// connection ends within its header, body or idle timeout, and open connections are capped with a
/// reserve for `/healthz` (see ``ConnectionLimits``).
/// Each request is logged through swift-log; SIGINT and SIGTERM, or a ``ServerShutdown`` request,
/// stop it gracefully.
///
/// ```swift
/// let server = ClipServer(site: site, configuration: .init(port: 0))
/// try await server.run { address in print("listening on \(address)") }
/// ```
package struct ClipServer: Sendable {
    /// What the server serves.
    package let site: LinkDomainSite
    /// How it listens and limits requests.
    package let configuration: ClipServerConfiguration
    /// Where it logs.
    package let logger: Logger

    /// Creates a server; nothing listens until ``run(shutdown:onListening:)``.
    package init(site: LinkDomainSite, configuration: ClipServerConfiguration = ClipServerConfiguration(), logger: Logger? = nil) {
        self.site = site
        self.configuration = configuration
        self.logger = logger ?? Logger(label: "clipkit.serve")
    }

    /// Listens and serves until `shutdown` is requested (or, when
    /// ``ClipServerConfiguration/stopsOnSignals`` is set, until SIGINT or SIGTERM), then finishes the
    /// requests in flight and returns. Cancelling the calling task stops it at once.
    ///
    /// - Parameters:
    ///   - shutdown: A request another task can make to stop the server gracefully.
    ///   - onListening: Called once with the bound address when the server accepts connections.
    /// - Throws: When the address cannot be bound.
    package func run(
        shutdown: ServerShutdown? = nil,
        onListening: @escaping @Sendable (ListeningAddress) async -> Void = { _ in }
    ) async throws {
        let responder = LinkDomainResponder(site: site, configuration: configuration, logger: logger)
        var decoder = HTTP1Channel.Configuration.DecoderConfiguration()
        decoder.maxHeaderListSize = configuration.limits.parserHeaderLimit
        decoder.maxHeaderFieldSize = configuration.limits.parserHeaderLimit
        decoder.maxHeaderFieldCount = configuration.limits.maximumHeaderCount
        let decoderLimits = decoder
        let requestedHost = configuration.host
        let configuration = self.configuration
        let timeouts = FastPathHandler.Timeouts(
            header: .seconds(Int64(configuration.headerTimeout)), body: .seconds(Int64(configuration.bodyTimeout)),
            idle: .seconds(Int64(configuration.idleTimeout))
        )
        let gate = ConnectionGate(limits: configuration.connectionLimits, trustedProxies: configuration.trustedProxies)
        let logger = self.logger
        let address = BindAddress.hostname(configuration.host, port: configuration.port)
        let application = LinkDomainApplication(
            responder: responder,
            server: HTTPServerBuilder { respond in
                LinkDomainChannel(
                    http1: HTTP1Channel(
                        responder: respond,
                        configuration: HTTP1Channel.Configuration(idleTimeout: nil, httpDecoderConfiguration: decoderLimits)
                    ),
                    responder: responder, gate: gate, timeouts: timeouts
                )
            },
            configuration: ApplicationConfiguration(address: address, serverName: nil),
            logger: logger,
            serverConfiguration: ServerConfiguration(address: address, serverName: nil),
            whenRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                let host = channel.localAddress?.ipAddress ?? requestedHost
                let address = ListeningAddress(host: host, port: port)
                logger.info("listening", metadata: ["address": .string(address.url)])
                logger.info("limits", metadata: Self.limitsMetadata(configuration))
                await onListening(address)
            }
        )
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(
            services: [application],
            gracefulShutdownSignals: configuration.stopsOnSignals ? [.sigterm, .sigint] : [],
            logger: logger
        ))
        try await withThrowingTaskGroup(of: RunningPart.self) { parts in
            parts.addTask {
                try await group.run()
                return .server
            }
            if let shutdown {
                parts.addTask {
                    await shutdown.wait()
                    if !Task.isCancelled { await group.triggerGracefulShutdown() }
                    return .shutdownRequest
                }
            }
            // The server ends the run; a shutdown request only starts the ending.
            while let finished = try await parts.next() {
                if finished == .server {
                    parts.cancelAll()
                    break
                }
            }
        }
        logger.info("stopped")
    }
}

extension ClipServer {
    /// The concurrent parts of ``run(shutdown:onListening:)``.
    private enum RunningPart: Sendable {
        case server
        case shutdownRequest
    }

    /// The connection limits and timeouts, for the log line at start.
    private static func limitsMetadata(_ configuration: ClipServerConfiguration) -> Logger.Metadata {
        let limits = configuration.connectionLimits
        return [
            "max_connections": .stringConvertible(limits.maximumConnections),
            "max_connections_per_client": .stringConvertible(limits.maximumConnectionsPerClient),
            "connection_reserve": .stringConvertible(limits.reserve),
            "descriptor_limit": .stringConvertible(ConnectionLimits.processDescriptorLimit()),
            "header_timeout_s": .stringConvertible(configuration.headerTimeout),
            "body_timeout_s": .stringConvertible(configuration.bodyTimeout),
            "idle_timeout_s": .stringConvertible(configuration.idleTimeout),
        ]
    }

    /// A logger that writes to standard error at `level`, leaving standard output to the command's result.
    package static func standardErrorLogger(label: String = "clipkit.serve", level: Logger.Level = .info) -> Logger {
        var logger = Logger(label: label) { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = level
        return logger
    }
}
