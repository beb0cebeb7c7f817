@_spi(ClipKitTooling) import ClipKit
@_spi(ClipKitTooling) import ClipKitUI
import Foundation

/// The phone a scenario runs on: whether the full app is installed, and the folder standing in
/// for the App Group container that the clip and the app share.
///
/// Both sides use ClipKit's real `HandoffStore` over `DirectorySharedDefaults` in that folder,
/// so the clip's write and the app's claim go through the files as they would on iOS.
@MainActor
final class SimulatedDevice {
    let container: AppGroupContainer
    private(set) var defaults: DirectorySharedDefaults
    private(set) var store: HandoffStore
    var isAppInstalled: Bool

    /// Opens the container in `directory` and clears what ClipKit keeps there, so each scenario
    /// starts on a phone that never saw the clip.
    init(manifest: ClipManifest, directory: URL, isAppInstalled: Bool) throws(SimulationError) {
        do {
            container = try AppGroupContainer(manifest: manifest, directory: directory)
        } catch {
            throw .containerUnavailable(path: directory.path, reason: "\(error)")
        }
        try Self.removeSharedDefaults(of: container)
        do {
            defaults = try DirectorySharedDefaults(container: container)
            store = try HandoffStore(defaults: defaults, manifest: manifest)
        } catch let error as SharedDefaultsError {
            throw .containerUnavailable(path: directory.path, reason: error.description)
        } catch {
            throw .containerUnavailable(path: directory.path, reason: "\(error)")
        }
        self.isAppInstalled = isAppInstalled
        self.manifest = manifest
    }

    private let manifest: ClipManifest

    /// Remembers overlay dismissals in the App Group, as the clip does.
    var promotionMemory: SharedDefaultsPromotionMemory {
        SharedDefaultsPromotionMemory(defaults: defaults)
    }

    /// Removes everything the clip wrote to the App Group, as iOS does when it evicts a clip,
    /// and reopens an empty store.
    func evictClipData() throws(SimulationError) {
        try Self.removeSharedDefaults(of: container)
        do {
            defaults = try DirectorySharedDefaults(container: container)
            store = try HandoffStore(defaults: defaults, manifest: manifest)
        } catch let error as SharedDefaultsError {
            throw .containerUnavailable(path: container.directory.path, reason: error.description)
        } catch {
            throw .containerUnavailable(path: container.directory.path, reason: "\(error)")
        }
    }

    private static func removeSharedDefaults(of container: AppGroupContainer) throws(SimulationError) {
        let folder = container.sharedDefaultsDirectory
        guard FileManager.default.fileExists(atPath: folder.path) else { return }
        do {
            try FileManager.default.removeItem(at: folder)
        } catch {
            throw .containerUnavailable(path: folder.path, reason: FileErrorReason.describe(error, at: folder.path, isFolder: true))
        }
    }
}
