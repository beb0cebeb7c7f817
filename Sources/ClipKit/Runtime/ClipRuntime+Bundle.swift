#if canImport(Darwin)
import Foundation

extension ClipRuntime {
    /// Builds the runtime from the `clipkit.json` in `bundle` and the system's container of its App Group.
    ///
    /// - Parameters:
    ///   - bundle: The bundle that holds `clipkit.json` as a resource: the clip's or the app's.
    ///   - parameterKinds: The kinds routes may use: ClipKit's standard kinds and those the
    ///     clip's flow registers (`.standardWithNostr` for the Nostr driver-share flow).
    /// - Throws: ``ClipSetupError``: the manifest is not bundled or not valid, or the target lacks
    ///   the App Group entitlement.
    public static func fromBundle(
        _ bundle: Bundle = .main, parameterKinds: ParameterKindRegistry = .standard
    ) throws(ClipSetupError) -> ClipRuntime {
        guard let url = bundle.url(forResource: "clipkit", withExtension: "json") else {
            throw .manifestNotBundled(bundle: bundle.bundleURL.lastPathComponent)
        }
        let manifest = try Self.manifest(at: url, parameterKinds: parameterKinds)
        let container: AppGroupContainer
        do {
            container = try AppGroupContainer.system(manifest: manifest)
        } catch {
            throw .appGroup(error)
        }
        return try ClipRuntime(manifest: manifest, container: container, parameterKinds: parameterKinds)
    }
}
#endif
