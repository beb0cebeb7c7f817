import ClipReports
import ClipKit

/// Checks an apple-app-site-association file against the manifest: the seam between ClipDoctor
/// and the link-domain validator.
///
/// Doctor carries the validator's findings into its own report; implementations prefix their
/// codes with `aasa.` so they cannot collide with doctor's own.
package protocol AASAChecking: Sendable {
    /// The findings for the AASA file at `source`: a local path or an `https://` URL.
    ///
    /// - Throws: ``DoctorError`` when a local file cannot be read at all. A live URL that cannot
    ///   be fetched is a finding (`aasa.unavailable`), since that is what a device would meet too.
    func findings(forSource source: String, manifest: ClipManifest) async throws(DoctorError) -> [Finding]
}
