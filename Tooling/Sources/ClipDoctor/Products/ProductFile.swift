/// One regular file inside a built product.
public struct ProductFile: Sendable, Hashable {
    /// The path from the product's root, with `/` separators.
    public var path: String
    /// The uncompressed size in bytes.
    public var size: UInt64

    /// Creates a file entry.
    public init(path: String, size: UInt64) {
        self.path = path
        self.size = size
    }
}
