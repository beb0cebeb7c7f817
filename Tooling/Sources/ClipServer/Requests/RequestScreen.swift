import NIOHTTP1

/// The screening `clipkit serve` applies to every request before answering it, as a function of
/// the request head alone, so that tests and fuzzing can reach it without a socket.
package enum RequestScreen {
    /// The status code a request is refused with before anything else looks at it (405, 414, 431,
    /// or 400 for a bad path or a missing, repeated or malformed `Host` in HTTP/1.1), or `nil` when
    /// the server may go on to answer it.
    ///
    /// - Parameters:
    ///   - method: The request method as sent (`GET`, `HEAD`, …).
    ///   - target: The request target (path and query) as sent.
    ///   - headers: The header fields, in order.
    ///   - limits: The server's request caps.
    /// - Returns: 400 also for a header name with a byte outside ASCII, which the server's HTTP
    ///   parser refuses before the screening sees the request.
    package static func refusalStatus(
        method: String, target: String, headers: [(name: String, value: String)] = [],
        limits: RequestLimits = RequestLimits()
    ) -> Int? {
        if headers.contains(where: { field in field.name.utf8.contains { $0 >= 0x80 } }) { return 400 }
        var fields = HTTPHeaders()
        for field in headers { fields.add(name: field.name, value: field.value) }
        let head = HTTPRequestHead(version: .http1_1, method: HTTPMethod(rawValue: method), uri: target, headers: fields)
        let request = IncomingRequest(head)
        let path = LinkDomainResponder.pathWithoutQuery(request.target)
        switch RequestScreening.refusal(of: request, path: path, limits: limits) {
        case nil: return nil
        case .methodNotAllowed: return 405
        case .targetTooLong: return 414
        case .headersTooLarge: return 431
        case .badHost, .badPath: return 400
        }
    }
}
