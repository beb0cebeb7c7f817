@_spi(ClipKitTooling) import ClipKit

/// Where a manifest's values are, recorded by ``ManifestLoader`` for the build plugin's generator,
/// which turns each problem's JSON path into a line and column.
package struct ManifestSourceMap: Sendable {
    /// Where each value starts, in document order.
    package var valueLocations: [JSONValueLocation] = []
    /// The syntax error, with its line and column, when the bytes are not JSON.
    package var syntaxError: JSONSyntaxError?
    /// What the checks found allowed but likely not meant (``ManifestValidator/warnings(in:)``).
    package var warnings: [ManifestIssue] = []

    /// An empty map, for ``ManifestLoader`` to fill in.
    package init() {}
}
