import ClipLoopback
import ClipTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 that answers each request path with a canned response.
///
/// It speaks real HTTP over real sockets, so clients under test (URLSession, the `clipkit`
/// executable) go through their whole network stack. It handles one connection at a time and
/// closes each after its response. Stop it with ``stop()``; it also stops when released.
package final class LoopbackHTTPServer: @unchecked Sendable {
    /// A canned response.
    package struct Response: Sendable {
        /// The status code.
        package var status: Int
        /// Header lines, sent as given (Content-Length and Connection are added).
        package var headers: [(String, String)]
        /// The body.
        package var body: Data
        /// Seconds to wait before answering, to play a slow server.
        package var delay: TimeInterval

        /// Creates a response.
        package init(status: Int = 200, headers: [(String, String)] = [], body: Data = Data(), delay: TimeInterval = 0) {
            self.status = status
            self.headers = headers
            self.body = body
            self.delay = delay
        }
    }

    /// A request as the server read it, for a handler.
    package struct Request: Sendable {
        /// The method, such as `GET`.
        package let method: String
        /// The path, without the query.
        package let path: String
        /// The query, without `?`, or an empty string.
        package let query: String
        /// The headers, by lower-cased name.
        package let headers: [String: String]
        /// The body (at most 1 MB is read).
        package let body: Data
    }

    /// The port the server listens on.
    package let port: Int
    private let state: State
    private let thread: Thread

    /// Starts a server on a free loopback port, answering `routes` by request path (without the
    /// query) and 404 for anything else.
    package convenience init(routes: [String: Response]) throws {
        try self.init(routes: routes, handler: nil)
    }

    /// Starts a server on a free loopback port that answers each request with `handler`'s
    /// response; the handler runs on the server's thread, one request at a time.
    package convenience init(handler: @escaping @Sendable (Request) -> Response) throws {
        try self.init(routes: [:], handler: handler)
    }

    private init(routes: [String: Response], handler: (@Sendable (Request) -> Response)?) throws {
        var lastError: any Error = LoopbackPort.PortError()
        var bound: (Int32, Int)?
        for _ in 0..<5 {
            do {
                let port = try LoopbackPort.free()
                bound = (try LoopbackHTTPServer.openListener(port: port), port)
                break
            } catch {
                lastError = error
            }
        }
        guard let (descriptor, port) = bound else { throw lastError }
        self.port = port
        let state = State(listener: descriptor, routes: routes, handler: handler)
        self.state = state
        thread = Thread { state.serve() }
        thread.start()
    }

    deinit {
        stop()
    }

    /// The base URL, `http://127.0.0.1:PORT`.
    package var baseURL: String { "http://127.0.0.1:\(port)" }

    /// The request lines received so far (`GET /path HTTP/1.1`).
    package var requests: [String] { state.requests }

    /// Stops accepting connections and closes the listening socket.
    package func stop() {
        state.stop()
    }

    private static func openListener(port: Int) throws -> Int32 {
        guard let descriptor = LoopbackSocket.bound(toPort: port, reusesAddress: true) else { throw LoopbackPort.PortError() }
        guard listen(descriptor, 16) == 0 else {
            close(descriptor)
            throw LoopbackPort.PortError()
        }
        return descriptor
    }
}

