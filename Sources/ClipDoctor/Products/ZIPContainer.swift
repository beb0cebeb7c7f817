import Foundation
import ZIPFoundation

/// A built product that is a zip file: an `.ipa`.
///
/// Sizes are the uncompressed sizes the zip's central directory declares. Reading a file stops
/// as soon as more bytes come out than the limit allows, whatever the directory declared.
final class ZIPContainer: ProductContainer {
    let displayPath: String
    private let archive: Archive
    private let maximumFiles: Int
    private var entriesByPath: [String: Entry] = [:]

    init(url: URL, displayPath: String, maximumFiles: Int) throws(ProductError) {
        self.displayPath = displayPath
        self.maximumFiles = maximumFiles
        do {
            archive = try Archive(url: url, accessMode: .read)
        } catch {
            throw .unreadable(path: displayPath, reason: "not a readable zip archive (\(error))")
        }
    }

    func files() throws(ProductError) -> [ProductFile] {
        var result: [ProductFile] = []
        var count = 0
        for entry in archive {
            count += 1
            guard count <= maximumFiles else { throw .tooManyFiles(path: displayPath, limit: maximumFiles) }
            guard entry.type == .file else { continue }
            let path = Self.normalized(entry.path)
            entriesByPath[path] = entry
            result.append(ProductFile(path: path, size: entry.uncompressedSize))
        }
        return result
    }

    func read(_ path: String, limit: Int) throws(ProductError) -> Data {
        if entriesByPath.isEmpty { _ = try files() }
        guard let entry = entriesByPath[path] else { throw .missingFile(path: label(for: path)) }
        guard entry.uncompressedSize <= UInt64(limit) else {
            throw .fileTooLarge(path: label(for: path), bytes: entry.uncompressedSize, limit: limit)
        }
        var data = Data()
        do {
            _ = try archive.extract(entry, bufferSize: 64 * 1024, skipCRC32: false) { chunk in
                guard data.count + chunk.count <= limit else { throw SizeExceeded() }
                data.append(chunk)
            }
        } catch is SizeExceeded {
            throw .fileTooLarge(path: label(for: path), bytes: UInt64(data.count) + 1, limit: limit)
        } catch {
            throw .unreadable(path: label(for: path), reason: "cannot extract it from the zip (\(error))")
        }
        return data
    }

    func label(for path: String) -> String {
        "\(displayPath):\(path)"
    }

    private struct SizeExceeded: Error {}

    /// Zip paths without a leading `./` or `/`.
    static func normalized(_ path: String) -> String {
        var result = Substring(path)
        while result.hasPrefix("./") { result = result.dropFirst(2) }
        while result.hasPrefix("/") { result = result.dropFirst() }
        return String(result)
    }
}
