import Foundation
import Hummingbird
import NIOHTTP1

/// A response whose bytes and headers are built once and answered many times.
///
/// The body is a `ByteBuffer` that every response shares (copy-on-write, never written to),
/// and the response heads (with their `Date` header) are rebuilt once a second, so answering
/// allocates neither. GET gets the body, HEAD the same headers without it, and a matching
/// `If-None-Match` gets 304.
package struct PreparedResponse: Sendable {
    package let status: HTTPResponse.Status
    package let headers: HTTPFields
    package let body: ByteBuffer
    let entityTag: String?
    /// Whether the response says `Connection: close`: the connection ends once it is written.
    let closesConnection: Bool
    private let notModifiedHeaders: HTTPFields
    private let heads: DatedHeads

    package init(status: HTTPResponse.Status, contentType: String, body: some Collection<UInt8>, cacheControl: String,
         extraHeaders: HTTPFields = HTTPFields(), tagged: Bool = true) {
        self.status = status
        var buffer = ByteBufferAllocator().buffer(capacity: body.count)
        buffer.writeBytes(body)
        self.body = buffer
        let tag = tagged ? EntityTag.of(body, count: body.count) : nil
        self.entityTag = tag
        var headers = HTTPFields()
        headers[.contentType] = contentType
        headers[.cacheControl] = cacheControl
        if let tag { headers[.eTag] = tag }
        headers.append(contentsOf: extraHeaders)
        var notModified = HTTPFields()
        notModified[.cacheControl] = cacheControl
        if let connection = extraHeaders[.connection] { notModified[.connection] = connection }
        if let tag { notModified[.eTag] = tag }
        self.notModifiedHeaders = notModified
        headers[.contentLength] = String(body.count)
        self.headers = headers
        closesConnection = headers[.connection]?.lowercased() == "close"
        self.heads = DatedHeads(status: status, headers: headers, notModifiedHeaders: notModified)
    }

    /// Whether `request` gets 304 (its `If-None-Match` names this body), and whether it gets the
    /// body (not for HEAD or 304).
    package func outcome(for request: IncomingRequest) -> (notModified: Bool, withBody: Bool) {
        if let entityTag, let condition = request.ifNoneMatch, EntityTag.header(condition, matches: entityTag) {
            return (true, false)
        }
        return (false, request.method != .head)
    }

    /// The response head (swift-http-types) and body for `request`.
    package func answer(_ request: IncomingRequest) -> (head: HTTPResponse, body: ByteBuffer?) {
        let (notModified, withBody) = outcome(for: request)
        let current = heads.current()
        return (notModified ? current.notModified : current.full, withBody ? body : nil)
    }

    /// The whole response to `request` as the bytes that go on the wire (status line, headers,
    /// body), encoded once a second and shared; for the event-loop fast path.
    func wireBytes(for request: IncomingRequest) -> (bytes: ByteBuffer, status: Int) {
        let (notModified, withBody) = outcome(for: request)
        let current = heads.currentWire(body: body)
        if notModified { return (current.notModified, 304) }
        return (withBody ? current.full : current.headOnly, Int(status.code))
    }

}

/// The full and the 304 response head, with a `Date` header for the current second.
final class DatedHeads: @unchecked Sendable {
    private let lock = NSLock()
    private let status: HTTPResponse.Status
    private let headers: HTTPFields
    private let notModifiedHeaders: HTTPFields
    private var second = -1
    private var full = HTTPResponse(status: .ok)
    private var notModified = HTTPResponse(status: .notModified)
    private var wireSecond = -1
    private var wireFull = ByteBuffer()
    private var wireHeadOnly = ByteBuffer()
    private var wireNotModified = ByteBuffer()

    package init(status: HTTPResponse.Status, headers: HTTPFields, notModifiedHeaders: HTTPFields) {
        self.status = status
        self.headers = headers
        self.notModifiedHeaders = notModifiedHeaders
    }

    package func current() -> (full: HTTPResponse, notModified: HTTPResponse) {
        let now = HTTPDate.currentSecond()
        lock.lock()
        defer { lock.unlock() }
        if now != second {
            let date = HTTPDate.format(now)
            var fields = headers
            fields[.date] = date
            full = HTTPResponse(status: status, headerFields: fields)
            var notModifiedFields = notModifiedHeaders
            notModifiedFields[.date] = date
            notModified = HTTPResponse(status: .notModified, headerFields: notModifiedFields)
            second = now
        }
        return (full, notModified)
    }

    func currentWire(body: ByteBuffer) -> (full: ByteBuffer, headOnly: ByteBuffer, notModified: ByteBuffer) {
        let now = HTTPDate.currentSecond()
        lock.lock()
        defer { lock.unlock() }
        if now != wireSecond {
            let date = HTTPDate.format(now)
            var head = Self.encodedHead(status: status, fields: headers, date: date)
            wireHeadOnly = head
            head.writeImmutableBuffer(body)
            wireFull = head
            wireNotModified = Self.encodedHead(status: .notModified, fields: notModifiedHeaders, date: date)
            wireSecond = now
        }
        return (wireFull, wireHeadOnly, wireNotModified)
    }

    /// `HTTP/1.1 <status>`, the header fields and `Date`, each line ending in CRLF, then a blank line.
    static func encodedHead(status: HTTPResponse.Status, fields: HTTPFields, date: String) -> ByteBuffer {
        var text = "HTTP/1.1 \(status.code) \(HTTPResponseStatus(statusCode: status.code).reasonPhrase)\r\n"
        for field in fields { text += "\(field.name.canonicalName): \(field.value)\r\n" }
        text += "Date: \(date)\r\n\r\n"
        var buffer = ByteBufferAllocator().buffer(capacity: text.utf8.count)
        buffer.writeString(text)
        return buffer
    }
}
