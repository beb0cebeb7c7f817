@_spi(ClipKitTooling) import ClipKit
import Foundation

/// Writes generated Swift to a file, leaving a file that already holds exactly that text untouched,
/// so a manifest edit that changes nothing in the Swift does not recompile the target.
public enum GeneratedFile {
    /// The file name the build plugin and `clipkit generate swift` write.
    public static let defaultName = "ClipKitGenerated.swift"

    /// Writes `source` to `url`, creating its folder if needed.
    ///
    /// - Returns: Whether the file was written (`false` when it already held `source`).
    /// - Throws: ``GenerationFailure`` naming the file and why it could not be written.
    @discardableResult
    public static func write(_ source: String, to url: URL) throws -> Bool {
        let data = Data(source.utf8)
        if let existing = try? InputFile.read(path: url.path, limit: data.count), existing == data {
            return false
        }
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
        } catch {
            throw GenerationFailure(ManifestDiagnostic(
                file: url.path,
                message: "cannot write the generated Swift: \(FileErrorReason.describe(error, at: url.path, isFolder: false))"
            ))
        }
        return true
    }
}
