import ArgumentParser
import ClipNostr

extension SignatureBackend: ExpressibleByArgument {}

/// The `--signature-backend` option of the commands that verify events.
struct SignatureBackendOption: ParsableArguments {
    /// The backend asked for, or nil for the fastest this build links.
    @Option(
        name: .customLong("signature-backend"),
        help: ArgumentHelp(
            "The BIP-340 implementation that checks signatures: \(SignatureBackend.allCases.map(\.rawValue).joined(separator: " or ")) (default: the fastest linked, \(SignatureBackend.fastestLinked.rawValue)).",
            valueName: "backend"
        )
    )
    var backend: SignatureBackend?

    /// A verifier for the chosen backend.
    ///
    /// - Throws: ``CommandFailure/badInput(_:)`` when this build does not link the backend.
    func makeVerifier() throws -> any SignatureVerifier {
        do {
            return try (backend ?? .fastestLinked).makeVerifier()
        } catch {
            throw CommandFailure.badInput("--signature-backend: \(error.description)")
        }
    }
}