/// What the serving thread shares with the server object.
private final class State: @unchecked Sendable {
    let listener: Int32
    let routes: [String: LoopbackHTTPServer.Response]
    let handler: (@Sendable (LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Response)?
    private let lock = NSLock()
    private var stopped = false
    private var requestLog: [String] = []

    init(listener: Int32, routes: [String: LoopbackHTTPServer.Response], handler: (@Sendable (LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Response)?) {
        self.listener = listener
        self.routes = routes
        self.handler = handler
    }

    var requests: [String] {
        lock.lock()
        defer { lock.unlock() }
        return requestLog
    }

    var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    private let finished = DispatchSemaphore(value: 0)

    /// Stops the serving thread and waits until it has closed the listening socket.
    ///
    /// The serving thread closes the socket itself: were it closed here, a new socket could get
    /// the same descriptor while the old thread still polls it, and answer with the old routes.
    func stop() {
        lock.lock()
        let wasStopped = stopped
        stopped = true
        lock.unlock()
        guard !wasStopped else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        _ = finished.wait(timeout: .now() + 10)
    }

    func serve() {
        defer {
            close(listener)
            finished.signal()
        }
        while !isStopped {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, 100)
            if ready <= 0 { continue }
            let connection = accept(listener, nil, nil)
            if connection < 0 { continue }
            handle(connection)
            close(connection)
        }
    }

    func handle(_ connection: Int32) {
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while received.count < 16_384 {
            let count = recv(connection, &buffer, buffer.count, 0)
            if count <= 0 { break }
            received.append(contentsOf: buffer[0..<count])
            if received.range(of: Data("\r\n\r\n".utf8)) != nil { break }
        }
        let head = String(decoding: received, as: UTF8.self)
        let requestLine = head.split(separator: "\r\n", maxSplits: 1).first.map(String.init) ?? ""
        lock.lock()
        requestLog.append(requestLine)
        lock.unlock()
        let parts = requestLine.split(separator: " ")
        let target = parts.count >= 2 ? String(parts[1]) : "/"
        let path = String(target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? "/")
        let response: LoopbackHTTPServer.Response
        if let handler {
            response = handler(State.request(head: received, connection: connection, method: parts.first.map(String.init) ?? "GET", target: target, path: path))
        } else {
            response = routes[path] ?? LoopbackHTTPServer.Response(status: 404, headers: [("Content-Type", "text/plain")], body: Data("not found\n".utf8))
        }
        let answerAt = Date().addingTimeInterval(response.delay)
        while Date() < answerAt, !isStopped { Thread.sleep(forTimeInterval: 0.02) }
        var text = "HTTP/1.1 \(response.status) \(State.reason(for: response.status))\r\n"
        for (name, value) in response.headers { text += "\(name): \(value)\r\n" }
        text += "Content-Length: \(response.body.count)\r\nConnection: close\r\n\r\n"
        var bytes = Data(text.utf8)
        if parts.first != "HEAD" { bytes.append(response.body) }
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count, let base = raw.baseAddress {
                let sent = send(connection, base + offset, raw.count - offset, State.sendFlags)
                if sent <= 0 { break }
                offset += sent
            }
        }
    }

    /// The request's headers and its body (read up to Content-Length, at most 1 MB).
    static func request(head received: Data, connection: Int32, method: String, target: String, path: String) -> LoopbackHTTPServer.Request {
        let separator = Data("\r\n\r\n".utf8)
        guard let end = received.range(of: separator) else {
            return LoopbackHTTPServer.Request(method: method, path: path, query: "", headers: [:], body: Data())
        }
        let headText = String(decoding: received[received.startIndex..<end.lowerBound], as: UTF8.self)
        var headers: [String: String] = [:]
        for line in headText.split(separator: "\r\n").dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Data(received[end.upperBound...])
        let length = min(Int(headers["content-length"] ?? "0") ?? 0, 1 << 20)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while body.count < length {
            let count = recv(connection, &buffer, min(buffer.count, length - body.count), 0)
            if count <= 0 { break }
            body.append(contentsOf: buffer[0..<count])
        }
        let query = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).dropFirst().first.map(String.init) ?? ""
        return LoopbackHTTPServer.Request(method: method, path: path, query: query, headers: headers, body: body)
    }

    #if canImport(Glibc)
    static let sendFlags = Int32(MSG_NOSIGNAL)
    #else
    static let sendFlags: Int32 = 0
    #endif

    static func reason(for status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 301: return "Moved Permanently"
        case 302: return "Found"
        case 307: return "Temporary Redirect"
        case 201: return "Created"
        case 404: return "Not Found"
        case 429: return "Too Many Requests"
        case 500: return "Internal Server Error"
        default: return "Status"
        }
    }
}
