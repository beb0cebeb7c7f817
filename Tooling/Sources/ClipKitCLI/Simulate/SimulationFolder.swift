@_spi(ClipKitTooling) import ClipKit
import Foundation

/// The folder `clipkit simulate` uses as the App Group container: the one given, or a
/// temporary one that is removed afterwards.
struct SimulationFolder {
    let url: URL
    let isTemporary: Bool

    /// Creates the given folder (and its parents) or a temporary one.
    init(path: String?) throws {
        if let path {
            url = URL(fileURLWithPath: path, isDirectory: true)
            isTemporary = false
        } else {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("clipkit-simulate-\(UUID().uuidString)", isDirectory: true)
            isTemporary = true
        }
        if let target = ContainerFolder.danglingLinkTarget(url.path) {
            throw CommandFailure.badInput("--container \(url.path): a symbolic link to \(target), which does not exist; point it at a folder or remove the link")
        }
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure.badInput("--container \(url.path): cannot create the folder (\(FileErrorReason.describe(error, at: url.path, isFolder: true))); give a writable folder")
        }
    }

    /// Removes the folder when it is a temporary one.
    func removeIfTemporary() {
        if isTemporary { try? FileManager.default.removeItem(at: url) }
    }
}
