#if canImport(Darwin)
import Foundation

extension AppGroupContainer {
    /// The system's container for the App Group `identifier`, from
    /// `FileManager.containerURL(forSecurityApplicationGroupIdentifier:)`.
    ///
    /// - Throws: ``AppGroupContainerError/notEntitled(identifier:)`` when the running target lacks the
    ///   App Group entitlement, or ``AppGroupContainerError/invalidIdentifier(_:)``.
    public static func system(identifier: String) throws -> AppGroupContainer {
        try checkedSystem(identifier: identifier)
    }

    /// ``system(identifier:)`` with its error typed, for this package.
    package static func checkedSystem(identifier: String) throws(AppGroupContainerError) -> AppGroupContainer {
        guard FieldRules.isAppGroup(identifier) else { throw AppGroupContainerError.invalidIdentifier(identifier) }
        guard let url = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: identifier) else {
            throw AppGroupContainerError.notEntitled(identifier: identifier)
        }
        return try AppGroupContainer(checkingIdentifier: identifier, directory: url)
    }

    /// The system's container for the manifest's App Group.
    public static func system(manifest: ClipManifest) throws -> AppGroupContainer {
        try system(identifier: manifest.appGroup)
    }
}
#endif
