@_spi(ClipKitTooling) import ClipKit
import Foundation

extension ClipRuntime {
    /// Builds the runtime from a manifest file, with a folder standing in for the App Group
    /// container: for tools, tests and Linux.
    ///
    /// - Throws: ``/ClipKit/ClipSetupError`` naming the part that could not be built and what to do.
    public init(
        manifestAt url: URL, containerDirectory: URL, parameterKinds: ParameterKindRegistry = .standard
    ) throws {
        let manifest = try Self.manifest(at: url, parameterKinds: parameterKinds)
        let container: AppGroupContainer
        do {
            container = try AppGroupContainer(checkingIdentifier: manifest.appGroup, directory: containerDirectory)
        } catch {
            throw ClipSetupError.appGroup(error)
        }
        try self.init(manifest: manifest, container: container, parameterKinds: parameterKinds)
    }

    /// Loads and checks the manifest at `url` with `parameterKinds`.
    static func manifest(at url: URL, parameterKinds: ParameterKindRegistry) throws(ClipSetupError) -> ClipManifest {
        do {
            return try ManifestLoader(parameterKinds: parameterKinds).checkedManifest(contentsOf: url)
        } catch {
            throw .manifest(error)
        }
    }
}

#if canImport(Darwin)
extension ClipRuntime {
    /// Builds the runtime from the `clipkit.json` in `bundle` and the system's container of its App Group.
    ///
    /// - Parameters:
    ///   - bundle: The bundle that holds `clipkit.json` as a resource: the clip's or the app's.
    ///   - parameterKinds: The kinds routes may use: ClipKit's standard kinds and those the
    ///     clip's flow registers (`.standardWithNostr` for the Nostr driver-share flow).
    /// - Throws: ``/ClipKit/ClipSetupError``: the manifest is not bundled or not valid, or the target lacks
    ///   the App Group entitlement.
    public static func fromBundle(
        _ bundle: Bundle = .main, parameterKinds: ParameterKindRegistry = .standard
    ) throws -> ClipRuntime {
        guard let url = bundle.url(forResource: "clipkit", withExtension: "json") else {
            throw ClipSetupError.manifestNotBundled(bundle: bundle.bundleURL.lastPathComponent)
        }
        let manifest = try Self.manifest(at: url, parameterKinds: parameterKinds)
        let container: AppGroupContainer
        do {
            container = try AppGroupContainer.checkedSystem(identifier: manifest.appGroup)
        } catch {
            throw ClipSetupError.appGroup(error)
        }
        return try ClipRuntime(manifest: manifest, container: container, parameterKinds: parameterKinds)
    }
}

/// The `clipkit.json` bundled with the clip or app, read and checked at launch: the
/// ``/ClipKit/ClipRuntimeSource`` for targets that do not compile their manifest with
/// `ClipKitManifestPlugin`.
///
/// ```swift
/// ClipSessionView(ClipSession.self, configuration: BundledManifest.self) { match, session in MenuView(match: match) }
/// ```
public enum BundledManifest: ClipRuntimeSource {
    /// Builds the runtime from the main bundle's `clipkit.json` (`ClipRuntime.fromBundle(_:parameterKinds:)`).
    ///
    /// - Throws: ``/ClipKit/ClipSetupError``: the manifest is not bundled or not valid, or the target
    ///   lacks the App Group entitlement.
    public static func runtime(parameterKinds: ParameterKindRegistry) throws -> ClipRuntime {
        try ClipRuntime.fromBundle(.main, parameterKinds: parameterKinds)
    }
}
#endif
