import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One HTTP request to the App Store Connect API.
package struct AppStoreConnectRequest: Sendable, Hashable {
    /// `GET`, `POST` or `PATCH`.
    package var method: String
    /// The full URL.
    package var url: URL
    /// The headers, including `Authorization`.
    package var headers: [String: String]
    /// The JSON body, if any.
    package var body: Data?

    /// Creates a request.
    package init(method: String, url: URL, headers: [String: String], body: Data?) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// An HTTP response from the App Store Connect API.
package struct AppStoreConnectResponse: Sendable, Hashable {
    /// The status code.
    package var status: Int
    /// The headers, by lower-cased name.
    package var headers: [String: String]
    /// The body.
    package var body: Data

    /// Creates a response.
    package init(status: Int, headers: [String: String], body: Data) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.body = body
    }
}

/// Sends requests to the App Store Connect API: the seam between the client and the network.
package protocol AppStoreConnectTransport: Sendable {
    /// Sends `request` and returns the response, whatever its status.
    ///
    /// - Throws: ``AppStoreConnectError/transport(method:path:reason:)`` when no response arrives.
    func send(_ request: AppStoreConnectRequest) async throws(AppStoreConnectError) -> AppStoreConnectResponse
}

/// Sends requests with `URLSession`, with a timeout and a cap on the response size.
package struct URLSessionAppStoreConnectTransport: AppStoreConnectTransport {
    /// Seconds a request may take.
    package var timeout: TimeInterval
    /// The largest response body accepted, in bytes.
    package var maximumResponseBytes = 4 * 1024 * 1024

    /// Creates a transport.
    package init(timeout: TimeInterval = 30) {
        self.timeout = timeout
    }

    /// Sends `request`; see ``AppStoreConnectTransport/send(_:)``.
    package func send(_ request: AppStoreConnectRequest) async throws(AppStoreConnectError) -> AppStoreConnectResponse {
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        urlRequest.httpMethod = request.method
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        urlRequest.httpBody = request.body
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let data: Data, response: URLResponse
        do {
            (data, response) = try await session.data(for: urlRequest)
        } catch {
            throw .transport(method: request.method, path: request.url.path, reason: (error as NSError).localizedDescription)
        }
        guard let http = response as? HTTPURLResponse else {
            throw .transport(method: request.method, path: request.url.path, reason: "no HTTP response")
        }
        guard data.count <= maximumResponseBytes else {
            throw .unexpectedResponse(path: request.url.path, reason: "the response has \(data.count) bytes, more than the \(maximumResponseBytes) read")
        }
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields {
            if let name = key as? String, let text = value as? String { headers[name] = text }
        }
        return AppStoreConnectResponse(status: http.statusCode, headers: headers, body: data)
    }
}

/// How failed requests are retried: on 429 and 5xx answers and on lost connections, with
/// exponential backoff (or the server's `Retry-After`, capped).
package struct AppStoreConnectRetryPolicy: Sendable, Hashable {
    /// The most attempts per request, the first included.
    package var maximumAttempts: Int
    /// The wait before the first retry, in seconds; it doubles each time.
    package var initialDelay: TimeInterval
    /// The longest wait between attempts, in seconds.
    package var maximumDelay: TimeInterval

    /// Creates a policy.
    package init(maximumAttempts: Int = 5, initialDelay: TimeInterval = 1, maximumDelay: TimeInterval = 30) {
        self.maximumAttempts = max(1, maximumAttempts)
        self.initialDelay = max(0, initialDelay)
        self.maximumDelay = max(0, maximumDelay)
    }

    func delay(beforeRetry retry: Int, retryAfter: String?) -> TimeInterval {
        if let retryAfter, let seconds = TimeInterval(retryAfter.trimmingCharacters(in: .whitespaces)), seconds >= 0 {
            return min(seconds, maximumDelay)
        }
        return min(maximumDelay, initialDelay * pow(2, Double(retry)))
    }
}

