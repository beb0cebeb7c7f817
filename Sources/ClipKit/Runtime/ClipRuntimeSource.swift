/// Where a clip or its full app gets its ``ClipRuntime`` from: the configuration that
/// `ClipKitManifestPlugin` compiles from `clipkit.json` (`ClipConfiguration`, generated into the
/// target), or `BundledManifest` from ClipManifestReader, which reads the bundled file at launch.
///
/// The UI modules take a source's type, so a clip that compiles its manifest at build time never
/// links the run-time manifest reader:
///
/// ```swift
/// ClipSessionView(ClipSession.self, configuration: ClipConfiguration.self) { match, session in MenuView(match: match) }
/// ```
public protocol ClipRuntimeSource {
    /// The parameter kinds the manifest's routes use, for callers that do not name their own: the
    /// generated configuration knows them (ClipNostr's `npub`, say); otherwise ClipKit's standard kinds.
    static var parameterKinds: ParameterKindRegistry { get }

    /// Builds the runtime in the system's container of the App Group, with a router that accepts
    /// `parameterKinds` (the kinds the flow registers, such as `.standardWithNostr`).
    ///
    /// - Throws: ``ClipSetupError`` naming what is missing: the manifest, the App Group entitlement.
    static func runtime(parameterKinds: ParameterKindRegistry) throws -> ClipRuntime
}

extension ClipRuntimeSource {
    /// ClipKit's standard parameter kinds.
    public static var parameterKinds: ParameterKindRegistry { .standard }
}
