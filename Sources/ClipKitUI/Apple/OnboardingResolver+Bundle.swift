#if canImport(Darwin)
import ClipKit
import Foundation

extension OnboardingResolver {
    /// The full app's launch decision in one call: builds the runtime from the `clipkit.json` in
    /// `bundle` and the App Group, routes `url` (the universal link that opened the app, if any),
    /// claims the handoff once and decides the first screen.
    ///
    /// When the runtime cannot be built the launch shows the standard screen and says why in
    /// ``OnboardingLaunch/setupProblem``, as after an eviction: the handoff is never required.
    ///
    /// - Parameters:
    ///   - url: The universal link that opened the app, or `nil` for a launch from the home screen.
    ///   - bundle: The bundle that holds `clipkit.json` as a resource.
    ///   - parameterKinds: The kinds the manifest's routes use (`.standardWithNostr` for
    ///     Nostr routes).
    public func launchFromBundle(
        openedBy url: URL? = nil, bundle: Bundle = .main, parameterKinds: ParameterKindRegistry = .standard
    ) -> OnboardingLaunch<Destination> {
        do {
            return launch(openedBy: url, runtime: try .fromBundle(bundle, parameterKinds: parameterKinds))
        } catch {
            return launch(failedToSetUp: error)
        }
    }
}
#endif
