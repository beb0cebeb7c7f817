import ClipKit
import ClipNostr
import ClipTestSupport

/// The example apps' manifests, loaded as the command line loads them: with ClipKit's standard
/// parameter kinds and ClipNostr's (RoadFlare's routes capture an `npub`).
public enum ExampleManifest {
    /// The manifest `Examples/<name>/clipkit.json`.
    public static func load(_ name: String) throws -> ClipManifest {
        try ManifestLoader(parameterKinds: .standardWithNostr).load(contentsOf: TestEnvironment.file("Examples/\(name)/clipkit.json"))
    }
}
