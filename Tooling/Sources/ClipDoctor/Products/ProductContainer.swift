import Foundation

/// The files of a built product, whether a folder on disk or a zip archive.
///
/// This is the seam between locating bundles (which works on paths) and the storage: folders
/// (`.app`, `.xcarchive`) and zip files (`.ipa`) each have an implementation.
protocol ProductContainer {
    /// The product's path, as the person gave it.
    var displayPath: String { get }
    /// Every regular file, with its uncompressed size.
    func files() throws(ProductError) -> [ProductFile]
    /// The bytes of the file at `path`, refusing files over `limit` bytes.
    func read(_ path: String, limit: Int) throws(ProductError) -> Data
    /// How findings name the file at `path`.
    func label(for path: String) -> String
}

extension ProductContainer {
    func label(for path: String) -> String {
        path.isEmpty ? displayPath : "\(displayPath)/\(path)"
    }
}
