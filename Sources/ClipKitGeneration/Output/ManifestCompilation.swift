/// What compiling a manifest gives: the Swift source, and the warnings about what the manifest
/// describes but the source leaves out.
public struct ManifestCompilation: Sendable, Equatable {
    /// The generated Swift source.
    public let source: String
    /// Each handoff type left without a Swift type, and why, at the JSON path of the member that
    /// keeps it from one; every diagnostic has severity ``ManifestDiagnostic/Severity/warning``.
    public let warnings: [ManifestDiagnostic]

    /// Creates a compilation result.
    public init(source: String, warnings: [ManifestDiagnostic]) {
        self.source = source
        self.warnings = warnings
    }
}
