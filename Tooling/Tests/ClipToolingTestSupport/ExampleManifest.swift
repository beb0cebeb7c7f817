import ClipKit
import ClipManifestReader
import ClipNostr
import ClipTestSupport

/// The example apps' manifests, loaded as the command line loads them: with ClipKit's standard
/// parameter kinds and ClipNostr's (RoadFlare's routes capture an `npub`).
package enum ExampleManifest {
    /// The manifest `Examples/<name>/clipkit.json`.
    package static func load(_ name: String) throws -> ClipManifest {
        try ManifestLoader(parameterKinds: .standardWithNostr).load(contentsOf: TestEnvironment.file("Examples/\(name)/clipkit.json"))
    }
}
