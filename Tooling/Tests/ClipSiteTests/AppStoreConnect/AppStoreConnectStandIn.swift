import ClipSite
import ClipTestSupport
import ClipToolingTestSupport
import Crypto
import Foundation

/// A local stand-in for the App Store Connect API's advanced App Clip experience endpoints, on a
/// real HTTP server on the loopback interface.
///
/// Apple's API cannot be reached from the tests, and pushing to it would change a real App Clip,
/// so this server implements the documented request and response shapes instead:
/// `GET /v1/appClips/{id}/appClipAdvancedExperiences`, `POST /v1/appClipAdvancedExperiences`
/// and `PATCH /v1/appClipAdvancedExperiences/{id}` (with `removed: true` to deactivate). Every
/// request's bearer token is checked: ES256 signature against the public key, `kid`, `iss`,
/// `aud` `appstoreconnect-v1`, and a lifetime of at most 20 minutes.
final class AppStoreConnectStandIn: @unchecked Sendable {
    let publicKey: P256.Signing.PublicKey
    let keyID: String
    let issuerID: String
    let appClipID: String
    private let lock = NSLock()
    private var stored: [(id: String, attributes: [String: Any])] = []
    private var nextID = 1
    private var log: [String] = []
    private var forced: [String: [Int]] = [:]
    private var tokenProblems: [String] = []
    private(set) var server: LoopbackHTTPServer?

    init(publicKey: P256.Signing.PublicKey, keyID: String, issuerID: String, appClipID: String) throws {
        self.publicKey = publicKey
        self.keyID = keyID
        self.issuerID = issuerID
        self.appClipID = appClipID
        server = try LoopbackHTTPServer { [unowned self] request in self.answer(request) }
    }

    func stop() { server?.stop() }

    var baseURL: URL { URL(string: server?.baseURL ?? "") ?? URL(fileURLWithPath: "/") }

    /// `METHOD path` of every request, in order.
    var requests: [String] { lock.withLock { log } }
    /// Why tokens were refused, if any were.
    var refusedTokens: [String] { lock.withLock { tokenProblems } }
    /// The experiences held, by link: attributes as JSON objects.
    var experiences: [(id: String, attributes: [String: Any])] { lock.withLock { stored } }

    /// Answers the next `count` requests of `method` with `status` before serving them normally.
    func force(_ status: Int, for method: String, times count: Int = 1) {
        lock.withLock { forced[method, default: []] += Array(repeating: status, count: count) }
    }

    /// Seeds an experience as if it had been created earlier.
    func seed(link: String, action: String = "OPEN", place: [String: Any]? = nil) {
        lock.withLock {
            var attributes: [String: Any] = ["link": link, "action": action, "isPoweredBy": false, "status": "RECEIVED", "version": 1]
            if let place { attributes["place"] = place }
            stored.append(("seed-\(nextID)", attributes))
            nextID += 1
        }
    }

    private func json(_ status: Int, _ object: Any) -> LoopbackHTTPServer.Response {
        let body = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return .init(status: status, headers: [("Content-Type", "application/json")], body: body)
    }

    private func error(_ status: Int, _ title: String, _ detail: String) -> LoopbackHTTPServer.Response {
        json(status, ["errors": [["status": "\(status)", "code": title.uppercased().replacingOccurrences(of: " ", with: "_"), "title": title, "detail": detail]]])
    }

    private func resource(_ item: (id: String, attributes: [String: Any])) -> [String: Any] {
        ["type": "appClipAdvancedExperiences", "id": item.id, "attributes": item.attributes,
         "links": ["self": "\(baseURL.absoluteString)/v1/appClipAdvancedExperiences/\(item.id)"]]
    }

    func answer(_ request: LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Response {
        lock.lock()
        defer { lock.unlock() }
        log.append("\(request.method) \(request.path)")
        if let problem = checkToken(request.headers["authorization"]) {
            tokenProblems.append(problem)
            return error(401, "Not authorized", problem)
        }
        if var queue = forced[request.method], !queue.isEmpty {
            let status = queue.removeFirst()
            forced[request.method] = queue
            var response = error(status, "Rate limit exceeded", "try again")
            response.headers.append(("Retry-After", "0"))
            return response
        }
        let parts = request.path.split(separator: "/").map(String.init)
        switch (request.method, parts.count) {
        case ("GET", 4) where parts[0] == "v1" && parts[1] == "appClips" && parts[3] == "appClipAdvancedExperiences":
            guard parts[2] == appClipID else { return error(404, "Not found", "no App Clip \(parts[2])") }
            return json(200, ["data": stored.map(resource), "links": ["self": "\(baseURL.absoluteString)\(request.path)"], "meta": ["paging": ["total": stored.count, "limit": 200]]])
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
            attributes["status"] = "RECEIVED"
            attributes["version"] = 1
            let item = (id: "exp-\(nextID)", attributes: attributes)
            nextID += 1
            stored.append(item)
            return json(201, ["data": resource(item)])
        case ("PATCH", 3) where parts[0] == "v1" && parts[1] == "appClipAdvancedExperiences":
            guard let index = stored.firstIndex(where: { $0.id == parts[2] }) else { return error(404, "Not found", "no experience \(parts[2])") }
            guard let body = try? JSONSerialization.jsonObject(with: request.body) as? [String: Any], let data = body["data"] as? [String: Any],
                  data["type"] as? String == "appClipAdvancedExperiences", data["id"] as? String == parts[2],
                  let attributes = data["attributes"] as? [String: Any] else {
                return error(422, "Invalid request", "the body is not an AppClipAdvancedExperienceUpdateRequest")
            }
            for (key, value) in attributes where key != "removed" && key != "link" { stored[index].attributes[key] = value }
            if attributes["removed"] as? Bool == true { stored[index].attributes["status"] = "DEACTIVATED" }
            stored[index].attributes["version"] = ((stored[index].attributes["version"] as? Int) ?? 1) + 1
            return json(200, ["data": resource(stored[index])])
        default:
            return error(404, "Not found", "\(request.method) \(request.path) is not implemented here")
        }
    }

    /// Why the bearer token is refused, or nil when it is good.
    func checkToken(_ header: String?) -> String? {
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

    static func base64URL(_ text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }
}
