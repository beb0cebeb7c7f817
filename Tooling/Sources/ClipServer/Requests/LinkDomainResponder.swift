import ClipAASA
import ClipKit
import ClipNostrWebSocket
import ClipSite
import Foundation
import Hummingbird
import Logging
import NIOCore
import NIOHTTP1

/// Answers every request of a link domain: the AASA file, the home page, share pages, health,
/// the not-found page, and a clean 4xx for anything malformed.
///
/// Fixed responses are built once at start; share pages are rendered on first request and
/// cached (see ``SharePageCache``), so a repeated request allocates no body.
struct LinkDomainResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let site: LinkDomainSite
    let configuration: ClipServerConfiguration
    let logger: Logger
    /// Whether request lines reach the log at all (decided once, not per request).
    private let logsRequests: Bool
    /// The prepared answers of each of the site's domains, in the order of
    /// ``LinkDomainSite/servedDomains`` (the positions ``LinkDomainSite/Resource`` names).
    private let domainAnswers: [DomainAnswers]
    /// The answers for a `Host` that is none of the site's domains: the first domain's, with a
    /// page cache of their own when the site has several domains.
    private let otherHostAnswers: DomainAnswers
    private let health: PreparedResponse
    private let refusals: [RequestScreening.Refusal: PreparedResponse]
    /// The health answer on a connection in the reserve: it ends the connection.
    private let healthClosing: PreparedResponse
    /// The answer to anything else on a connection in the reserve: 503, and the connection ends.
    private let overCapacity: PreparedResponse
    private let htmlHeaders: HTTPFields

    /// What the server answers for one of the site's domains (a ``LinkDomainSite/ServedDomain``),
    /// prepared once: the static export writes the same AASA document and home page.
    private struct DomainAnswers {
        let associationFile: PreparedResponse
        let homePage: PreparedResponse
        let notFound: PreparedResponse
        /// The domain's share pages. A site with one domain has one cache, whatever the `Host`.
        let pages: SharePageCache
    }

    /// The health endpoint's path.
    static let healthPath = "/healthz"

    init(site: LinkDomainSite, configuration: ClipServerConfiguration, logger: Logger) {
        self.site = site
        self.configuration = configuration
        self.logger = logger
        logsRequests = configuration.requestLogLevel.map { logger.logLevel <= $0 } ?? false
        var html = HTTPFields()
        html[.xContentTypeOptions] = "nosniff"
        if let policy = configuration.contentSecurityPolicy { html[.contentSecurityPolicy] = policy }
        htmlHeaders = html

        func answers(for domain: LinkDomainSite.ServedDomain, pages: SharePageCache) -> DomainAnswers {
            DomainAnswers(
                associationFile: PreparedResponse(
                    status: .ok, contentType: "application/json", body: domain.associationFile,
                    cacheControl: "public, max-age=\(configuration.associationFileMaxAge)",
                    extraHeaders: [.xContentTypeOptions: "nosniff"]
                ),
                homePage: PreparedResponse(
                    status: .ok, contentType: "text/html; charset=utf-8", body: Array(domain.homePage.utf8),
                    cacheControl: "public, max-age=\(configuration.sharePageMaxAge)", extraHeaders: html
                ),
                notFound: PreparedResponse(
                    status: .notFound, contentType: "text/html; charset=utf-8", body: Array(domain.notFoundPage.utf8),
                    cacheControl: "public, max-age=60", extraHeaders: html
                ),
                pages: pages
            )
        }
        let domains = site.servedDomains
        let single = domains.count == 1 ? SharePageCache(capacity: configuration.pageCacheCapacity) : nil
        domainAnswers = domains.map { answers(for: $0, pages: single ?? SharePageCache(capacity: configuration.pageCacheCapacity)) }
        otherHostAnswers = answers(for: domains[0], pages: single ?? SharePageCache(capacity: configuration.pageCacheCapacity))
        health = PreparedResponse(
            status: .ok, contentType: "application/json", body: Array(#"{"status":"ok"}"#.utf8),
            cacheControl: "no-store", tagged: false
        )
        healthClosing = PreparedResponse(
            status: .ok, contentType: "application/json", body: Array(#"{"status":"ok"}"#.utf8),
            cacheControl: "no-store", extraHeaders: [.connection: "close"], tagged: false
        )
        overCapacity = PreparedResponse(
            status: .serviceUnavailable, contentType: "text/plain; charset=utf-8",
            body: Array("The server has too many open connections; try again in a few seconds.\n".utf8), cacheControl: "no-store",
            extraHeaders: [.retryAfter: String(Self.retryAfterSeconds), .xContentTypeOptions: "nosniff", .connection: "close"],
            tagged: false
        )
        func refusal(_ status: HTTPResponse.Status, _ text: String, allow: Bool = false, closes: Bool = false) -> PreparedResponse {
            var extra: HTTPFields = [.xContentTypeOptions: "nosniff"]
            if allow { extra[.allow] = "GET, HEAD" }
            // A client that sends oversized or malformed headers gets its answer and loses the connection.
            if closes { extra[.connection] = "close" }
            return PreparedResponse(
                status: status, contentType: "text/plain; charset=utf-8", body: Array((text + "\n").utf8),
                cacheControl: "no-store", extraHeaders: extra, tagged: false
            )
        }
        refusals = [
            .methodNotAllowed: refusal(.methodNotAllowed, "Method not allowed: this server answers GET and HEAD.", allow: true),
            .targetTooLong: refusal(.uriTooLong, "The request target is longer than \(configuration.limits.maximumTargetLength) bytes."),
            .headersTooLarge: refusal(
                .requestHeaderFieldsTooLarge, "The request headers exceed \(configuration.limits.maximumHeaderBytes) bytes.", closes: true
            ),
            .badHost: refusal(
                .badRequest, "Bad request: send exactly one Host header with the site's host name (RFC 9112, section 3.2).", closes: true
            ),
            .badPath: refusal(.badRequest, "Bad request: the path is not one this server serves."),
        ]
    }

    /// What a request resolves to without waiting: a prepared response, or a share page to render.
    private enum Resolution {
        case ready(PreparedResponse)
        /// A share page to render: `target` on the domain at `domain` (`nil` for another host).
        case render(domain: Int?, target: Substring)
    }

    /// What the event-loop fast path does with a request head.
    enum FastAnswer {
        /// Write these bytes (the whole response); the connection stays open.
        case respond(ByteBuffer)
        /// Write this refusal (malformed `Host`, oversized headers) once the responses before it
        /// are written, then close the connection.
        case refuseAndClose(ByteBuffer)
        /// Hand the request to Hummingbird (a page to render, or the fast path may not answer it).
        case passOn
    }

    /// What to do with `head` on the event loop. A refusal that ends the connection is found for
    /// every request; other answers (fixed paths, cached share pages, refusals) only when
    /// `mayAnswer` (the fast path can write now and the connection is keep-alive).
    ///
    /// - Parameter peer: The connection's remote address, for the request log's `client=`.
    func fastAnswer(_ head: HTTPRequestHead, mayAnswer: Bool, peer: SocketAddress? = nil) -> FastAnswer {
        let started = logsRequests ? ContinuousClock.now : nil
        let request = IncomingRequest(head)
        let path = Self.pathWithoutQuery(request.target)
        let refusal = RequestScreening.refusal(of: request, path: path, limits: configuration.limits).flatMap { refusals[$0] }
        let prepared: PreparedResponse
        if let refusal, refusal.closesConnection {
            prepared = refusal
        } else {
            guard mayAnswer else { return .passOn }
            if let refusal {
                prepared = refusal
            } else {
                guard case .ready(let ready) = resolve(request, path: path) else { return .passOn }
                prepared = ready
            }
        }
        let answer = prepared.wireBytes(for: request)
        if let started {
            logRequest(request, path: path, status: answer.status, started: started, client: client(of: request, peer: peer))
        }
        return prepared.closesConnection ? .refuseAndClose(answer.bytes) : .respond(answer.bytes)
    }

    /// The seconds a 503 for a connection past the caps asks the client to wait (`Retry-After`).
    static let retryAfterSeconds = 5

    /// The whole answer, as wire bytes, to a request on a connection in the reserve (past a
    /// connection cap, see ``ConnectionLimits``): the health answer for a GET or HEAD of
    /// `/healthz` that passes the screening, a 503 for anything else; both end the connection.
    ///
    /// - Parameter peer: The connection's remote address, for the request log's `client=`.
    func reserveAnswer(_ head: HTTPRequestHead, peer: SocketAddress? = nil) -> ByteBuffer {
        let started = logsRequests ? ContinuousClock.now : nil
        let request = IncomingRequest(head)
        let path = Self.pathWithoutQuery(request.target)
        let isHealth = path == Self.healthPath && RequestScreening.refusal(of: request, path: path, limits: configuration.limits) == nil
        let answer = (isHealth ? healthClosing : overCapacity).wireBytes(for: request)
        if let started {
            logRequest(request, path: path, status: answer.status, started: started, client: client(of: request, peer: peer))
        }
        return answer.bytes
    }

    /// Answers `head` with a response head and, unless it is HEAD or a 304, a body.
    ///
    /// - Parameter peer: The connection's remote address: the client, or the trusted proxy that
    ///   names it (see ``TrustedProxies``), for the relay-work budget of share pages and the log.
    func answer(_ head: HTTPRequest, peer: SocketAddress? = nil) async -> (head: HTTPResponse, body: ByteBuffer?) {
        let started = logsRequests ? ContinuousClock.now : nil
        let request = IncomingRequest(head)
        let client = client(of: request, peer: peer)
        let path = Self.pathWithoutQuery(request.target)
        let prepared: PreparedResponse
        switch resolve(request, path: path) {
        case .ready(let ready):
            prepared = ready
        case .render(let domain, let target):
            prepared = await renderSharePage(target: target, on: domain, client: client)
        }
        let answer = prepared.answer(request)
        if let started { logRequest(request, path: path, status: answer.head.status.code, started: started, client: client) }
        return answer
    }

    /// The name the request's client goes by (see ``ClientKey``): the peer's, or the client a
    /// trusted proxy names.
    func client(of request: IncomingRequest, peer: SocketAddress?) -> String? {
        let proxies = configuration.trustedProxies
        let address = IPAddress(peer)
        guard !proxies.isEmpty else { return ClientKey.of(address) }
        return ClientKey.of(proxies.client(peer: address, headerValues: request.values(of: proxies.header)))
    }

    static func pathWithoutQuery(_ target: String) -> Substring {
        target.utf8.firstIndex(of: UInt8(ascii: "?")).map { target[..<$0] } ?? target[...]
    }

    private func resolve(_ request: IncomingRequest, path: Substring) -> Resolution {
        if let refusal = RequestScreening.refusal(of: request, path: path, limits: configuration.limits),
           let refused = refusals[refusal] {
            return .ready(refused)
        }
        if path == Self.healthPath { return .ready(health) }
        switch site.resource(at: path, target: request.target[...], host: request.host) {
        case .associationFile(let domain):
            return .ready(domainAnswers[domain].associationFile)
        case .homePage(let domain):
            return .ready(domainAnswers[domain].homePage)
        case .sharePage(let domain, let target):
            // A route that reads query items gets a page per set of declared items; undeclared
            // ones, which anyone can add, make no new page (the cache is bounded either way).
            if let cached = answers(for: domain).pages.response(for: target, now: { Date() }) {
                return .ready(cached)
            }
            return .render(domain: domain, target: target)
        }
    }

    /// The prepared answers of the domain at `domain`; another host's when `domain` is `nil`.
    private func answers(for domain: Int?) -> DomainAnswers {
        domain.map { domainAnswers[$0] } ?? otherHostAnswers
    }

    /// The answer as a Hummingbird response, for use behind a router or middleware.
    func respond(to request: Request, context: BasicRequestContext) async throws -> Response {
        let (head, body) = await answer(request.head)
        return Response(status: head.status, headers: head.headerFields, body: body.map { ResponseBody(byteBuffer: $0) } ?? ResponseBody())
    }

    /// The share page for `target` on the domain at `domain`, rendered now and cached; the
    /// domain's not-found page when no route matches.
    ///
    /// A page whose profile lookup was throttled (the relay-work budget or the concurrency limit
    /// was reached) is the generic page, still 200 so the link works, sent with `no-store` and
    /// not cached: the next request may get the preview.
    private func renderSharePage(
        target: Substring, on domain: Int?, client: String?
    ) async -> PreparedResponse {
        let answers = answers(for: domain)
        guard let match = site.match(path: String(target), domain: domain) else { return answers.notFound }
        let rendered = await site.sharePage(for: match, client: client)
        if rendered.isThrottled {
            return PreparedResponse(
                status: .ok, contentType: "text/html; charset=utf-8", body: Array(rendered.html.utf8),
                cacheControl: "no-store", extraHeaders: htmlHeaders, tagged: false
            )
        }
        let now = Date()
        var maxAge = configuration.sharePageMaxAge
        if let expiresAt = rendered.expiresAt {
            maxAge = max(0, min(maxAge, Int(expiresAt.timeIntervalSince(now))))
        }
        let prepared = PreparedResponse(
            status: .ok, contentType: "text/html; charset=utf-8", body: Array(rendered.html.utf8),
            cacheControl: "public, max-age=\(maxAge)", extraHeaders: htmlHeaders
        )
        answers.pages.store(prepared, for: target, expiresAt: rendered.expiresAt, now: now)
        return prepared
    }

    private func logRequest(_ request: IncomingRequest, path: Substring, status: Int, started: ContinuousClock.Instant, client: String?) {
        guard let level = configuration.requestLogLevel else { return }
        logger.log(level: level, "request", metadata: [
            "client": .string(client ?? "-"),
            "method": .string(Self.printable(request.methodName, limit: 16)),
            "path": .string(Self.printable(path, limit: 200)),
            "status": .stringConvertible(status),
            "duration_us": .stringConvertible((ContinuousClock.now - started).microseconds),
        ])
    }

    /// Text safe for a log line: printable ASCII only, cut at `limit` characters.
    static func printable(_ text: some StringProtocol, limit: Int) -> String {
        var result = ""
        for scalar in text.unicodeScalars.prefix(limit) {
            result.unicodeScalars.append(scalar.value >= 0x20 && scalar.value < 0x7F ? scalar : "?")
        }
        return text.unicodeScalars.count > limit ? result + "…" : result
    }
}

extension Duration {
    /// The duration in whole microseconds.
    fileprivate var microseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    }
}
