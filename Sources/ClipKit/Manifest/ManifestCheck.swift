import Foundation

/// What ``ManifestLoader`` found in a manifest, and where its values are: the raw material the
/// build plugin's generator turns into errors on the manifest's lines, by the loader's own rules.
/// Plain storage, so a clip that links ClipKit carries no more than that for it.
package struct ManifestCheck: Sendable {
    /// The manifest, or the error ``ManifestLoader/load(contentsOf:)`` throws.
    package let outcome: Result<ClipManifest, ManifestError>
    /// The syntax error, with its line and column, when the bytes are not JSON.
    package let syntaxError: JSONSyntaxError?
    /// The manifest's bytes, when the check recorded locations.
    package let bytes: Data
    /// Where each value starts, in document order, when the check recorded locations.
    package let valueLocations: [JSONValueLocation]
}