/// An advanced App Clip experience as App Store Connect lists it.
package struct RemoteAppClipExperience: Sendable, Hashable {
    /// App Store Connect's ID of the experience.
    package var id: String
    /// Its attributes.
    package var experience: AppClipExperience
    /// Whether it is deactivated (removed).
    package var isRemoved: Bool
    /// Its header image, if it has one.
    package var headerImage: RemoteHeaderImage?

    /// Creates a listed experience.
    package init(id: String, experience: AppClipExperience, isRemoved: Bool, headerImage: RemoteHeaderImage? = nil) {
        self.id = id
        self.experience = experience
        self.isRemoved = isRemoved
        self.headerImage = headerImage
    }
}

/// An experience's header image as App Store Connect holds it (`appClipAdvancedExperienceImages`).
package struct RemoteHeaderImage: Sendable, Hashable {
    /// App Store Connect's ID of the image.
    package var id: String
    /// The MD5 checksum the upload was committed with (`sourceFileChecksum`).
    package var checksum: String?
    /// The uploaded file's name.
    package var fileName: String?
    /// The asset's delivery state: `AWAITING_UPLOAD`, `UPLOAD_COMPLETE`, `COMPLETE` or `FAILED`.
    package var state: String?

    /// Creates a listed image.
    package init(id: String, checksum: String?, fileName: String? = nil, state: String? = nil) {
        self.id = id
        self.checksum = checksum
        self.fileName = fileName
        self.state = state
    }

    /// Whether the image holds the bytes of `image`: the same checksum, and not failed.
    package func matches(_ image: AppClipHeaderImage) -> Bool {
        checksum?.lowercased() == image.checksum && state != "FAILED" && state != "AWAITING_UPLOAD"
    }
}

