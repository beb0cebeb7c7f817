import ClipKit
import ClipTestSupport
import Foundation

/// A real App Group stand-in: ClipKit's `HandoffStore` over a `DirectorySharedDefaults` in a
/// temporary folder, as `clipkit simulate` uses it. It can be broken (the folder replaced by a
/// file) and repaired, like a container that is not available for a moment.
final class HandoffFixture: @unchecked Sendable {
    let temporary: TemporaryDirectory
    let defaults: DirectorySharedDefaults
    let store: HandoffStore

    init(lifetime: Int = 604_800) throws {
        temporary = try TemporaryDirectory(prefix: "clipkit-ui")
        defaults = try DirectorySharedDefaults(directory: temporary.file("SharedDefaults"), synchronizesWrites: false)
        store = try HandoffStore(defaults: defaults, lifetime: lifetime)
    }

    /// Replaces the store's folder with a plain file, so every write fails.
    func breakContainer() throws {
        try FileManager.default.removeItem(at: defaults.directory)
        try Data("not a folder".utf8).write(to: defaults.directory)
    }

    /// Puts the folder back.
    func repairContainer() throws {
        try FileManager.default.removeItem(at: defaults.directory)
        try FileManager.default.createDirectory(at: defaults.directory, withIntermediateDirectories: true)
    }

    /// What the full app would find, left in place.
    func waitingDriver() -> RoadFlareDriverHandoff? {
        store.peek(RoadFlareDriverHandoff.self)
    }
}
