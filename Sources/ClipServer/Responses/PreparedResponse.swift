import Foundation
import Hummingbird

/// A response whose bytes and headers are built once and answered many times.
///
/// The body is a `ByteBuffer` that every response shares (copy-on-write, never written to),
/// so answering it allocates no body. GET gets the body, HEAD the same headers without it,
/// and a matching `If-None-Match` gets 304.
struct PreparedResponse: Sendable {
    let status: HTTPResponse.Status
    let headers: HTTPFields
    let body: ByteBuffer
    let entityTag: String?
    private let notModifiedHeaders: HTTPFields
    private let headHeaders: HTTPFields

    init(status: HTTPResponse.Status, contentType: String, body: some Collection<UInt8>, cacheControl: String,
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
        if let tag { notModified[.eTag] = tag }
        self.notModifiedHeaders = notModified
        headers[.contentLength] = String(body.count)
        self.headHeaders = headers
        self.headers = headers
    }

    /// The response to `request`: 304 when its `If-None-Match` names this body, no body for HEAD.
    func response(to request: Request) -> Response {
        if let entityTag, let condition = request.headers[.ifNoneMatch], EntityTag.header(condition, matches: entityTag) {
            return Response(status: .notModified, headers: notModifiedHeaders)
        }
        if request.method == .head {
            return Response(status: status, headers: headHeaders)
        }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: body))
    }
}
