// libFuzzer target: an .ipa's zip central directory and the files read through it (ClipDoctor's
// ProductInspector, the path `clipkit doctor --archive` takes). The public API opens a file, so
// each input is written to one temporary file that every run reuses.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ClipDoctor
import FuzzDriver
import FuzzSupport
import Foundation

let archiveURL: URL = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("clipkit-fuzz-zip-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.appendingPathComponent("input.ipa")
}()

var inspector = ProductInspector()
inspector.maximumFiles = 2_000
inspector.maximumExecutableBytes = 4 * 1024 * 1024
inspector.maximumInfoPlistBytes = 256 * 1024

runFuzzer { data, size in
    let bytes = FuzzInput(data, size).data
    do {
        try bytes.write(to: archiveURL)
    } catch {
        require(false, "cannot write the input to \(archiveURL.path): \(error)")
    }
    guard let inspection = try? inspector.inspect(at: archiveURL, displayPath: "input.ipa") else { return 0 }
    for bundle in [inspection.app, inspection.clip].compactMap({ $0 }) {
        require(bundle.uncompressedBytes >= 0, "bundle \(bundle.path) has \(bundle.uncompressedBytes) bytes")
    }
    return 0
}
