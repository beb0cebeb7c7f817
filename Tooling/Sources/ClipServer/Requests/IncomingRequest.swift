import Hummingbird
import NIOHTTP1

/// What the server needs to know about a request, read from either form the pipeline carries it
/// in: swift-http-types' `HTTPRequest` (Hummingbird's) or NIOHTTP1's `HTTPRequestHead` (the
/// event-loop fast path).
package struct IncomingRequest {
    /// The request method, as far as the server cares.
    package enum Method: Equatable {
        case get
        case head
        case other(String)
    }

    package let method: Method
    /// The request target (path and query) as sent.
    package let target: String
    /// The `Host` header, if any (the first, when there are several).
    package let host: String?
    /// How many `Host` header field lines the request has.
    let hostFieldCount: Int
    /// Whether the request's HTTP version requires a `Host` header (HTTP/1.1 and later).
    let requiresHost: Bool
    /// The bytes of all header names and values (plus separators).
    let headerBytes: Int
    /// The `If-None-Match` header, if any.
    let ifNoneMatch: String?
    /// The `X-Forwarded-For` field lines, in order (read only from a trusted proxy).
    package let xForwardedFor: [String]
    /// The `Forwarded` field lines, in order (read only from a trusted proxy).
    package let forwarded: [String]

    /// The field lines of `header`, in order.
    package func values(of header: TrustedProxies.Header) -> [Substring] {
        (header == .forwarded ? forwarded : xForwardedFor).map { $0[...] }
    }

    var methodName: String {
        switch method {
        case .get: return "GET"
        case .head: return "HEAD"
        case .other(let name): return name
        }
    }

    package init(_ request: HTTPRequest) {
        switch request.method {
        case .get: method = .get
        case .head: method = .head
        default: method = .other(request.method.rawValue)
        }
        target = request.path ?? "/"
        host = request.authority
        // swift-http-types folds `Host` into the authority and keeps no version: the fast path
        // (``FastPathHandler``) has screened the Host header of every request that reaches here.
        hostFieldCount = request.authority == nil ? 0 : 1
        requiresHost = false
        var bytes = request.authority?.utf8.count ?? 0
        for field in request.headerFields { bytes += field.name.rawName.utf8.count + field.value.utf8.count + 4 }
        headerBytes = bytes
        ifNoneMatch = request.headerFields[.ifNoneMatch]
        var xForwardedFor: [String] = []
        var forwarded: [String] = []
        for field in request.headerFields {
            switch field.name.canonicalName {
            case "x-forwarded-for": xForwardedFor.append(field.value)
            case "forwarded": forwarded.append(field.value)
            default: break
            }
        }
        self.xForwardedFor = xForwardedFor
        self.forwarded = forwarded
    }

    package init(_ head: HTTPRequestHead) {
        switch head.method {
        case .GET: method = .get
        case .HEAD: method = .head
        default: method = .other(head.method.rawValue)
        }
        target = head.uri
        var host: String?
        var hostFieldCount = 0
        var ifNoneMatch: String?
        var xForwardedFor: [String] = []
        var forwarded: [String] = []
        var bytes = 0
        for (name, value) in head.headers {
            bytes += name.utf8.count + value.utf8.count + 4
            if name.utf8.count == 4, name.lowercased() == "host" {
                hostFieldCount += 1
                if host == nil { host = value }
            }
            if ifNoneMatch == nil, name.utf8.count == 13, name.lowercased() == "if-none-match" { ifNoneMatch = value }
            if name.utf8.count == 15, name.lowercased() == "x-forwarded-for" { xForwardedFor.append(value) }
            if name.utf8.count == 9, name.lowercased() == "forwarded" { forwarded.append(value) }
        }
        self.host = host
        self.hostFieldCount = hostFieldCount
        requiresHost = head.version.major > 1 || (head.version.major == 1 && head.version.minor >= 1)
        self.ifNoneMatch = ifNoneMatch
        self.xForwardedFor = xForwardedFor
        self.forwarded = forwarded
        headerBytes = bytes
    }
}
