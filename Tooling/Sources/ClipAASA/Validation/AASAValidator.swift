import ClipKit
import Foundation

/// Checks an AASA file, and optionally how it is hosted and whether it agrees with the manifest.
///
/// Each problem is an ``AASAFinding`` with a stable code, a severity, the JSON path where it is,
/// a message and a fix. The file is valid when no finding is an error.
///
/// ```swift
/// let validator = AASAValidator(manifest: manifest)
/// let report = validator.validate(data: try Data(contentsOf: file))
/// let hosted = await validator.validate(url: URL(string: "https://roadflare.app")!)
/// ```
///
/// What is checked:
/// - the bytes: at most 128 KB, no byte-order mark, one JSON object, no repeated keys;
/// - the structure: known keys with the right types (unknown keys are warnings), application
///   identifiers of the form `TEAMID.bundleID`, legacy and modern formats not mixed (TN3155);
/// - the patterns: syntax and substitution variables, and, from the matcher's own rule engine,
///   components that never match any URL and components that never apply because an earlier one
///   already matches everything they match (first match wins). Those are warnings, as is what iOS
///   reads but ignores or widens: the validator never fails a file Apple uses;
/// - with a manifest: `appclips` lists exactly the manifest's clip, and every route's URLs open the
///   full app (routes handled by the clip too: the app receives them once installed);
/// - for a URL: HTTPS, status 200 without redirect, `application/json`, the well-known path.
public struct AASAValidator: Sendable {
    /// The manifest the file must agree with, if any.
    public var manifest: ClipManifest?
    /// The domain the file is served for; needed for the route checks when the manifest has
    /// several domains. A URL's host is used when it is one of the manifest's domains.
    public var domain: String?
    /// The parameter kinds used to pick sample values for route captures.
    public var parameterKinds: ParameterKindRegistry

    /// Creates a validator.
    public init(manifest: ClipManifest? = nil, domain: String? = nil, parameterKinds: ParameterKindRegistry = .standard) {
        self.manifest = manifest
        self.domain = domain
        self.parameterKinds = parameterKinds
    }

    /// Checks the bytes of an AASA file.
    public func validate(data: Data) -> AASAValidationReport {
        AASAValidationReport(findings: findings(in: data, domain: domain))
    }

    /// Fetches the file at `url` and checks its hosting and its content.
    ///
    /// A URL without a path (or with `/`) is completed with `/.well-known/apple-app-site-association`.
    /// Only `https` is fetched, except plain `http` to the loopback interface (`127.0.0.1`,
    /// `localhost`, `[::1]`) for tests, which is reported as a warning.
    public func validate(url: URL, using fetcher: any AASAFetching = URLSessionAASAFetcher()) async -> AASAValidationReport {
        var hosting = AASAHostingCheck(url: url)
        guard let target = hosting.target() else { return AASAValidationReport(findings: hosting.findings) }
        let response: AASAFetchResponse
        do {
            response = try await fetcher.fetch(target, limit: AASADocument.maximumBytes)
        } catch {
            hosting.report(unreachable: target, error)
            return AASAValidationReport(findings: hosting.findings)
        }
        guard hosting.check(response, from: target) else { return AASAValidationReport(findings: hosting.findings) }
        let host = target.host?.lowercased()
        let servedDomain = manifest?.domains.first { $0.lowercased() == host } ?? domain
        return AASAValidationReport(findings: hosting.findings + findings(in: response.body, domain: servedDomain))
    }

    func findings(in data: Data, domain: String?) -> [AASAFinding] {
        var check = AASAFileCheck()
        guard let (root, document) = check.read(data) else { return check.findings }
        check.checkStructure(root: root, document: document)
        let matcher = AASAMatcher(document: document)
        check.checkPatterns(document: document, matcher: matcher)
        check.checkShadowing(document: document, matcher: matcher)
        if let manifest {
            var agreement = AASAManifestCheck(manifest: manifest, parameterKinds: parameterKinds)
            agreement.check(document: document, matcher: matcher, domain: domain)
            check.findings += agreement.findings
        }
        return check.findings
    }
}
