import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What one GET of a NIP-05 document brought back.
public struct NIP05HTTPResponse: Sendable, Equatable {
    /// The HTTP status code.
    public var status: Int
    /// The `Location` header, when the server sent one.
    public var location: String?
    /// The body, at most the limit the fetch was given.
    public var body: [UInt8]
    /// Whether the body went past the limit, so reading stopped.
    public var exceededLimit: Bool

    /// Creates a response.
    public init(status: Int, location: String? = nil, body: [UInt8], exceededLimit: Bool = false) {
        self.status = status
        self.location = location
        self.body = body
        self.exceededLimit = exceededLimit
    }
}

/// Fetches a NIP-05 document: one GET, no redirects followed, reading stopped past a byte limit.
///
/// ``URLSessionNIP05Fetcher`` is the one ClipNostr uses; the seam is here for platforms with
/// another HTTP client. An implementation must not follow redirects (a 3xx comes back as the
/// response) and should stop when the task is cancelled; ``NIP05Verifier`` enforces its timeout
/// whether it does or not.
public protocol NIP05DocumentFetching: Sendable {
    /// GETs `url` and returns the status, the `Location` header and at most `maximumBytes` of the body.
    ///
    /// - Throws: Any error of the transport (DNS, connection, TLS).
    func fetchDocument(at url: URL, maximumBytes: Int) async throws -> NIP05HTTPResponse
}

/// The NIP-05 fetch on `URLSession` (FoundationNetworking on Linux): an ephemeral session per
/// request, no cookies or cache, a delegate that refuses every redirect and cancels the request
/// once the body passes the limit (or its `Content-Length` says it will).
public struct URLSessionNIP05Fetcher: NIP05DocumentFetching {
    /// Creates the fetcher.
    public init() {}

    /// GETs `url` with redirects refused and the body capped at `maximumBytes`.
    public func fetchDocument(at url: URL, maximumBytes: Int) async throws -> NIP05HTTPResponse {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let collector = NIP05ResponseCollector(maximumBytes: maximumBytes)
        let session = URLSession(configuration: configuration, delegate: collector, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        var request = URLRequest(url: url)
        request.httpMethod = "GET"
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let task = session.dataTask(with: request)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<NIP05HTTPResponse, any Error>) in
                collector.start(task, continuation: continuation)
            }
        } onCancel: {
            task.cancel()
        }
    }
}

/// The delegate of one fetch: keeps the response and up to the limit of the body, and resumes
/// the waiting fetch exactly once.
final class NIP05ResponseCollector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let maximumBytes: Int
    private let lock = NSLock()
    private var continuation: CheckedContinuation<NIP05HTTPResponse, any Error>?
    private var status = 0
    private var location: String?
    private var body: [UInt8] = []
    private var exceeded = false
    private var finished = false

    init(maximumBytes: Int) {
        self.maximumBytes = maximumBytes
    }

    func start(_ task: URLSessionDataTask, continuation: CheckedContinuation<NIP05HTTPResponse, any Error>) {
        lock.lock()
        self.continuation = continuation
        lock.unlock()
        task.resume()
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        // Never follow: the redirect itself becomes the response.
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let http = response as? HTTPURLResponse
        lock.lock()
        status = http?.statusCode ?? 0
        location = http?.value(forHTTPHeaderField: "Location")
        let declaredTooLong = response.expectedContentLength > Int64(maximumBytes)
        if declaredTooLong { exceeded = true }
        lock.unlock()
        if declaredTooLong {
            completionHandler(.cancel)
            finish(error: nil)
        } else {
            completionHandler(.allow)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.lock()
        let room = maximumBytes - body.count
        if data.count > room {
            body.append(contentsOf: data.prefix(max(0, room)))
            exceeded = true
        } else {
            body.append(contentsOf: data)
        }
        let stop = exceeded
        lock.unlock()
        if stop {
            dataTask.cancel()
            finish(error: nil)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if error == nil, let http = task.response as? HTTPURLResponse {
            lock.lock()
            if status == 0 {
                status = http.statusCode
                location = http.value(forHTTPHeaderField: "Location")
            }
            lock.unlock()
        }
        finish(error: error)
    }

    private func finish(error: (any Error)?) {
        lock.lock()
        guard !finished, let continuation else {
            lock.unlock()
            return
        }
        finished = true
        self.continuation = nil
        let response = NIP05HTTPResponse(status: status, location: location, body: body, exceededLimit: exceeded)
        let failed = !exceeded && (error != nil || status == 0)
        lock.unlock()
        if failed {
            continuation.resume(throwing: error ?? URLError(.badServerResponse))
        } else {
            continuation.resume(returning: response)
        }
    }
}
