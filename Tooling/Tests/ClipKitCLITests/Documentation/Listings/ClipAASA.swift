import ClipAASA
import ClipKit
import ClipManifestReader
import Foundation

/// Which app a link opens, by the AASA file generated from the manifest, after checking the file.
func whichAppOpens(_ link: String, manifestAt manifestURL: URL) throws -> AASAMatchResult {
    let manifest = try ManifestLoader().load(contentsOf: manifestURL)
    let file = try AASAGenerator(manifest: manifest).data()                  // the manifest's only domain
    let report = AASAValidator(manifest: manifest).validate(data: file)
    for finding in report.findings { print(finding) }                        // none for a generated file
    return try AASAMatcher(document: AASADocument(parsing: file)).match(link)
}
