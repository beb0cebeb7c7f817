// libFuzzer target: the clipkit.json loader and validator (ClipKit's ManifestLoader) on any bytes.
// A success must come from input within the size cap, and loading the same bytes twice must give
// the same manifest.
import ClipKit
import ClipManifestReader
import FuzzDriver
import FuzzSupport

let loader = ManifestLoader()

runFuzzer { data, size in
    let input = FuzzInput(data, size)
    let bytes = input.data
    let first: ClipManifest
    do {
        first = try loader.load(data: bytes)
    } catch {
        return 0
    }
    require(bytes.count <= ManifestLoader.maximumBytes, "accepted \(bytes.count) bytes, over the cap")
    let second = try? loader.load(data: bytes)
    require(second == first, "loading the same bytes twice gave different manifests")
    return 0
}
