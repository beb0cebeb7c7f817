import ClipReports
import ClipAASA
import ClipKit
import Foundation

/// The AASA check through ClipAASA's ``/ClipAASA/AASAValidator``: the file's bytes, structure and patterns,
/// its agreement with the manifest, and — for a live URL — how it is hosted.
///
/// The validator's findings keep their codes (`aasa.…`) and severities; the JSON path inside the
/// file becomes the finding's key.
package struct AASAValidatorChecker: AASAChecking {
    /// The parameter kinds used to make sample URLs for the manifest's routes.
    package var parameterKinds: ParameterKindRegistry
    /// The domain a local file is served for, when the manifest has several.
    package var domain: String?
    /// How live URLs are fetched.
    package var fetcher: any AASAFetching

    /// Creates the checker.
    package init(parameterKinds: ParameterKindRegistry = .standard, domain: String? = nil, fetcher: any AASAFetching = URLSessionAASAFetcher()) {
        self.parameterKinds = parameterKinds
        self.domain = domain
        self.fetcher = fetcher
    }

    /// Validates the file at `source` (a path or an `http(s)://` URL) against `manifest`.
    package func findings(forSource source: String, manifest: ClipManifest) async throws(DoctorError) -> [Finding] {
        let report: AASAValidationReport
        switch AASASource(source) {
        case .malformedURL:
            throw .unreadable(input: "--aasa", path: source, reason: "not a URL")
        case .url(let url):
            let validator = AASAValidator(manifest: manifest, domain: domain, parameterKinds: parameterKinds)
            report = await validator.validate(url: url, using: fetcher)
        case .file:
            let validator = AASAValidator(manifest: manifest, domain: domain ?? Self.domain(inPath: source, manifest: manifest),
                                          parameterKinds: parameterKinds)
            do {
                report = try validator.validate(fileAt: source)
            } catch {
                throw .unreadable(input: "--aasa", path: source, reason: "\(error.reason) (give a file, or an https:// URL of the domain)")
            }
        }
        return report.findings.map { $0.finding(file: source) }
    }

    /// The manifest domain named by a folder of `path` (as `clipkit site build` lays files out), if exactly one is.
    static func domain(inPath path: String, manifest: ClipManifest) -> String? {
        let components = Set(path.split(separator: "/").map { $0.lowercased() })
        let named = manifest.domains.filter { components.contains($0.lowercased()) }
        return named.count == 1 ? named[0] : nil
    }
}
