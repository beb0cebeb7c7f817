import Foundation

/// Fetches an AASA file over HTTP without following redirects: the platform seam of the hosting
/// check. ``URLSessionAASAFetcher`` is the implementation on every platform.
public protocol AASAFetching: Sendable {
    /// Requests `url` with GET and returns the response as it came, redirects included.
    ///
    /// - Parameters:
    ///   - url: The AASA file's `https` URL.
    ///   - limit: The most body bytes to read; a longer body is cut and flagged.
    /// - Throws: ``AASAFetchError`` when there is no HTTP response.
    func fetch(_ url: URL, limit: Int) async throws(AASAFetchError) -> AASAFetchResponse
}

/// An HTTP response to an AASA request.
public struct AASAFetchResponse: Sendable, Hashable {
    /// The HTTP status code.
    public let statusCode: Int
    /// The response headers, by lower-cased name.
    public let headers: [String: String]
    /// The body, at most the limit asked for.
    public let body: Data
    /// Whether the body was longer than the limit (and was cut).
    public let exceededLimit: Bool

    /// Creates a response.
    public init(statusCode: Int, headers: [String: String], body: Data, exceededLimit: Bool) {
        self.statusCode = statusCode
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.body = body
        self.exceededLimit = exceededLimit
    }

    /// The value of a header, by name in any case.
    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }
}

/// Why no HTTP response arrived.
public enum AASAFetchError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The server did not answer within the time allowed.
    case timedOut(seconds: Double)
    /// The connection failed (DNS, TCP, TLS); the reason is the system's.
    case connectionFailed(String)

    /// A sentence that says what happened.
    public var description: String {
        switch self {
        case .timedOut(let seconds): return "the server did not answer within \(seconds) seconds"
        case .connectionFailed(let reason): return "the connection failed: \(reason)"
        }
    }
}
