import ArgumentParser
import ClipKit
import ClipNostr
import Foundation

/// The `--manifest` option: which `clipkit.json` a command reads (default `./clipkit.json`).
public struct ManifestOption: ParsableArguments, Sendable {
    /// The manifest's path.
    @Option(name: .long, help: "The manifest to read.")
    public var manifest: String = "clipkit.json"

    /// Creates the option with its default.
    public init() {}

    /// Loads and checks the manifest, mapping any problem onto a bad-input failure.
    public func load(parameterKinds: ParameterKindRegistry = CommandEnvironment.parameterKinds) throws -> ClipManifest {
        do {
            return try ManifestLoader(parameterKinds: parameterKinds).load(contentsOf: URL(fileURLWithPath: manifest))
        } catch {
            guard case .invalid = error else {
                // Unreadable, too large, not JSON: the error names the file and says what to do.
                throw CommandFailure.badInput(error.description)
            }
            let first = error.issues.first.map { "\($0.path): \($0.message)" } ?? error.description
            let more = error.issues.count > 1 ? " (and \(error.issues.count - 1) more; run 'clipkit manifest validate')" : ""
            throw CommandFailure.badInput("\(manifest): \(first)\(more)")
        }
    }
}

/// What every command shares: the parameter kinds that routes may use.
public enum CommandEnvironment {
    /// ClipKit's standard kinds and those of the modules the CLI links.
    public static var parameterKinds: ParameterKindRegistry {
        ParameterKindRegistry.standardWithNostr
    }
}
