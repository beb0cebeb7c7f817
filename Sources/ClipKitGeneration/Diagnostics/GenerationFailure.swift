import ClipKit
import Foundation

/// Why no Swift was generated: every problem found, each with its file, line and JSON path.
public struct GenerationFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The problems, in the order found; never empty.
    public let diagnostics: [ManifestDiagnostic]

    /// A failure with these diagnostics.
    public init(diagnostics: [ManifestDiagnostic]) {
        self.diagnostics = diagnostics
    }

    /// A failure with one diagnostic.
    init(_ diagnostic: ManifestDiagnostic) {
        self.init(diagnostics: [diagnostic])
    }

    /// One line per diagnostic, as a compiler writes them.
    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}

extension GenerationFailure: ClipKitError {
}
