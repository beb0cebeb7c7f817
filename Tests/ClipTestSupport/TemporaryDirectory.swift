import Foundation

/// A fresh folder for one test, removed when the value goes away.
public final class TemporaryDirectory: @unchecked Sendable {
    /// The folder.
    public let url: URL

    /// Creates an empty folder under the system's temporary directory.
    public init(prefix: String = "clipkit-test") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// A path inside the folder.
    public func file(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }
}
