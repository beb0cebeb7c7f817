import Hummingbird
import NIOHTTP1

/// What the server needs to know about a request, read from either form the pipeline carries it
/// in: swift-http-types' `HTTPRequest` (Hummingbird's) or NIOHTTP1's `HTTPRequestHead` (the
/// event-loop fast path).
struct IncomingRequest {
    /// The request method, as far as the server cares.
    enum Method: Equatable {
        case get
        case head
        case other(String)
    }

    let method: Method
    /// The request target (path and query) as sent.
    let target: String
    /// The `Host` header, if any.
    let host: String?
    /// The bytes of all header names and values (plus separators).
    let headerBytes: Int
    /// The `If-None-Match` header, if any.
    let ifNoneMatch: String?

    var methodName: String {
        switch method {
        case .get: return "GET"
        case .head: return "HEAD"
        case .other(let name): return name
        }
    }

    init(_ request: HTTPRequest) {
        switch request.method {
        case .get: method = .get
        case .head: method = .head
        default: method = .other(request.method.rawValue)
        }
        target = request.path ?? "/"
        host = request.authority
        var bytes = request.authority?.utf8.count ?? 0
        for field in request.headerFields { bytes += field.name.rawName.utf8.count + field.value.utf8.count + 4 }
        headerBytes = bytes
        ifNoneMatch = request.headerFields[.ifNoneMatch]
    }

    init(_ head: HTTPRequestHead) {
        switch head.method {
        case .GET: method = .get
        case .HEAD: method = .head
        default: method = .other(head.method.rawValue)
        }
        target = head.uri
        var host: String?
        var ifNoneMatch: String?
        var bytes = 0
        for (name, value) in head.headers {
            bytes += name.utf8.count + value.utf8.count + 4
            if host == nil, name.utf8.count == 4, name.lowercased() == "host" { host = value }
            if ifNoneMatch == nil, name.utf8.count == 13, name.lowercased() == "if-none-match" { ifNoneMatch = value }
        }
        self.host = host
        self.ifNoneMatch = ifNoneMatch
        headerBytes = bytes
    }
}
