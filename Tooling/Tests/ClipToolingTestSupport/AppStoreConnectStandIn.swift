import Crypto
import Foundation

/// A local stand-in for the parts of the App Store Connect API that ClipKit calls, on a real HTTP
/// server on the loopback interface.
///
/// Apple's API cannot be reached from the tests, and pushing to it would change a real App Clip,
/// so this server implements the documented request and response shapes instead:
///
/// - advanced App Clip experiences: `GET /v1/appClips/{id}/appClipAdvancedExperiences` (with
///   `include=headerImage`), `POST /v1/appClipAdvancedExperiences` and
///   `PATCH /v1/appClipAdvancedExperiences/{id}` (with `removed: true` to deactivate), each with
///   the `headerImage` relationship;
/// - their header images: `POST /v1/appClipAdvancedExperienceImages` (the reservation, answered
///   with upload operations), the upload operations themselves (`PUT /upload/{image}/{part}`, a
///   separate "host" that must not get the API token) and `PATCH
///   /v1/appClipAdvancedExperienceImages/{id}` (the commit, whose `sourceFileChecksum` must be the
///   MD5 of the bytes uploaded);
/// - the domain statuses of a build bundle: `GET /v1/buildBundles/{id}/appClipDomainCacheStatus`
///   and `…/appClipDomainDebugStatus` (404 for a bundle without one), and a build's bundles,
///   `GET /v1/builds/{id}?include=buildBundles`.
///
/// Every API request's bearer token is checked: ES256 signature against the public key, `kid`,
/// `iss`, `aud` `appstoreconnect-v1`, and a lifetime of at most 20 minutes.
package final class AppStoreConnectStandIn: @unchecked Sendable {
    /// A header image as the stand-in holds it.
    package struct Image: Sendable {
        /// The image's ID.
        package let id: String
        /// The reserved file name.
        package let fileName: String
        /// The reserved size, in bytes.
        package let fileSize: Int
        /// The content type the upload operations ask for.
        package let contentType: String
        /// The upload operations: each part's offset and length.
        package let operations: [(offset: Int, length: Int)]
        /// The bytes uploaded for each operation, by its index.
        package var parts: [Int: Data] = [:]
        /// The checksum of the commit, once committed.
        package var checksum: String?
        /// `AWAITING_UPLOAD`, `COMPLETE` or `FAILED`.
        package var state = "AWAITING_UPLOAD"
        /// Why a commit failed.
        package var errors: [String] = []

        /// The uploaded bytes in order, once every part has arrived.
        package var bytes: Data? {
            guard parts.count == operations.count else { return nil }
            return operations.indices.reduce(into: Data()) { result, index in result.append(parts[index] ?? Data()) }
        }
    }

    /// One domain's entry in a domain status.
    package struct DomainEntry: Sendable {
        /// The domain.
        package var domain: String
        /// `isValid`; `nil` leaves it out.
        package var isValid: Bool?
        /// `errorCode`, such as `BAD_HTTP_RESPONSE`.
        package var errorCode: String?
        /// `lastUpdatedDate`.
        package var lastUpdatedDate: String

        /// Creates an entry.
        package init(_ domain: String, isValid: Bool?, errorCode: String? = nil, lastUpdatedDate: String = "2025-03-01T09:30:00.000+0000") {
            self.domain = domain
            self.isValid = isValid
            self.errorCode = errorCode
            self.lastUpdatedDate = lastUpdatedDate
        }
    }

    /// The key whose signatures are accepted.
    package let publicKey: P256.Signing.PublicKey
    /// The accepted key ID.
    package let keyID: String
    /// The accepted issuer ID.
    package let issuerID: String
    /// The App Clip whose experiences are held.
    package let appClipID: String
    private let lock = NSLock()
    private var stored: [(id: String, attributes: [String: Any], headerImage: String?)] = []
    private var storedImages: [Image] = []
    private var statuses: [String: (cache: [DomainEntry]?, debug: [DomainEntry]?)] = [:]
    private var builds: [String: [(id: String, bundleID: String, bundleType: String)]] = [:]
    private var nextID = 1
    private var log: [String] = []
    private var forced: [String: [Int]] = [:]
    private var tokenProblems: [String] = []
    private var problems: [String] = []
    private var server: LoopbackHTTPServer?

    /// Starts a stand-in that accepts tokens signed with the key of `publicKey`.
    package init(publicKey: P256.Signing.PublicKey, keyID: String, issuerID: String, appClipID: String = "clip-1") throws {
        self.publicKey = publicKey
        self.keyID = keyID
        self.issuerID = issuerID
        self.appClipID = appClipID
        server = try LoopbackHTTPServer { [unowned self] request in self.answer(request) }
    }

    /// Starts a stand-in with a new key, and returns the key as the `.p8` text App Store Connect
    /// hands out (PEM, PKCS #8).
    package static func withNewKey(keyID: String, issuerID: String, appClipID: String = "clip-1") throws -> (standIn: AppStoreConnectStandIn, p8: String) {
        let key = P256.Signing.PrivateKey()
        return (try AppStoreConnectStandIn(publicKey: key.publicKey, keyID: keyID, issuerID: issuerID, appClipID: appClipID), key.pemRepresentation)
    }

    /// Stops the server.
    package func stop() { server?.stop() }

    /// The API base, `http://127.0.0.1:PORT`.
    package var baseURL: URL { URL(string: server?.baseURL ?? "") ?? URL(fileURLWithPath: "/") }

    /// `METHOD path` of every request, in order.
    package var requests: [String] { lock.withLock { log } }
    /// Why tokens were refused, if any were.
    package var refusedTokens: [String] { lock.withLock { tokenProblems } }
    /// What was wrong with uploads and commits that the stand-in refused or failed, if anything was.
    package var uploadProblems: [String] { lock.withLock { problems } }
    /// The experiences held: attributes as JSON objects, and the header image's ID.
    package var experiences: [(id: String, attributes: [String: Any], headerImage: String?)] { lock.withLock { stored } }
    /// The header images reserved, in order.
    package var images: [Image] { lock.withLock { storedImages } }

    /// Answers the next `count` requests of `method` with `status` before serving them normally.
    package func force(_ status: Int, for method: String, times count: Int = 1) {
        lock.withLock { forced[method, default: []] += Array(repeating: status, count: count) }
    }

    /// Seeds an experience as if it had been created earlier.
    package func seed(link: String, action: String = "OPEN", place: [String: Any]? = nil) {
        lock.withLock {
            var attributes: [String: Any] = ["link": link, "action": action, "isPoweredBy": false, "status": "RECEIVED", "version": 1]
            if let place { attributes["place"] = place }
            stored.append(("seed-\(nextID)", attributes, nil))
            nextID += 1
        }
    }

    /// Sets the domain statuses of the build bundle `buildBundleID`; a `nil` status is answered 404.
    package func setDomainStatus(buildBundleID: String, cache: [DomainEntry]?, debug: [DomainEntry]?) {
        lock.withLock { statuses[buildBundleID] = (cache, debug) }
    }

    /// Adds a build with its bundles.
    package func addBuild(id: String, bundles: [(id: String, bundleID: String, bundleType: String)]) {
        lock.withLock { builds[id] = bundles }
    }

    /// The lower-case hexadecimal MD5 digest of `data`.
    package static func md5(_ data: Data) -> String {
        Insecure.MD5.hash(data: data).map { String(format: "%02x", $0) }.joined()
    }

    // MARK: Answers

    private func json(_ status: Int, _ object: Any) -> LoopbackHTTPServer.Response {
        let body = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return .init(status: status, headers: [("Content-Type", "application/json")], body: body)
    }

    private func error(_ status: Int, _ title: String, _ detail: String) -> LoopbackHTTPServer.Response {
        json(status, ["errors": [["status": "\(status)", "code": title.uppercased().replacingOccurrences(of: " ", with: "_"), "title": title, "detail": detail]]])
    }

    private func resource(_ item: (id: String, attributes: [String: Any], headerImage: String?), includingImage: Bool) -> [String: Any] {
        let link = "\(baseURL.absoluteString)/v1/appClipAdvancedExperiences/\(item.id)"
        var headerImage: [String: Any] = ["links": ["self": "\(link)/relationships/headerImage", "related": "\(link)/headerImage"]]
        if includingImage {
            headerImage["data"] = item.headerImage.map { ["type": "appClipAdvancedExperienceImages", "id": $0] as Any } ?? NSNull()
        }
        return ["type": "appClipAdvancedExperiences", "id": item.id, "attributes": item.attributes,
                "relationships": ["headerImage": headerImage], "links": ["self": link]]
    }

    private func imageResource(_ image: Image) -> [String: Any] {
        let operations: Any = image.state == "AWAITING_UPLOAD" ? image.operations.enumerated().map { index, operation in
            ["method": "PUT", "url": "\(baseURL.absoluteString)/upload/\(image.id)/\(index)", "offset": operation.offset, "length": operation.length,
             "requestHeaders": [["name": "Content-Type", "value": image.contentType]]] as [String: Any]
        } : NSNull()
        let attributes: [String: Any] = [
            "fileName": image.fileName, "fileSize": image.fileSize, "sourceFileChecksum": image.checksum ?? NSNull(),
            "uploadOperations": operations, "imageAsset": NSNull(),
            "assetDeliveryState": ["state": image.state, "warnings": [Any](), "errors": image.errors.map { ["code": "IMAGE_ASSET_INVALID", "description": $0] }],
        ]
        return ["type": "appClipAdvancedExperienceImages", "id": image.id, "attributes": attributes,
                "links": ["self": "\(baseURL.absoluteString)/v1/appClipAdvancedExperienceImages/\(image.id)"]]
    }

    /// The query's items, percent-decoded.
    private static func query(_ text: String) -> [String: String] {
        var items: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map { String($0).removingPercentEncoding ?? String($0) }
            items[parts[0]] = parts.count > 1 ? parts[1] : ""
        }
        return items
    }

    /// The ID of an image referenced by a `headerImage` relationship, or the answer that refuses it.
    private func headerImage(in relationships: [String: Any]?) -> (id: String?, refusal: LoopbackHTTPServer.Response?) {
        guard let relationship = relationships?["headerImage"] else { return (nil, nil) }
        guard let data = (relationship as? [String: Any])?["data"] as? [String: Any], data["type"] as? String == "appClipAdvancedExperienceImages",
              let id = data["id"] as? String else {
            return (nil, error(422, "Invalid request", "headerImage is not a relationship to appClipAdvancedExperienceImages"))
        }
        guard let image = storedImages.first(where: { $0.id == id }) else { return (nil, error(404, "Not found", "no image \(id)")) }
        guard image.state == "COMPLETE" else { return (nil, error(409, "Conflict", "image \(id) is \(image.state), not uploaded and committed")) }
        return (id, nil)
    }

    /// Answers one request.
    package func answer(_ request: LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Response {
        lock.lock()
        defer { lock.unlock() }
        log.append("\(request.method) \(request.path)")
        let parts = request.path.split(separator: "/").map(String.init)
        if parts.first == "upload" {
            if let status = nextForced(request.method) { return status }
            return upload(request, parts: parts)
        }
        if let problem = checkToken(request.headers["authorization"]) {
            tokenProblems.append(problem)
            return error(401, "Not authorized", problem)
        }
        if let status = nextForced(request.method) { return status }
        let query = Self.query(request.query)
        switch (request.method, parts.count) {
        case ("GET", 4) where parts[0] == "v1" && parts[1] == "appClips" && parts[3] == "appClipAdvancedExperiences":
            guard parts[2] == appClipID else { return error(404, "Not found", "no App Clip \(parts[2])") }
            let includesImages = (query["include"] ?? "").split(separator: ",").contains("headerImage")
            var document: [String: Any] = [
                "data": stored.map { resource($0, includingImage: includesImages) },
                "links": ["self": "\(baseURL.absoluteString)\(request.path)"], "meta": ["paging": ["total": stored.count, "limit": 200]],
            ]
            if includesImages {
                let ids = Set(stored.compactMap(\.headerImage))
                document["included"] = storedImages.filter { ids.contains($0.id) }.map(imageResource)
            }
            return json(200, document)
        case ("POST", 2) where parts == ["v1", "appClipAdvancedExperiences"]:
            guard let body = try? JSONSerialization.jsonObject(with: request.body) as? [String: Any], let data = body["data"] as? [String: Any],
                  data["type"] as? String == "appClipAdvancedExperiences", var attributes = data["attributes"] as? [String: Any],
                  let link = attributes["link"] as? String, attributes["action"] is String,
                  let relationships = data["relationships"] as? [String: Any], let clip = relationships["appClip"] as? [String: Any],
                  let clipData = clip["data"] as? [String: Any], clipData["type"] as? String == "appClips" else {
                return error(422, "Invalid request", "the body is not an AppClipAdvancedExperienceCreateRequest")
            }
            guard clipData["id"] as? String == appClipID else { return error(404, "Not found", "no App Clip") }
            guard !stored.contains(where: { $0.attributes["link"] as? String == link && $0.attributes["status"] as? String != "DEACTIVATED" }) else {
                return error(409, "Conflict", "an experience with this link exists")
            }
            let (image, refusal) = headerImage(in: relationships)
            if let refusal { return refusal }
            attributes["status"] = "RECEIVED"
            attributes["version"] = 1
            let item = (id: "exp-\(nextID)", attributes: attributes, headerImage: image)
            nextID += 1
            stored.append(item)
            return json(201, ["data": resource(item, includingImage: true)])
        case ("PATCH", 3) where parts[0] == "v1" && parts[1] == "appClipAdvancedExperiences":
            guard let index = stored.firstIndex(where: { $0.id == parts[2] }) else { return error(404, "Not found", "no experience \(parts[2])") }
            guard let body = try? JSONSerialization.jsonObject(with: request.body) as? [String: Any], let data = body["data"] as? [String: Any],
                  data["type"] as? String == "appClipAdvancedExperiences", data["id"] as? String == parts[2],
                  let attributes = data["attributes"] as? [String: Any] else {
                return error(422, "Invalid request", "the body is not an AppClipAdvancedExperienceUpdateRequest")
            }
            let (image, refusal) = headerImage(in: data["relationships"] as? [String: Any])
            if let refusal { return refusal }
            if let image { stored[index].headerImage = image }
            for (key, value) in attributes where key != "removed" && key != "link" { stored[index].attributes[key] = value }
            if attributes["removed"] as? Bool == true { stored[index].attributes["status"] = "DEACTIVATED" }
            stored[index].attributes["version"] = ((stored[index].attributes["version"] as? Int) ?? 1) + 1
            return json(200, ["data": resource(stored[index], includingImage: true)])
        case ("POST", 2) where parts == ["v1", "appClipAdvancedExperienceImages"]:
            return reserveImage(request)
        case ("PATCH", 3) where parts[0] == "v1" && parts[1] == "appClipAdvancedExperienceImages":
            return commitImage(request, id: parts[2])
        case ("GET", 4) where parts[0] == "v1" && parts[1] == "buildBundles" && ["appClipDomainCacheStatus", "appClipDomainDebugStatus"].contains(parts[3]):
            if let fields = query["fields[appClipDomainStatuses]"], !fields.split(separator: ",").allSatisfy({ ["domains", "lastUpdatedDate"].contains($0) }) {
                return error(400, "Parameter error", "fields[appClipDomainStatuses] takes domains and lastUpdatedDate")
            }
            let held = statuses[parts[2]]
            guard let entries = parts[3] == "appClipDomainCacheStatus" ? held?.cache : held?.debug else {
                return error(404, "Not found", "no \(parts[3]) for build bundle \(parts[2])")
            }
            let domains: [[String: Any]] = entries.map { entry in
                var object: [String: Any] = ["domain": entry.domain, "lastUpdatedDate": entry.lastUpdatedDate]
                if let valid = entry.isValid { object["isValid"] = valid }
                if let code = entry.errorCode { object["errorCode"] = code }
                return object
            }
            let id = "\(parts[2])-\(parts[3] == "appClipDomainCacheStatus" ? "cache" : "debug")"
            return json(200, [
                "data": ["type": "appClipDomainStatuses", "id": id,
                         "attributes": ["domains": domains, "lastUpdatedDate": entries.map(\.lastUpdatedDate).max().map { $0 as Any } ?? NSNull()],
                         "links": ["self": "\(baseURL.absoluteString)/v1/appClipDomainStatuses/\(id)"]] as [String: Any],
                "links": ["self": "\(baseURL.absoluteString)\(request.path)"],
            ])
        case ("GET", 3) where parts[0] == "v1" && parts[1] == "builds":
            guard let bundles = builds[parts[2]] else { return error(404, "Not found", "no build \(parts[2])") }
            var document: [String: Any] = [
                "data": ["type": "builds", "id": parts[2], "attributes": ["version": "42", "processingState": "VALID"],
                         "relationships": ["buildBundles": ["data": bundles.map { ["type": "buildBundles", "id": $0.id] }]]] as [String: Any],
                "links": ["self": "\(baseURL.absoluteString)\(request.path)"],
            ]
            if (query["include"] ?? "").split(separator: ",").contains("buildBundles") {
                document["included"] = bundles.map { ["type": "buildBundles", "id": $0.id, "attributes": ["bundleId": $0.bundleID, "bundleType": $0.bundleType]] }
            }
            return json(200, document)
        default:
            return error(404, "Not found", "\(request.method) \(request.path) is not implemented here")
        }
    }

    private func nextForced(_ method: String) -> LoopbackHTTPServer.Response? {
        guard var queue = forced[method], !queue.isEmpty else { return nil }
        let status = queue.removeFirst()
        forced[method] = queue
        var response = error(status, "Rate limit exceeded", "try again")
        response.headers.append(("Retry-After", "0"))
        return response
    }

    /// `POST /v1/appClipAdvancedExperienceImages`: reserves an image and answers with its upload
    /// operations, two parts for any file of two bytes or more.
    private func reserveImage(_ request: LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Response {
        guard let body = try? JSONSerialization.jsonObject(with: request.body) as? [String: Any], let data = body["data"] as? [String: Any],
              data["type"] as? String == "appClipAdvancedExperienceImages", let attributes = data["attributes"] as? [String: Any],
              let fileName = attributes["fileName"] as? String, !fileName.isEmpty, let fileSize = attributes["fileSize"] as? Int, fileSize > 0 else {
            return error(422, "Invalid request", "the body is not an AppClipAdvancedExperienceImageCreateRequest with fileName and fileSize")
        }
        let half = fileSize / 2
        let operations = half > 0 ? [(offset: 0, length: half), (offset: half, length: fileSize - half)] : [(offset: 0, length: fileSize)]
        let lowered = fileName.lowercased()
        let image = Image(id: "img-\(nextID)", fileName: fileName, fileSize: fileSize,
                          contentType: lowered.hasSuffix(".png") ? "image/png" : "image/jpeg", operations: operations)
        nextID += 1
        storedImages.append(image)
        return json(201, ["data": imageResource(image)])
    }

    /// An upload operation: the part's bytes, with the headers the reservation named and no token.
    private func upload(_ request: LoopbackHTTPServer.Request, parts: [String]) -> LoopbackHTTPServer.Response {
        guard request.method == "PUT", parts.count == 3, let index = storedImages.firstIndex(where: { $0.id == parts[1] }),
              let part = Int(parts[2]), storedImages[index].operations.indices.contains(part) else {
            return error(404, "Not found", "no upload operation \(request.path)")
        }
        let image = storedImages[index]
        var refusal: String?
        if request.headers["authorization"] != nil {
            refusal = "\(request.path): an upload operation must not carry the API token"
        } else if request.headers["content-type"] != image.contentType {
            refusal = "\(request.path): Content-Type is '\(request.headers["content-type"] ?? "none")', not the '\(image.contentType)' the reservation asked for"
        } else if request.body.count != image.operations[part].length {
            refusal = "\(request.path): \(request.body.count) bytes, not the operation's \(image.operations[part].length)"
        } else if image.state != "AWAITING_UPLOAD" {
            refusal = "\(request.path): the image is already \(image.state)"
        }
        if let refusal {
            problems.append(refusal)
            return error(400, "Bad upload", refusal)
        }
        storedImages[index].parts[part] = request.body
        return .init(status: 200)
    }

    /// `PATCH /v1/appClipAdvancedExperienceImages/{id}`: the commit. The image is complete when
    /// every part arrived and the checksum is the MD5 of the bytes; otherwise it has failed.
    private func commitImage(_ request: LoopbackHTTPServer.Request, id: String) -> LoopbackHTTPServer.Response {
        guard let index = storedImages.firstIndex(where: { $0.id == id }) else { return error(404, "Not found", "no image \(id)") }
        guard let body = try? JSONSerialization.jsonObject(with: request.body) as? [String: Any], let data = body["data"] as? [String: Any],
              data["type"] as? String == "appClipAdvancedExperienceImages", data["id"] as? String == id,
              let attributes = data["attributes"] as? [String: Any], attributes["uploaded"] as? Bool == true,
              let checksum = attributes["sourceFileChecksum"] as? String else {
            return error(422, "Invalid request", "the body is not an AppClipAdvancedExperienceImageUpdateRequest with uploaded and sourceFileChecksum")
        }
        var image = storedImages[index]
        image.checksum = checksum
        if let bytes = image.bytes, bytes.count == image.fileSize, Self.md5(bytes) == checksum {
            image.state = "COMPLETE"
        } else {
            let reason = image.bytes == nil ? "not every part was uploaded"
                : "the checksum \(checksum) is not the MD5 of the \(image.bytes?.count ?? 0) bytes uploaded"
            image.state = "FAILED"
            image.errors = [reason]
            problems.append("\(id): \(reason)")
        }
        storedImages[index] = image
        return json(200, ["data": imageResource(image)])
    }

    /// Why the bearer token is refused, or nil when it is good.
    package func checkToken(_ header: String?) -> String? {
        guard let header, header.hasPrefix("Bearer ") else { return "no bearer token" }
        let parts = header.dropFirst("Bearer ".count).split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, let headerData = Self.base64URL(parts[0]), let claimsData = Self.base64URL(parts[1]),
              let signatureData = Self.base64URL(parts[2]) else { return "not a JWT" }
        guard let header = try? JSONSerialization.jsonObject(with: headerData) as? [String: Any],
              let claims = try? JSONSerialization.jsonObject(with: claimsData) as? [String: Any] else { return "the JWT's parts are not JSON" }
        guard header["alg"] as? String == "ES256", header["typ"] as? String == "JWT" else { return "alg is not ES256" }
        guard header["kid"] as? String == keyID else { return "unknown kid" }
        guard claims["iss"] as? String == issuerID else { return "wrong iss" }
        guard claims["aud"] as? String == "appstoreconnect-v1" else { return "wrong aud" }
        guard let issued = claims["iat"] as? Int, let expires = claims["exp"] as? Int else { return "no iat or exp" }
        let now = Int(Date().timeIntervalSince1970)
        guard expires - issued <= 20 * 60, expires > now, issued <= now + 60 else { return "lifetime longer than 20 minutes or expired" }
        guard let signature = try? P256.Signing.ECDSASignature(rawRepresentation: signatureData),
              publicKey.isValidSignature(signature, for: Data("\(parts[0]).\(parts[1])".utf8)) else { return "bad signature" }
        return nil
    }

    /// Decodes base64 with the URL alphabet and no padding.
    package static func base64URL(_ text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }
}
