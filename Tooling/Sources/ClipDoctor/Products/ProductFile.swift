/// One regular file inside a built product.
package struct ProductFile: Sendable, Hashable {
    /// The path from the product's root, with `/` separators.
    package var path: String
    /// The uncompressed size in bytes.
    package var size: UInt64

    /// Creates a file entry.
    package init(path: String, size: UInt64) {
        self.path = path
        self.size = size
    }
}
