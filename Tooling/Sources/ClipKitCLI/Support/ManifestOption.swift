import ArgumentParser
import ClipKit
import ClipManifestReader
import ClipNostr
import Foundation

/// The `--manifest` option: which `clipkit.json` a command reads (default `./clipkit.json`).
package struct ManifestOption: ParsableArguments, Sendable {
    /// The manifest's path.
    @Option(name: .long, help: "The manifest to read.")
    package var manifest: String = ManifestOption.defaultPath

    /// Creates the option with its default.
    package init() {}

    /// Loads and checks the manifest, mapping any problem onto a bad-input failure.
    package func load(parameterKinds: ParameterKindRegistry = CommandEnvironment.parameterKinds) throws -> ClipManifest {
        do {
            return try ManifestLoader(parameterKinds: parameterKinds).load(contentsOf: URL(fileURLWithPath: manifest))
        } catch let error as ManifestError {
            guard case .invalid = error else {
                // Unreadable, too large, not JSON: the error names the file and says what to do.
                throw CommandFailure.badInput("\(error)")
            }
            let first = error.issues.first.map { "\($0.path): \($0.message)" } ?? "\(error)"
            let more = error.issues.count > 1 ? " (and \(error.issues.count - 1) more; run 'clipkit manifest validate')" : ""
            throw CommandFailure.badInput("\(manifest): \(first)\(more)")
        }
    }

    /// Loads the manifest when there is one to load: the file named with `--manifest`, or
    /// `./clipkit.json` when it exists; `nil` when the option was left out and there is no
    /// `./clipkit.json` (commands that work without a manifest use this).
    package func loadIfPresent(parameterKinds: ParameterKindRegistry = CommandEnvironment.parameterKinds) throws -> ClipManifest? {
        if manifest == Self.defaultPath, !FileManager.default.fileExists(atPath: manifest) { return nil }
        return try load(parameterKinds: parameterKinds)
    }

    /// The manifest read when `--manifest` is left out.
    package static let defaultPath = "clipkit.json"

    /// Builds the router for `manifest` with the command line's parameter kinds, mapping a route
    /// that cannot be compiled onto a bad-input failure that names this manifest.
    package func router(for manifest: ClipManifest) throws -> InvocationRouter {
        do {
            return try InvocationRouter(manifest: manifest, parameterKinds: CommandEnvironment.parameterKinds)
        } catch {
            throw CommandFailure.badInput("\(self.manifest): \(error)")
        }
    }
}

/// What every command shares: the parameter kinds that routes may use.
package enum CommandEnvironment {
    /// ClipKit's standard kinds and those of the modules the CLI links.
    package static var parameterKinds: ParameterKindRegistry {
        ParameterKindRegistry.standardWithNostr
    }
}
