import ArgumentParser
import ClipKit
import Foundation

/// The `--container DIR` option of the handoff commands: the App Group container folder.
public struct HandoffContainerOption: ParsableArguments, Sendable {
    /// The container folder; the store lives in its `ClipKit/SharedDefaults` folder.
    @Option(name: .long, help: ArgumentHelp("The App Group container folder.", valueName: "DIR"))
    public var container: String

    /// Creates the option.
    public init() {}

    /// Opens the shared store in the container, mapping any problem onto a bad-input failure.
    public func sharedDefaults() throws -> DirectorySharedDefaults {
        let folder = URL(fileURLWithPath: container)
        do {
            return try DirectorySharedDefaults(directory: AppGroupContainer.sharedDefaultsDirectory(inContainerAt: folder))
        } catch {
            throw CommandFailure.badInput("--container \(container): \(error.description)")
        }
    }
}
