/// What ``ManifestLoader`` found in a manifest, with where its values are: how the build plugin's
/// generator reports each problem at its line, by the loader's own rules.
package struct ManifestCheck: Sendable {
    /// The manifest, or the error ``ManifestLoader/load(contentsOf:)`` throws.
    package let outcome: Result<ClipManifest, ManifestError>
    /// The syntax error, with its line and column, when the bytes are not JSON.
    package let syntaxError: JSONSyntaxError?
    /// Where the manifest's values are, when the check recorded it.
    package let locator: JSONLocator

    /// A check that ended before any value was read.
    init(failure: ManifestError, syntaxError: JSONSyntaxError? = nil) {
        self.init(outcome: .failure(failure), locator: JSONLocator(), syntaxError: syntaxError)
    }

    /// A check of a parsed document.
    init(outcome: Result<ClipManifest, ManifestError>, locator: JSONLocator, syntaxError: JSONSyntaxError? = nil) {
        self.outcome = outcome
        self.locator = locator
        self.syntaxError = syntaxError
    }
}
