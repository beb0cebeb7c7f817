import ClipDoctor
import ClipKit
import ClipManifestReader
import Foundation

/// Checks a clip's entitlements and Info.plist against the manifest, as `clipkit doctor` does.
func checkClipWiring(manifestAt manifestURL: URL, clipEntitlements: String, clipInfoPlist: String) async throws -> DoctorReport {
    let manifest = try ManifestLoader().load(contentsOf: manifestURL)
    let doctor = Doctor(manifest: manifest, manifestFile: manifestURL.path)
    let report = try await doctor.examine(DoctorInputs(clipEntitlements: clipEntitlements, clipInfoPlist: clipInfoPlist))
    for finding in report.findings { print(finding.severity, finding.code, finding.message, finding.fix ?? "") }
    return report                                                            // report.isOK: nothing at error level
}
