import Foundation

/// The App Group that an App Clip and its full app share, and the folder that holds its data.
///
/// On Apple platforms the system owns the folder: ``system(identifier:)`` asks `FileManager` for it
/// (the group must be in both targets' `com.apple.security.application-groups` entitlement). On
/// Linux, in tests and in tools a given folder stands in for it: ``init(identifier:directory:)``.
public struct AppGroupContainer: Sendable, Equatable {
    /// Where, inside a container, ``DirectorySharedDefaults`` keeps its files.
    @_spi(ClipKitTooling) public static let sharedDefaultsPath = "ClipKit/SharedDefaults"

    /// The App Group identifier, such as `group.com.roadflare.RoadFlare`.
    public let identifier: String
    /// The container's folder.
    public let directory: URL

    /// A container for the App Group `identifier` in a folder of your choosing.
    ///
    /// - Throws: ``AppGroupContainerError/invalidIdentifier(_:)`` when `identifier` is not `group.` and a
    ///   reverse-DNS name.
    public init(identifier: String, directory: URL) throws {
        try self.init(checkingIdentifier: identifier, directory: directory)
    }

    /// ``init(identifier:directory:)`` with its error typed, for this package.
    package init(checkingIdentifier identifier: String, directory: URL) throws(AppGroupContainerError) {
        guard FieldRules.isAppGroup(identifier) else { throw AppGroupContainerError.invalidIdentifier(identifier) }
        self.identifier = identifier
        self.directory = directory.standardizedFileURL
    }

    /// The container of the manifest's App Group, in a folder of your choosing.
    public init(manifest: ClipManifest, directory: URL) throws {
        try self.init(identifier: manifest.appGroup, directory: directory)
    }

    /// The folder where ``DirectorySharedDefaults`` keeps the shared store of this container.
    @_spi(ClipKitTooling) public var sharedDefaultsDirectory: URL {
        Self.sharedDefaultsDirectory(inContainerAt: directory)
    }

    /// The folder where ``DirectorySharedDefaults`` keeps the shared store of the container at `directory`.
    @_spi(ClipKitTooling) public static func sharedDefaultsDirectory(inContainerAt directory: URL) -> URL {
        directory.appendingPathComponent(sharedDefaultsPath, isDirectory: true)
    }
}
