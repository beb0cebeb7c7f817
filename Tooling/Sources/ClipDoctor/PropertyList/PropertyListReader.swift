import Foundation

/// Reads XML and binary property lists with limits on size, depth and object count.
///
/// The reader is written for untrusted input (files from a repository, plists inside an `.ipa`,
/// entitlements inside a code signature): malformed input gives a ``PropertyListError``, never
/// a crash, and the work done is bounded by the input's size.
///
/// ```swift
/// let entitlements = try PropertyListReader().read(Data(contentsOf: url))
/// ```
package struct PropertyListReader: Sendable {
    /// The largest input accepted, in bytes.
    package var maximumBytes: Int
    /// The deepest nesting of arrays and dictionaries accepted.
    package var maximumDepth: Int
    /// The most values (of any kind) accepted in one list.
    package var maximumObjects: Int

    /// Creates a reader; the defaults suit entitlements and Info.plist files.
    package init(maximumBytes: Int = 4 * 1024 * 1024, maximumDepth: Int = 64, maximumObjects: Int = 100_000) {
        self.maximumBytes = maximumBytes
        self.maximumDepth = maximumDepth
        self.maximumObjects = maximumObjects
    }

    /// The encoding a property list was stored in.
    package enum Format: String, Sendable, Hashable {
        /// Apple's XML plist.
        case xml
        /// Apple's binary plist, `bplist00`.
        case binary
    }

    /// Reads a property list, detecting its format.
    package func read(_ data: Data) throws(PropertyListError) -> PropertyListValue {
        try readWithFormat(data).value
    }

    /// Reads a property list and tells which format it was in.
    package func readWithFormat(_ data: Data) throws(PropertyListError) -> (value: PropertyListValue, format: Format) {
        if data.count > maximumBytes { throw .tooLarge(bytes: data.count, limit: maximumBytes) }
        let bytes = [UInt8](data)
        if bytes.starts(with: Array("bplist00".utf8)) {
            var parser = BinaryPropertyListParser(bytes: bytes, maximumDepth: maximumDepth, maximumObjects: maximumObjects)
            return (try parser.parse(), .binary)
        }
        if XMLPropertyListParser.looksLikeXML(bytes) {
            var parser = XMLPropertyListParser(bytes: bytes, maximumDepth: maximumDepth, maximumObjects: maximumObjects)
            return (try parser.parse(), .xml)
        }
        throw .unknownFormat
    }
}
