@_spi(ClipKitTooling) import ClipKit
import Foundation

/// The hosting checks of an AASA URL: the scheme, the path, and the response.
struct AASAHostingCheck {
    let url: URL
    var findings: [AASAFinding] = []

    init(url: URL) {
        self.url = url
    }

    mutating func add(_ code: AASAFinding.Code, _ severity: AASAFinding.Severity, _ message: String, fix: String) {
        findings.append(AASAFinding(code: code, severity: severity, path: "$", message: message, fix: fix))
    }

    static let loopbackHosts: Set<String> = ["127.0.0.1", "localhost", "::1", "[::1]"]

    /// The URL to fetch, or `nil` (with a finding) when it must not be fetched.
    mutating func target() -> URL? {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true),
              let scheme = components.scheme?.lowercased(), let host = components.host?.lowercased(), !host.isEmpty else {
            add(.notHTTPS, .error, "'\(url.absoluteString.prefix(120))' is not an https URL with a host",
                fix: "give the domain's URL, like https://example.com (the well-known path is added)")
            return nil
        }
        switch scheme {
        case "https":
            break
        case "http" where AASAHostingCheck.loopbackHosts.contains(host):
            add(.loopbackHTTP, .warning,
                "fetched over plain HTTP from the loopback interface; this is only accepted for local testing, the system fetches AASA files over HTTPS only",
                fix: "serve the file over HTTPS with a valid certificate in production")
        default:
            add(.notHTTPS, .error, "'\(url.absoluteString.prefix(120))' does not use HTTPS; the system fetches AASA files over HTTPS only, with a valid certificate",
                fix: "serve the file at https://\(host)\(AASADocument.wellKnownPath)")
            return nil
        }
        if components.percentEncodedPath.isEmpty || components.percentEncodedPath == "/" {
            components.percentEncodedPath = AASADocument.wellKnownPath
        } else if components.percentEncodedPath != AASADocument.wellKnownPath {
            add(.wrongPath, .error,
                "the file was fetched from '\(components.percentEncodedPath.prefix(120))', but the system only requests \(AASADocument.wellKnownPath)",
                fix: "serve the file at \(AASADocument.wellKnownPath) (without a file extension)")
        }
        return components.url
    }

    mutating func report(unreachable target: URL, _ error: AASAFetchError) {
        add(.unreachable, .error, "could not fetch \(target.absoluteString.prefix(160)): \(error.description)",
            fix: "make sure the domain resolves, the server answers on port \(target.port ?? 443) and its certificate is valid")
    }

    /// Checks the response; returns whether the body should be validated.
    mutating func check(_ response: AASAFetchResponse, from target: URL) -> Bool {
        if (300...399).contains(response.statusCode) {
            let location = response.header("Location").map { " to \($0.prefix(160))" } ?? ""
            add(.redirect, .error, "the server answered \(response.statusCode) with a redirect\(location); the system does not follow redirects for AASA files",
                fix: "serve the file directly at \(target.absoluteString.prefix(160)) with status 200")
            return false
        }
        guard response.statusCode == 200 else {
            add(.badStatus, .error, "the server answered with status \(response.statusCode); the system needs 200",
                fix: "serve the file at \(AASADocument.wellKnownPath) with status 200")
            return false
        }
        let contentType = response.header("Content-Type") ?? ""
        let mediaType = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        if mediaType != "application/json" {
            add(.contentType, .warning,
                contentType.isEmpty ? "the response has no Content-Type; serve it as application/json" : "the response's Content-Type is '\(contentType.prefix(80))', not application/json",
                fix: "configure the server to send Content-Type: application/json for \(AASADocument.wellKnownPath)")
        }
        if response.exceededLimit {
            add(.fileTooLarge, .error, "the file is larger than \(ByteSize.text(AASADocument.maximumBytes)); the system ignores it",
                fix: "remove patterns (merge them with wildcards or substitution variables) until the file is under \(ByteSize.text(AASADocument.maximumBytes))")
            return false
        }
        return true
    }
}
