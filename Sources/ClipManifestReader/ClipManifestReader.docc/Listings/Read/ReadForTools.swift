import ClipKit
import ClipManifestReader
import Foundation

/// What a tool does with a manifest file: check it, then build the runtime over a folder that
/// stands in for the App Group container.
func readForTools(manifestURL: URL, appGroupFolder: URL) throws -> ClipRuntime {
    let manifest = try ManifestLoader().load(contentsOf: manifestURL)      // every problem, with its JSON path
    print("\(manifest.routes.count) routes on \(manifest.domains.joined(separator: ", "))")
    return try ClipRuntime(manifestAt: manifestURL, containerDirectory: appGroupFolder)
}
