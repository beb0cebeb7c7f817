import ClipKit
import ClipManifestReader
import ClipNostr
import ClipTestSupport
import Foundation

/// The example apps' manifests, loaded as the command line loads them: with ClipKit's standard
/// parameter kinds and ClipNostr's (RoadFlare's routes capture an `npub`).
package enum ExampleManifest {
    /// The manifest `Examples/<name>/clipkit.json`.
    package static func load(_ name: String) throws -> ClipManifest {
        try ManifestLoader(parameterKinds: .standardWithNostr).load(contentsOf: TestEnvironment.file("Examples/\(name)/clipkit.json"))
    }

    /// RoadFlare's manifest with one more clip route, `https://roadflare.app/share/n/{npub}`, whose
    /// capture is a `nostrPerson` (an npub or a NIP-05 address), written to `folder/clipkit.json`.
    package static func roadFlareWithPersonRoute(in folder: TemporaryDirectory) throws -> URL {
        var manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: TestEnvironment.file("Examples/roadflare/clipkit.json"))) as? [String: Any] ?? [:]
        var routes = manifest["routes"] as? [[String: Any]] ?? []
        routes.append(["name": "personShare", "pattern": "https://roadflare.app/share/n/{npub}", "handledBy": "clip", "params": ["npub": "nostrPerson"]])
        manifest["routes"] = routes
        let file = folder.file("clipkit.json")
        try JSONSerialization.data(withJSONObject: manifest).write(to: file)
        return file
    }
}
