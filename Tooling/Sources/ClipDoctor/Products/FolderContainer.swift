@_spi(ClipKitTooling) import ClipKit
import Foundation

/// A built product that is a folder on disk: an `.app` bundle or an `.xcarchive`.
struct FolderContainer: ProductContainer {
    let root: URL
    let displayPath: String
    let maximumFiles: Int

    init(root: URL, displayPath: String, maximumFiles: Int) {
        self.root = root.standardizedFileURL
        self.displayPath = displayPath
        self.maximumFiles = maximumFiles
    }

    func files() throws(ProductError) -> [ProductFile] {
        let keys: [URLResourceKey] = [.isRegularFileKey, .isSymbolicLinkKey, .fileSizeKey]
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: keys, options: []) else {
            throw .unreadable(path: displayPath, reason: "the folder cannot be listed")
        }
        let rootPath = root.path.hasSuffix("/") ? root.path : root.path + "/"
        var result: [ProductFile] = []
        while let item = enumerator.nextObject() {
            guard let url = item as? URL else { continue }
            guard let values = try? url.resourceValues(forKeys: Set(keys)) else { continue }
            // Symbolic links are counted as links (their own small size), never followed.
            if values.isSymbolicLink == true { enumerator.skipDescendants(); continue }
            guard values.isRegularFile == true else { continue }
            guard result.count < maximumFiles else { throw .tooManyFiles(path: displayPath, limit: maximumFiles) }
            let fullPath = url.standardizedFileURL.path
            let relative = fullPath.hasPrefix(rootPath) ? String(fullPath.dropFirst(rootPath.count)) : url.lastPathComponent
            result.append(ProductFile(path: relative, size: UInt64(max(0, values.fileSize ?? 0))))
        }
        return result
    }

    func read(_ path: String, limit: Int) throws(ProductError) -> Data {
        let url = path.isEmpty ? root : root.appendingPathComponent(path)
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        } catch {
            throw .missingFile(path: label(for: path))
        }
        let size = (attributes[.size] as? NSNumber)?.uint64Value ?? 0
        guard size <= UInt64(limit) else { throw .fileTooLarge(path: label(for: path), bytes: size, limit: limit) }
        do {
            return try Data(contentsOf: url, options: .mappedIfSafe)
        } catch {
            throw .unreadable(path: label(for: path), reason: FileErrorReason.describe(error))
        }
    }
}
