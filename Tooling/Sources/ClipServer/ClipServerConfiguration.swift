import ClipSite
import Logging

/// How a ``ClipServer`` listens, logs and limits requests.
package struct ClipServerConfiguration: Sendable {
    /// The address to bind, such as `127.0.0.1` or `0.0.0.0`.
    package var host: String
    /// The TCP port; `0` lets the system choose one (the server reports it when listening).
    package var port: Int
    /// Whether SIGINT and SIGTERM shut the server down gracefully (finishing requests in flight).
    package var stopsOnSignals: Bool
    /// The level request lines are logged at; `nil` logs no requests.
    package var requestLogLevel: Logger.Level?
    /// Size caps for requests.
    package var limits: RequestLimits
    /// The most rendered share pages kept in memory.
    package var pageCacheCapacity: Int
    /// Seconds browsers and CDNs may cache the AASA file.
    package var associationFileMaxAge: Int
    /// Seconds browsers and CDNs may cache a share page.
    package var sharePageMaxAge: Int
    /// The `Content-Security-Policy` of HTML pages; `nil` sends none (for templates with scripts).
    package var contentSecurityPolicy: String?
    /// Seconds a connection with no request in progress and no response in the works stays open
    /// (a keep-alive connection between requests, or one whose client does not take its response).
    package var idleTimeout: Int
    /// Seconds a request head may take to arrive, counted from the connection's start or from the
    /// first byte of a later request; the connection ends when it is not complete by then.
    package var headerTimeout: Int
    /// Seconds a request body may take to arrive after its head, counted once (this server takes
    /// no body: it discards the body of a GET or HEAD); the connection ends when it has not.
    package var bodyTimeout: Int
    /// Caps on open connections, overall and per client, with a reserve for `/healthz`; derived
    /// from the process's descriptor limit by default.
    package var connectionLimits: ConnectionLimits
    /// The proxies in front of the server whose word about the client is taken, for the
    /// per-client relay-work budget and the request log; none by default (the client is the peer).
    package var trustedProxies: TrustedProxies

    /// The default policy: no script but ClipKit's own link-profile script (allowed by its hash;
    /// it shows the signed profile a share link carries), images only over `https`, inline styles
    /// allowed, nothing fetched.
    package static let defaultContentSecurityPolicy =
        "default-src 'none'; script-src \(LinkProfileScript.contentSecurityPolicySource); img-src https:; style-src 'unsafe-inline'; "
        + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// Creates a configuration.
    package init(
        host: String = "127.0.0.1", port: Int = 8080, stopsOnSignals: Bool = true,
        requestLogLevel: Logger.Level? = .info, limits: RequestLimits = RequestLimits(),
        pageCacheCapacity: Int = 10_000, associationFileMaxAge: Int = 3600, sharePageMaxAge: Int = 300,
        contentSecurityPolicy: String? = ClipServerConfiguration.defaultContentSecurityPolicy,
        idleTimeout: Int = 60, trustedProxies: TrustedProxies = .none, headerTimeout: Int = 30, bodyTimeout: Int = 30,
        connectionLimits: ConnectionLimits = .derived()
    ) {
        self.host = host
        self.port = port
        self.stopsOnSignals = stopsOnSignals
        self.requestLogLevel = requestLogLevel
        self.limits = limits
        self.pageCacheCapacity = max(1, pageCacheCapacity)
        self.associationFileMaxAge = associationFileMaxAge
        self.sharePageMaxAge = sharePageMaxAge
        self.contentSecurityPolicy = contentSecurityPolicy
        self.idleTimeout = idleTimeout
        self.trustedProxies = trustedProxies
        self.headerTimeout = headerTimeout
        self.bodyTimeout = bodyTimeout
        self.connectionLimits = connectionLimits
    }
}

/// Size caps for requests; a request over a cap gets a 4xx and is not processed further.
package struct RequestLimits: Sendable, Hashable {
    /// The longest request target (path and query), in bytes; longer gets 414.
    package var maximumTargetLength: Int
    /// The most bytes of all header names and values together; more gets 431.
    package var maximumHeaderBytes: Int
    /// The hard cap the HTTP parser enforces on all header bytes; more closes the connection with 400.
    package var parserHeaderLimit: Int
    /// The most header fields the HTTP parser accepts.
    package var maximumHeaderCount: Int

    /// Creates limits.
    package init(
        maximumTargetLength: Int = 2048, maximumHeaderBytes: Int = 8192,
        parserHeaderLimit: Int = 32 * 1024, maximumHeaderCount: Int = 100
    ) {
        self.maximumTargetLength = maximumTargetLength
        self.maximumHeaderBytes = maximumHeaderBytes
        self.parserHeaderLimit = parserHeaderLimit
        self.maximumHeaderCount = maximumHeaderCount
    }
}