/// The calls ClipKit makes to the App Store Connect API for advanced App Clip experiences:
/// list them for an App Clip, create, update and remove one, upload a header image; and for the
/// domain statuses of a build's App Clip bundle (see ``AppClipDomainStatus``).
///
/// Every request carries a fresh ES256 token; answers 429 and 5xx are retried with backoff.
package struct AppStoreConnectClient: Sendable {
    /// Apple's API base.
    package static let appleBaseURL: URL = {
        guard let url = URL(string: "https://api.appstoreconnect.apple.com") else { preconditionFailure("the API base is a valid URL") }
        return url
    }()
    /// The most pages of experiences followed.
    package static let maximumPages = 50

    /// The API base.
    package let baseURL: URL
    /// The token signer.
    package let token: AppStoreConnectToken
    /// How requests are sent.
    package var transport: any AppStoreConnectTransport
    /// How failures are retried.
    package var retryPolicy: AppStoreConnectRetryPolicy

    /// Creates a client; `baseURL` must be `https`, or plain `http` to the loopback interface.
    package init(baseURL: URL = AppStoreConnectClient.appleBaseURL, token: AppStoreConnectToken,
                transport: any AppStoreConnectTransport = URLSessionAppStoreConnectTransport(),
                retryPolicy: AppStoreConnectRetryPolicy = AppStoreConnectRetryPolicy()) throws(AppStoreConnectError) {
        guard Self.isAllowed(baseURL) else {
            throw .badBaseURL(String(baseURL.absoluteString.prefix(160)))
        }
        self.baseURL = baseURL
        self.token = token
        self.transport = transport
        self.retryPolicy = retryPolicy
    }

    /// Every advanced experience of the App Clip `appClipID`, with its header image's checksum,
    /// following `links.next`.
    package func experiences(appClipID: String) async throws(AppStoreConnectError) -> [RemoteAppClipExperience] {
        let query = "limit=200&include=headerImage&fields%5BappClipAdvancedExperienceImages%5D=fileName,fileSize,sourceFileChecksum,assetDeliveryState"
        var next: URL? = url("/v1/appClips/\(Self.pathSegment(appClipID))/appClipAdvancedExperiences", query: query)
        var result: [RemoteAppClipExperience] = []
        var pages = 0
        while let page = next, pages < Self.maximumPages {
            pages += 1
            let body = try await send("GET", page, body: nil, expecting: [200])
            let decoded: ASCExperienceList = try decode(body, path: page.path)
            let images = Dictionary((decoded.included ?? []).compactMap(\.image).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            result += decoded.data.map { $0.remote(images: images) }
            next = decoded.links?.next.flatMap { URL(string: $0) }.flatMap { candidate in
                candidate.host == baseURL.host && candidate.scheme == baseURL.scheme && candidate.port == baseURL.port ? candidate : nil
            }
        }
        return result
    }

    /// Creates `experience` for the App Clip `appClipID`, with the uploaded header image
    /// `headerImageID` if one is given; returns the new experience's ID.
    package func create(_ experience: AppClipExperience, appClipID: String, headerImageID: String? = nil) async throws(AppStoreConnectError) -> String {
        let request = ASCDocument(data: ASCCreate(
            attributes: .init(experience, removed: nil),
            relationships: .init(appClip: .init(data: .init(type: "appClips", id: appClipID)),
                                 headerImage: headerImageID.map { ASCToOne(data: ASCIdentifier(type: "appClipAdvancedExperienceImages", id: $0)) })
        ), links: nil)
        let path = url("/v1/appClipAdvancedExperiences", query: nil)
        let body = try await send("POST", path, body: try encode(request), expecting: [201, 200])
        let decoded: ASCDocument<ASCResource> = try decode(body, path: path.path)
        return decoded.data.id
    }

    /// Makes the experience `id` match `experience`, and gives it the uploaded header image
    /// `headerImageID` if one is given.
    package func update(id: String, to experience: AppClipExperience, headerImageID: String? = nil) async throws(AppStoreConnectError) {
        let relationships = headerImageID.map {
            ASCUpdate.Relationships(headerImage: ASCToOne(data: ASCIdentifier(type: "appClipAdvancedExperienceImages", id: $0)))
        }
        let request = ASCDocument(data: ASCUpdate(id: id, attributes: .init(experience, removed: nil), relationships: relationships), links: nil)
        _ = try await send("PATCH", url("/v1/appClipAdvancedExperiences/\(Self.pathSegment(id))", query: nil), body: try encode(request), expecting: [200])
    }

    /// Removes (deactivates) the experience `id`.
    package func remove(id: String) async throws(AppStoreConnectError) {
        let request = ASCDocument(data: ASCUpdate(id: id, attributes: .removal), links: nil)
        _ = try await send("PATCH", url("/v1/appClipAdvancedExperiences/\(Self.pathSegment(id))", query: nil), body: try encode(request), expecting: [200])
    }

    /// Uploads `image` as an advanced experience's header image and returns the image's ID.
    ///
    /// As App Store Connect documents for every asset: reserve it (`POST
    /// /v1/appClipAdvancedExperienceImages` with the file's name and size), send the bytes each
    /// returned upload operation asks for (its method, URL, offset, length and headers; these
    /// URLs are not the API, so no token goes with them), then commit it (`PATCH …/{id}` with
    /// `uploaded: true` and the file's MD5 as `sourceFileChecksum`).
    package func uploadHeaderImage(_ image: AppClipHeaderImage) async throws(AppStoreConnectError) -> String {
        let data = try image.contents()
        let reservePath = url("/v1/appClipAdvancedExperienceImages", query: nil)
        let reservation = ASCDocument(data: ASCImageReservation(attributes: .init(fileName: image.fileName, fileSize: data.count)), links: nil)
        let reserved: ASCDocument<ASCImageResource> = try decode(
            try await send("POST", reservePath, body: try encode(reservation), expecting: [201, 200]), path: reservePath.path)
        let id = reserved.data.id
        let operations = reserved.data.attributes?.uploadOperations ?? []
        guard !operations.isEmpty else {
            throw .unexpectedResponse(path: reservePath.path, reason: "the reservation of \(image.fileName) has no upload operations")
        }
        var covered = 0
        for operation in operations {
            guard let method = operation.method?.uppercased(), ["PUT", "POST", "PATCH"].contains(method),
                  let text = operation.url, let target = URL(string: text), Self.isAllowed(target),
                  let offset = operation.offset, let length = operation.length,
                  offset >= 0, length >= 0, offset <= data.count, length <= data.count - offset else {
                throw .unexpectedResponse(path: reservePath.path, reason: "an upload operation for \(image.fileName) is not a PUT, POST or PATCH to an https URL within the file's \(data.count) bytes")
            }
            var headers: [String: String] = [:]
            for header in operation.requestHeaders ?? [] {
                if let name = header.name, let value = header.value { headers[name] = value }
            }
            _ = try await send(method, target, body: data.subdata(in: offset..<(offset + length)), expecting: Set(200...299), uploadHeaders: headers)
            covered += length
        }
        guard covered == data.count else {
            throw .unexpectedResponse(path: reservePath.path, reason: "the upload operations for \(image.fileName) cover \(covered) of its \(data.count) bytes")
        }
        let commitPath = url("/v1/appClipAdvancedExperienceImages/\(Self.pathSegment(id))", query: nil)
        let commit = ASCDocument(data: ASCImageCommit(id: id, attributes: .init(sourceFileChecksum: image.checksum, uploaded: true)), links: nil)
        let committed: ASCDocument<ASCImageResource> = try decode(
            try await send("PATCH", commitPath, body: try encode(commit), expecting: [200]), path: commitPath.path)
        if let state = committed.data.attributes?.assetDeliveryState, state.state == "FAILED" {
            let problems = (state.errors ?? []).map { [$0.code, $0.description].compactMap { $0 }.joined(separator: ": ") }
            throw .headerImage(file: image.path, reason: "App Store Connect could not process the upload\(problems.isEmpty ? "" : ": " + problems.joined(separator: "; "))")
        }
        return id
    }

    // MARK: Requests

    /// Whether requests may go to `url`: `https`, or plain `http` to the loopback interface.
    static func isAllowed(_ url: URL) -> Bool {
        let scheme = url.scheme?.lowercased()
        let host = url.host?.lowercased() ?? ""
        return scheme == "https" || (scheme == "http" && ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host))
    }

    func url(_ path: String, query: String?) -> URL {
        var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) ?? URLComponents()
        components.percentEncodedPath = path
        components.percentEncodedQuery = query
        return components.url ?? baseURL
    }

    static func pathSegment(_ id: String) -> String {
        id.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-_"))) ?? id
    }

    /// Sends a request to the API, or — with `uploadHeaders` — to an upload operation's URL with
    /// exactly those headers and no token; retries 429, 5xx and lost connections.
    func send(_ method: String, _ url: URL, body: Data?, expecting: Set<Int>, uploadHeaders: [String: String]? = nil) async throws(AppStoreConnectError) -> Data {
        var attempt = 0
        while true {
            attempt += 1
            let headers: [String: String]
            if let uploadHeaders {
                headers = uploadHeaders
            } else {
                headers = ["Authorization": "Bearer \(try token.token())", "Content-Type": "application/json", "Accept": "application/json"]
            }
            let request = AppStoreConnectRequest(method: method, url: url, headers: headers, body: body)
            var retryAfter: String?
            let failure: AppStoreConnectError
            let outcome: Result<AppStoreConnectResponse, AppStoreConnectError>
            do {
                outcome = .success(try await transport.send(request))
            } catch {
                outcome = .failure(error)
            }
            switch outcome {
            case .success(let response):
                if expecting.contains(response.status) { return response.body }
                failure = .status(response.status, method: method, path: url.path, detail: Self.detail(response.body))
                guard response.status == 429 || (500...599).contains(response.status) else { throw failure }
                retryAfter = response.headers["retry-after"]
            case .failure(let error):
                guard case .transport = error else { throw error }
                failure = error
            }
            guard attempt < retryPolicy.maximumAttempts else { throw failure }
            let delay = retryPolicy.delay(beforeRetry: attempt - 1, retryAfter: retryAfter)
            try? await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000))
        }
    }

    /// The first error's title and detail of an API error body.
    static func detail(_ body: Data) -> String {
        struct Errors: Decodable { struct Item: Decodable { let title: String?; let detail: String? }; let errors: [Item]? }
        guard let first = (try? JSONDecoder().decode(Errors.self, from: body))?.errors?.first else { return "" }
        return [first.title, first.detail].compactMap { $0 }.joined(separator: ": ").prefix(300).description
    }

    func encode<T: Encodable>(_ value: T) throws(AppStoreConnectError) -> Data {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return try encoder.encode(value)
        } catch {
            throw .unexpectedResponse(path: "request", reason: "the request could not be encoded: \(error)")
        }
    }

    func decode<T: Decodable>(_ data: Data, path: String) throws(AppStoreConnectError) -> T {
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch {
            throw .unexpectedResponse(path: path, reason: "the body is not the documented JSON (\(error))")
        }
    }
}
