import ArgumentParser
@_spi(ClipKitTooling) import ClipNostr

/// The `--signature-backend` option of the commands that verify events.
struct SignatureBackendOption: ParsableArguments {
    /// The backend asked for, or nil for the fastest this build links.
    @Option(
        name: .customLong("signature-backend"),
        help: ArgumentHelp(
            "The BIP-340 implementation that checks signatures: \(SignatureBackend.allCases.map(\.rawValue).joined(separator: " or ")) (default: the fastest linked, \(SignatureBackend.fastestLinked.rawValue)).",
            valueName: "backend"
        ),
        transform: Self.backend(named:)
    )
    var backend: SignatureBackend?

    /// The backend `name` names; ArgumentParser reports the error with the option's name.
    private static func backend(named name: String) throws -> SignatureBackend {
        guard let backend = SignatureBackend(rawValue: name) else {
            throw ValidationError("'\(name)' is not a signature backend: use \(SignatureBackend.allCases.map(\.rawValue).joined(separator: " or ")).")
        }
        return backend
    }

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
