@_spi(ClipKitTooling) import ClipKit
import Foundation

/// Compares Apple's CDN copy of a domain's AASA file with the file the domain serves.
///
/// Devices do not fetch the AASA file from the domain: they ask Apple's CDN
/// (`https://app-site-association.cdn-apple.com/a/v1/<domain>`), which refreshes its copy on its
/// own schedule. A change to the file can therefore take a while to reach devices; this check says
/// whether it has, and if not, what devices still do differently.
///
/// Both sides are fetched with the hosting rules of ``AASAValidator/validate(url:using:)``: no
/// redirect is followed, at most 128 KB is read, and the content type must be `application/json`.
///
/// ```swift
/// let check = AASACDNCheck(manifest: manifest)
/// let report = await check.compare(domain: "example.com", origin: .fetch(URL(string: "https://example.com")!))
/// // report.status == .stale; report.differences lists the changed apps, components and routes
/// ```
public struct AASACDNCheck: Sendable {
    /// Apple's CDN base: the domain is appended to it.
    public static let appleBaseURL: URL = {
        guard let url = URL(string: "https://app-site-association.cdn-apple.com/a/v1/") else {
            preconditionFailure("the CDN base is a valid URL")
        }
        return url
    }()

    /// The most differences listed for one domain.
    public static let maximumDifferences = 200

    /// Where the domain's file comes from.
    public enum Origin: Sendable, Hashable {
        /// Fetch it from this URL (a domain alone is completed with the well-known path).
        case fetch(URL)
        /// The file's bytes, already read (a local file); `label` names it in messages.
        case bytes(Data, label: String)
    }

    /// The CDN base the domain is appended to.
    public let cdnBaseURL: URL
    /// The manifest whose routes give the sample URLs, if any.
    public var manifest: ClipManifest?
    /// The parameter kinds used to fill route captures in sample URLs.
    public var parameterKinds: ParameterKindRegistry

    /// Creates a check against `cdnBaseURL` (Apple's CDN unless overridden, for tests).
    public init(cdnBaseURL: URL = AASACDNCheck.appleBaseURL, manifest: ClipManifest? = nil, parameterKinds: ParameterKindRegistry = .standard) {
        self.cdnBaseURL = cdnBaseURL
        self.manifest = manifest
        self.parameterKinds = parameterKinds
    }

    /// Checks a CDN base given as text: an `https` URL, or plain `http` to the loopback interface.
    ///
    /// - Throws: ``AASACDNBaseURLError`` when it is neither.
    public static func baseURL(_ text: String) throws(AASACDNBaseURLError) -> URL {
        guard var components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
              let host = components.host?.lowercased(), !host.isEmpty else {
            throw .notAURL(String(text.prefix(160)))
        }
        switch scheme {
        case "https": break
        case "http" where AASAHostingCheck.loopbackHosts.contains(host): break
        default: throw .notHTTPS(String(text.prefix(160)))
        }
        if !components.percentEncodedPath.hasSuffix("/") { components.percentEncodedPath += "/" }
        guard let url = components.url else { throw .notAURL(String(text.prefix(160))) }
        return url
    }

    /// The URL of the CDN copy for `domain`.
    public func cdnURL(for domain: String) -> URL? {
        let host = domain.lowercased()
        guard !host.isEmpty, host.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" }) else { return nil }
        return URL(string: host, relativeTo: cdnBaseURL)?.absoluteURL
    }

