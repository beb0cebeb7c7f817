import ArgumentParser
@_spi(ClipKitTooling) import ClipKit
import Foundation

/// The `--container DIR` option of the handoff commands: the App Group container folder.
///
/// The container must exist (on a device it always does, so a missing one is a mistyped path);
/// `offer` creates ClipKit's folders inside it, `peek` and `claim` create nothing.
package struct HandoffContainerOption: ParsableArguments, Sendable {
    /// The container folder; the store lives in its `ClipKit/SharedDefaults` folder.
    @Option(name: .long, help: ArgumentHelp("The App Group container folder (it must exist).", valueName: "DIR"))
    package var container: String

    /// Creates the option.
    package init() {}

    /// Opens the shared store in the existing container, creating the store's folders inside it
    /// when needed; any problem is a bad-input failure.
    package func sharedDefaults() throws -> DirectorySharedDefaults {
        let folder = try ContainerFolder.existing(container)
        return try openStore(in: folder)
    }

    /// Opens the shared store when the existing container already holds one, and `nil` when it
    /// does not (nothing was ever offered there); creates nothing.
    func existingSharedDefaults() throws -> DirectorySharedDefaults? {
        let folder = try ContainerFolder.existing(container)
        var status = stat()
        guard lstat(AppGroupContainer.sharedDefaultsDirectory(inContainerAt: folder).path, &status) == 0 else {
            return nil
        }
        return try openStore(in: folder)
    }

    private func openStore(in folder: URL) throws -> DirectorySharedDefaults {
        do {
            return try DirectorySharedDefaults(directory: AppGroupContainer.sharedDefaultsDirectory(inContainerAt: folder))
        } catch {
            throw CommandFailure.badInput("--container \(container): \(error)")
        }
    }
}
