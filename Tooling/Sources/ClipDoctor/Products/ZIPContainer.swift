import Foundation
import ZIPFoundation

/// A built product that is a zip file: an `.ipa`.
///
/// Sizes are the uncompressed sizes the zip's central directory declares. Reading a file checks
/// the inflated bytes against that size as they come and stops at the first byte past it, so an
/// entry that lies about its size costs no more than it declared.
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
        let declared = entry.uncompressedSize
        guard declared <= UInt64(limit) else {
            throw .fileTooLarge(path: label(for: path), bytes: declared, limit: limit)
        }
        // The entry may inflate to more than it declares (a zip bomb, or a damaged archive): every
        // chunk is checked against the declared size, and the chunks are no larger than one byte
        // past it, so reading stops at the first byte beyond what the entry declared.
        let chunkSize = Int(min(declared + 1, 64 * 1024))
        var data = Data()
        data.reserveCapacity(Int(declared))
        do {
            _ = try archive.extract(entry, bufferSize: chunkSize, skipCRC32: false) { chunk in
                guard UInt64(data.count + chunk.count) <= declared else { throw InflatedPastDeclaredSize() }
                data.append(chunk)
            }
        } catch is InflatedPastDeclaredSize {
            throw .entrySizeMismatch(path: label(for: path), declaredBytes: declared, inflatedBytes: nil)
        } catch {
            throw .unreadable(path: label(for: path), reason: "cannot extract it from the zip (\(error))")
        }
        guard UInt64(data.count) == declared else {
            throw .entrySizeMismatch(path: label(for: path), declaredBytes: declared, inflatedBytes: UInt64(data.count))
        }
        return data
    }

    func label(for path: String) -> String {
        "\(displayPath):\(path)"
    }

    private struct InflatedPastDeclaredSize: Error {}

    /// Zip paths without a leading `./` or `/`.
    static func normalized(_ path: String) -> String {
        var result = Substring(path)
        while result.hasPrefix("./") { result = result.dropFirst(2) }
        while result.hasPrefix("/") { result = result.dropFirst() }
        return String(result)
    }
}