    /// Fetches the CDN copy for `domain` and the domain's file, and compares them.
    public func compare(domain: String, origin: Origin, using fetcher: any AASAFetching = URLSessionAASAFetcher()) async -> AASACDNReport {
        var findings: [AASAFinding] = []
        func failed(_ message: String, fix: String) -> AASACDNReport {
            findings.append(AASAFinding(code: .cdnError, severity: .error, path: "$", message: "\(domain): \(message)", fix: fix))
            return AASACDNReport(domain: domain, status: .error, differences: [], findings: findings)
        }
        // The domain's side.
        let ours: Data
        switch origin {
        case .bytes(let data, _):
            ours = data
        case .fetch(let url):
            var hosting = AASAHostingCheck(url: url)
            guard let target = hosting.target() else {
                findings += hosting.findings
                return failed("the domain's file was not fetched, so it was not compared with Apple's copy", fix: "give an https URL of the domain")
            }
            do {
                let response = try await fetcher.fetch(target, limit: AASADocument.maximumBytes)
                let usable = hosting.check(response, from: target)
                findings += hosting.findings.filter { $0.code != .loopbackHTTP }
                guard usable else {
                    return failed("the domain's file at \(target.absoluteString.prefix(160)) could not be read (see the hosting findings), so it was not compared with Apple's copy",
                                  fix: "fix how the domain serves the file first; Apple's CDN fetches it with the same rules")
                }
                ours = response.body
            } catch {
                return failed("could not fetch the domain's file at \(target.absoluteString.prefix(160)): \(error.description)",
                              fix: "make sure the domain answers over HTTPS; Apple's CDN needs that too")
            }
        }
        // Apple's side.
        guard let cdnURL = cdnURL(for: domain) else {
            return failed("'\(domain.prefix(120))' is not a domain name", fix: "give a host name such as example.com")
        }
        let response: AASAFetchResponse
        do {
            response = try await fetcher.fetch(cdnURL, limit: AASADocument.maximumBytes)
        } catch {
            return failed("could not fetch Apple's copy at \(cdnURL.absoluteString.prefix(160)): \(error.description)",
                          fix: "check the network and try again; Apple's CDN is reached over HTTPS")
        }
        if (300...399).contains(response.statusCode) {
            let location = response.header("Location").map { " to \($0.prefix(160))" } ?? ""
            findings.append(AASAFinding(code: .cdnHosting, severity: .error, path: "$",
                                        message: "\(domain): Apple's CDN answered \(response.statusCode) with a redirect\(location) instead of its copy",
                                        fix: "the CDN does not redirect for a domain whose file it could fetch: serve the file at https://\(domain)\(AASADocument.wellKnownPath) with status 200 and no redirect"))
            return AASACDNReport(domain: domain, status: .error, differences: [], findings: findings)
        }
        if response.statusCode == 404 {
            findings.append(AASAFinding(code: .cdnMissing, severity: .error, path: "$",
                                        message: "\(domain): Apple's CDN has no copy of the file (404), so devices open the domain's links in the browser and cannot invoke the clip from them",
                                        fix: AASACDNAdvice.missing(domain: domain)))
            return AASACDNReport(domain: domain, status: .missing, differences: [], findings: findings)
        }
        guard response.statusCode == 200 else {
            return failed("Apple's CDN answered with status \(response.statusCode)", fix: "try again later; if it persists, check that https://\(domain)\(AASADocument.wellKnownPath) answers 200")
        }
        if response.exceededLimit {
            findings.append(AASAFinding(code: .cdnHosting, severity: .error, path: "$",
                                        message: "\(domain): Apple's copy is larger than \(AASADocument.maximumBytes) bytes (128 KB)",
                                        fix: "shrink the file under 128 KB; the system ignores larger files"))
            return AASACDNReport(domain: domain, status: .error, differences: [], findings: findings)
        }
        let contentType = response.header("Content-Type") ?? ""
        let mediaType = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        if mediaType != "application/json" {
            findings.append(AASAFinding(code: .cdnHosting, severity: .warning, path: "$",
                                        message: "\(domain): Apple's CDN sent Content-Type '\(contentType.prefix(80))', not application/json",
                                        fix: "check the base URL: Apple's CDN serves its copies as application/json"))
        }
        // Compare.
        guard let theirsJSON = try? JSONValue(parsing: response.body), let theirs = try? AASADocument(json: theirsJSON) else {
            return failed("Apple's copy is not an AASA file that can be read", fix: "check the CDN base URL; then validate the domain's file")
        }
        guard let oursJSON = try? JSONValue(parsing: ours), let mine = try? AASADocument(json: oursJSON) else {
            return failed("the domain's file is not an AASA file that can be read, so it was not compared", fix: "run 'clipkit aasa validate' on the domain's file and fix its errors")
        }
        if oursJSON == theirsJSON {
            return AASACDNReport(domain: domain, status: .identical, differences: [], findings: findings)
        }
        let differences = AASASemanticDiff(manifest: manifest, parameterKinds: parameterKinds)
            .differences(cdn: theirs, domainFile: mine, domain: domain)
        let limited = Array(differences.prefix(AASACDNCheck.maximumDifferences))
        let routeChanges = limited.filter { $0.kind == .routeChanged }
        var message = "\(domain): Apple's CDN holds an older copy of the file; devices still use it."
        if !limited.isEmpty {
            message += " " + limited.prefix(6).map(\.summary).joined(separator: "; ")
            if limited.count > 6 { message += "; and \(limited.count - 6) more" }
        }
        if !routeChanges.isEmpty {
            message += ". \(routeChanges.count) sample URL\(routeChanges.count == 1 ? "" : "s") of the manifest's routes route differently until the CDN refreshes"
        }
        findings.append(AASAFinding(code: .cdnStale, severity: .warning, path: "$", message: message, fix: AASACDNAdvice.stale(domain: domain)))
        return AASACDNReport(domain: domain, status: .stale, differences: limited, findings: findings)
    }
}

/// Why a CDN base URL was refused.
public enum AASACDNBaseURLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text is not a URL with a host.
    case notAURL(String)
    /// The URL is plain `http` to a host other than the loopback interface.
    case notHTTPS(String)

    /// What is wrong and what to do.
    public var description: String {
        switch self {
        case .notAURL(let text): return "'\(text)' is not a URL with a host; give one like https://app-site-association.cdn-apple.com/a/v1/"
        case .notHTTPS(let text): return "'\(text)' is not https; plain http is accepted only for 127.0.0.1, localhost and [::1]"
        }
    }
}

/// What a person can do when Apple's CDN copy is stale or missing.
enum AASACDNAdvice {
    static func stale(domain: String) -> String {
        "wait: Apple's CDN refreshes its copy on its own schedule, usually within a day or so; "
            + "to test the new file now on a development device, add ?mode=developer to the associated-domains entries (applinks:\(domain)?mode=developer, appclips:\(domain)?mode=developer) and turn on Associated Domains Development in the device's Developer settings, so the device fetches from your server directly; "
            + "and check the caching headers (Cache-Control, Expires, Age) the domain sends for \(AASADocument.wellKnownPath): a long max-age keeps old copies around longer"
    }

    static func missing(domain: String) -> String {
        "make sure https://\(domain)\(AASADocument.wellKnownPath) answers 200 with application/json, no redirect and a valid certificate, reachable from the public internet; "
            + "then wait: the CDN fetches the file after the app is installed or submitted; on a development device, ?mode=developer on the associated-domains entries (with Associated Domains Development turned on) bypasses the CDN; "
            + "and check the caching headers the domain sends: a cached 404 can linger"
    }
}
