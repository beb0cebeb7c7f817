import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Fetches AASA files with `URLSession`, refusing redirects (they are reported, not followed),
/// with a timeout and a cap on the bytes read.
public struct URLSessionAASAFetcher: AASAFetching {
    /// How long a request may take in all, in seconds.
    public let timeout: TimeInterval

    /// Creates a fetcher.
    public init(timeout: TimeInterval = 10) {
        self.timeout = timeout
    }

    /// Requests `url` with GET; see ``AASAFetching/fetch(_:limit:)``.
    public func fetch(_ url: URL, limit: Int) async throws(AASAFetchError) -> AASAFetchResponse {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        let delegate = FetchDelegate(limit: limit)
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = "GET"
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue("clipkit-aasa-validator", forHTTPHeaderField: "User-Agent")
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<Result<AASAFetchResponse, AASAFetchError>, Never>) in
            delegate.start(session.dataTask(with: request), timeout: timeout, continuation: continuation)
        }
        return try outcome.get()
    }
}

/// Collects one data task's response; refuses redirects and stops reading past the limit.
private final class FetchDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let limit: Int
    private let lock = NSLock()
    private var response: HTTPURLResponse?
    private var body = Data()
    private var exceeded = false
    private var timeout: TimeInterval = 0
    private var continuation: CheckedContinuation<Result<AASAFetchResponse, AASAFetchError>, Never>?

    init(limit: Int) {
        self.limit = limit
    }

    func start(_ task: URLSessionDataTask, timeout: TimeInterval, continuation: CheckedContinuation<Result<AASAFetchResponse, AASAFetchError>, Never>) {
        lock.lock()
        self.timeout = timeout
        self.continuation = continuation
        lock.unlock()
        task.resume()
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        // Passing nil keeps the redirect response as the task's final response.
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        lock.lock()
        self.response = response as? HTTPURLResponse
        lock.unlock()
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.lock()
        let room = limit - body.count
        if data.count > room {
            body.append(data.prefix(max(0, room)))
            exceeded = true
            lock.unlock()
            dataTask.cancel()
            return
        }
        body.append(data)
        lock.unlock()
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        lock.lock()
        let continuation = self.continuation
        self.continuation = nil
        let response = self.response ?? task.response as? HTTPURLResponse
        let body = self.body
        let exceeded = self.exceeded
        let timeout = self.timeout
        lock.unlock()
        guard let continuation else { return }
        if let response, error == nil || exceeded {
            var headers: [String: String] = [:]
            for (key, value) in response.allHeaderFields {
                if let name = key as? String, let text = value as? String { headers[name] = text }
            }
            continuation.resume(returning: .success(AASAFetchResponse(statusCode: response.statusCode, headers: headers, body: body, exceededLimit: exceeded)))
            return
        }
        if let error = error as? URLError, error.code == .timedOut {
            continuation.resume(returning: .failure(.timedOut(seconds: timeout)))
        } else {
            continuation.resume(returning: .failure(.connectionFailed(error.map { ($0 as NSError).localizedDescription } ?? "no HTTP response")))
        }
    }
}
