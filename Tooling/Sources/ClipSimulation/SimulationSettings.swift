import ClipKit
import ClipNostr

/// What a simulation runs on: the manifest, the relays the clip asks, and how long it waits.
package struct SimulationSettings: Sendable {
    /// The manifest both the clip and the app are built from.
    package var manifest: ClipManifest
    /// The relays a driver preview asks; `nil` uses the manifest's `nostr.relays`.
    package var relays: [String]?
    /// How long the clip waits for relays, in seconds (the preview's deadline and the fetcher's timeout).
    package var timeoutSeconds: Double
    /// The parameter kinds routes may use; ClipKit's standard kinds and ClipNostr's by default.
    package var parameterKinds: ParameterKindRegistry
    /// What checks the signatures of the profiles the clip previews; the platform's default unless set.
    package var signatureVerifier: any SignatureVerifier

    /// Creates settings.
    package init(
        manifest: ClipManifest, relays: [String]? = nil, timeoutSeconds: Double = 8,
        parameterKinds: ParameterKindRegistry = .standardWithNostr,
        signatureVerifier: any SignatureVerifier = SignatureVerifiers.platformDefault
    ) {
        self.manifest = manifest
        self.relays = relays
        self.timeoutSeconds = timeoutSeconds
        self.parameterKinds = parameterKinds
        self.signatureVerifier = signatureVerifier
    }
}
