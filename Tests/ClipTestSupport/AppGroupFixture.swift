@_spi(ClipKitTooling) import ClipKit
import Foundation

/// A real App Group stand-in: ClipKit's `HandoffStore` over a `DirectorySharedDefaults` in a
/// temporary folder, as `clipkit simulate` uses it. It can be broken (the folder replaced by a
/// file) and repaired, like a container that is not available for a moment.
public final class AppGroupFixture: @unchecked Sendable {
    /// The folder that stands in for the container; removed when the fixture goes away.
    public let temporary: TemporaryDirectory
    /// The shared defaults inside it.
    public let defaults: DirectorySharedDefaults
    /// The one-shot store over `defaults`.
    public let store: HandoffStore

    /// Creates an empty container whose store keeps entries for `lifetime` seconds.
    public init(lifetime: Int = 604_800) throws {
        temporary = try TemporaryDirectory(prefix: "clipkit-ui")
        defaults = try DirectorySharedDefaults(directory: temporary.file("SharedDefaults"), synchronizesWrites: false)
        store = try HandoffStore(defaults: defaults, lifetime: lifetime)
    }

    /// Replaces the store's folder with a plain file, so every write fails.
    public func breakContainer() throws {
        try FileManager.default.removeItem(at: defaults.directory)
        try Data("not a folder".utf8).write(to: defaults.directory)
    }

    /// Puts the folder back.
    public func repairContainer() throws {
        try FileManager.default.removeItem(at: defaults.directory)
        try FileManager.default.createDirectory(at: defaults.directory, withIntermediateDirectories: true)
    }
}
