import Foundation

/// Everything a clip or its full app builds from `clipkit.json`, in one call: the manifest, the
/// router with the parameter kinds its flow registers, the App Group's shared store and the one-shot
/// handoff store.
///
/// ```swift
/// let runtime = try ClipConfiguration.runtime()          // generated from clipkit.json by ClipKitManifestPlugin
/// let runtime = try ClipRuntime.fromBundle()             // or read at launch, with ClipManifestReader
/// runtime.router.route(url)
/// try runtime.handoffs.offer(ticket)
/// ```
///
/// The clip and its full app build the same runtime, so they route the same links and share one
/// handoff store. Each flow's session (`ClipSession`, `DriverShareClipSession`,
/// `WebBridgeClipSession`) is made from a runtime.
public struct ClipRuntime: Sendable {
    /// The checked manifest.
    public let manifest: ClipManifest
    /// The router both targets use, with the parameter kinds the runtime was built with.
    public let router: InvocationRouter
    /// The App Group container the clip and the app share.
    public let container: AppGroupContainer
    /// The shared store inside the container: ClipKit's files, with a claim that is exactly-once across processes.
    public let defaults: any SharedDefaults
    /// The one-shot handoff store, with the manifest's lifetime and payload types.
    public let handoffs: HandoffStore

    /// Builds the runtime for a loaded manifest in `container`.
    ///
    /// - Parameters:
    ///   - manifest: The checked manifest.
    ///   - container: The App Group container the clip and the app share.
    ///   - parameterKinds: The kinds routes may use: ClipKit's standard kinds and those the
    ///     clip's flow registers (`.standardWithNostr` for the Nostr driver-share flow).
    /// - Throws: ``ClipSetupError`` naming the part that could not be built and what to do.
    public init(
        manifest: ClipManifest, container: AppGroupContainer, parameterKinds: ParameterKindRegistry = .standard
    ) throws {
        let router: InvocationRouter
        do {
            router = try InvocationRouter(checkingManifest: manifest, parameterKinds: parameterKinds)
        } catch {
            throw ClipSetupError.router(error)
        }
        try self.init(manifest: manifest, router: router, container: container, parameterKinds: parameterKinds)
    }

    /// Builds the runtime with a router made beforehand: what the code generated from `clipkit.json`
    /// calls, with the manifest value and the route table it compiled, so the clip reads no JSON.
    ///
    /// - Parameters:
    ///   - manifest: The manifest the runtime serves.
    ///   - router: A router over the same routes as `manifest`.
    ///   - container: The App Group container the handoff and shared-defaults stores live in.
    ///   - parameterKinds: The kinds the handoff store checks the payload types' string members with.
    /// - Throws: ``ClipSetupError`` naming the part that could not be built and what to do.
    public init(
        manifest: ClipManifest, router: InvocationRouter, container: AppGroupContainer, parameterKinds: ParameterKindRegistry = .standard
    ) throws {
        self.router = router
        let defaults: DirectorySharedDefaults
        do {
            defaults = try DirectorySharedDefaults(checkingContainer: container, maximumValueBytes: DirectorySharedDefaults.defaultMaximumValueBytes, synchronizesWrites: true)
        } catch {
            throw ClipSetupError.sharedDefaults(error)
        }
        do {
            handoffs = try HandoffStore(checkingDefaults: defaults, manifest: manifest, key: HandoffStore.defaultKey, parameterKinds: parameterKinds, clockSkewAllowance: HandoffEnvelope.defaultClockSkewAllowance, clock: { Date() }, diagnostics: { _ in })
        } catch {
            throw ClipSetupError.handoff(error)
        }
        self.manifest = manifest
        self.container = container
        self.defaults = defaults
    }
}
