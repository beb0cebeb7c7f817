import ClipLoopback
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A response read off a raw socket.
struct RawHTTPResponse: Sendable {
    /// The status code, or `nil` when the server closed without a status line.
    let status: Int?
    /// Header fields, names lower-cased (the last value wins).
    let headers: [String: String]
    /// The body bytes as text.
    let body: String
    /// Everything received.
    let raw: String
    /// Whether the server ended the connection (end of stream or reset) before the read stopped.
    var closedByServer = false
    /// When the server ended the connection: how long after the last bytes it sent (or after the
    /// request was sent, when it sent none). This is the server's own delay in closing, whatever
    /// the time it took to answer (a share page may wait for a profile) or the machine's load.
    var closeDelay: Duration?
    /// When the probe ran: whether the server had closed the socket fully (bytes sent after the
    /// end of stream were refused), not only its sending half.
    var fullyClosed: Bool?
}

/// Sends bytes exactly as given over a TCP connection to the loopback server — the only way to
/// send malformed requests that real clients refuse to write.
enum RawHTTP {
    /// Sends `request` to `127.0.0.1:port` and reads one response (until the body's length is
    /// read, the server closes, or `timeout` passes).
    ///
    /// The blocking socket calls run on a thread of their own, never on the concurrency pool
    /// that the in-process server also needs.
    ///
    /// - Parameter probesFullClose: After the server ends the stream, send a few bytes twice and
    ///   record in ``RawHTTPResponse/fullyClosed`` whether the server's socket refused them (a
    ///   full close answers with a reset) or took them (only its sending half was closed).
    static func exchange(
        port: Int, request: [UInt8], timeout: TimeInterval = 5, halfClose: Bool = false, untilClose: Bool = false,
        probesFullClose: Bool = false
    ) async throws -> RawHTTPResponse {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Result {
                    try blockingExchange(
                        port: port, request: request, timeout: timeout, halfClose: halfClose, untilClose: untilClose,
                        probesFullClose: probesFullClose
                    )
                })
            }
            thread.start()
        }
    }

    private static func blockingExchange(
        port: Int, request: [UInt8], timeout: TimeInterval, halfClose: Bool, untilClose: Bool, probesFullClose: Bool
    ) throws -> RawHTTPResponse {
        guard let descriptor = LoopbackSocket.connected(toPort: port) else { throw RawHTTPError.connect }
        defer { close(descriptor) }
        var interval = timeval(tv_sec: 0, tv_usec: 200_000)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
        var sent = 0
        while sent < request.count {
            let written = request[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written <= 0 { break }  // The server may close early on a request it refuses.
            sent += written
        }
        // Half-close: the server sees the request end, so a truncated request is answered or
        // closed at once instead of waiting for bytes that never come.
        if halfClose { shutdown(descriptor, Int32(SHUT_WR)) }
        let clock = ContinuousClock()
        var lastActivity = clock.now
        var closedAt: ContinuousClock.Instant?
        var received: [UInt8] = []
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var closed = false
        while Date() < deadline, received.count < 4_000_000 {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count == 0 {
                closed = true
                closedAt = clock.now
                break
            }
            if count < 0 {
                if errno == EAGAIN || errno == EWOULDBLOCK { if !untilClose, isComplete(received) { break } else { continue } }
                closed = errno == ECONNRESET
                if closed { closedAt = clock.now }
                break
            }
            lastActivity = clock.now
            received.append(contentsOf: buffer[0..<count])
            if !untilClose, isComplete(received) { break }
        }
        var response = parse(received)
        response.closedByServer = closed
        response.closeDelay = closedAt.map { $0 - lastActivity }
        if probesFullClose, closed { response.fullyClosed = refusesMoreBytes(descriptor) }
        return response
    }

    /// Whether the peer's socket is gone: a closed socket answers the first bytes with a reset,
    /// after which sending fails; a socket that only shut down its sending half takes them.
    private static func refusesMoreBytes(_ descriptor: Int32) -> Bool {
        let probe = Array("GET / HTTP/1.1\r\n".utf8)
        for _ in 0..<3 {
            let sent = probe.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent < 0 { return errno == EPIPE || errno == ECONNRESET }
            usleep(100_000)
        }
        return false
    }

    /// A GET (or other method) request with `Connection: close` and the given extra header lines.
    static func request(_ target: String, method: String = "GET", host: String = "localhost", headers: [String] = []) -> [UInt8] {
        var text = "\(method) \(target) HTTP/1.1\r\nHost: \(host)\r\n"
        for header in headers { text += header + "\r\n" }
        text += "Connection: close\r\n\r\n"
        return Array(text.utf8)
    }

    /// Whether `bytes` hold a whole response: a status line, headers and the body `Content-Length` announces.
    static func isComplete(_ bytes: [UInt8]) -> Bool {
        let response = parse(bytes)
        guard response.status != nil, let end = headerEnd(bytes) else { return false }
        guard let length = response.headers["content-length"].flatMap(Int.init) else { return false }
        return bytes.count - end >= length
    }

    private static func headerEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4) where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index + 4
        }
        return nil
    }

    /// The response in `bytes`, as far as it goes.
    static func parse(_ bytes: [UInt8]) -> RawHTTPResponse {
        let raw = String(decoding: bytes, as: UTF8.self)
        guard let end = headerEnd(bytes) else { return RawHTTPResponse(status: nil, headers: [:], body: "", raw: raw) }
        let head = String(decoding: bytes[0..<end], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        let status = statusLine.count >= 2 ? Int(statusLine[1]) : nil
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return RawHTTPResponse(status: status, headers: headers, body: String(decoding: bytes[end...], as: UTF8.self), raw: raw)
    }
}

enum RawHTTPError: Error {
    case connect
}
