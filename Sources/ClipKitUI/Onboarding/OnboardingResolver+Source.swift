import ClipKit
import Foundation

extension OnboardingResolver {
    /// The full app's launch decision in one call: builds the runtime from `configuration`
    /// (`ClipConfiguration.self`, generated from `clipkit.json`, or ClipManifestReader's
    /// `BundledManifest.self`), routes `url` (the universal link that opened the app, if any), claims
    /// the handoff once and decides the first screen.
    ///
    /// When the runtime cannot be built the launch shows the standard screen and says why in
    /// `OnboardingLaunch.setupProblem`, as after an eviction: the handoff is never required.
    ///
    /// - Parameters:
    ///   - url: The universal link that opened the app, or `nil` for a launch from the home screen.
    ///   - configuration: Where the runtime comes from: `ClipConfiguration.self` or `BundledManifest.self`.
    ///   - parameterKinds: The kinds the manifest's routes use; `nil` takes the configuration's own
    ///     (``/ClipKit/ClipRuntimeSource/parameterKinds``). A manifest read at launch with Nostr
    ///     routes needs `.standardWithNostr`.
    public func launch<Source: ClipRuntimeSource>(
        openedBy url: URL? = nil, configuration: Source.Type, parameterKinds: ParameterKindRegistry? = nil
    ) -> OnboardingLaunch<Destination> {
        do {
            return launch(openedBy: url, runtime: try Source.runtime(parameterKinds: parameterKinds ?? Source.parameterKinds))
        } catch {
            return launch(failedToSetUp: ClipSetupError(error))
        }
    }
}
