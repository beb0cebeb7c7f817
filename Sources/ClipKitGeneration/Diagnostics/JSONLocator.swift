@_spi(ClipKitTooling) import ClipKit
@_spi(ClipKitTooling) import ClipManifestReader
import Foundation

/// Finds where a value of a parsed JSON document starts, by the path a checker reports it at
/// (`$.routes[0].pattern`), from the locations ClipKit's strict parser recorded.
struct JSONLocator: Sendable {
    /// The document's bytes.
    private let bytes: [UInt8]
    /// The offset where each value starts, by its path; a member named twice keeps its last
    /// occurrence, the one a reader of the parsed value sees.
    private let offsets: [String: Int]

    /// A locator for a document's `bytes` and the value locations recorded while parsing them.
    init(bytes: Data, locations: [JSONValueLocation]) {
        self.bytes = Array(bytes)
        var offsets: [String: Int] = [:]
        for location in locations { offsets[JSONPath.string(of: location.path)] = location.offset }
        self.offsets = offsets
    }

    /// The line and column (in bytes, both from 1) where the value at `path` starts. A path that
    /// names no value, such as a missing member, gives the position of the nearest enclosing value;
    /// `nil` when nothing was recorded.
    func position(ofPath path: String) -> (line: Int, column: Int)? {
        if let offset = offsets[path] { return JSONSyntaxError.position(ofOffset: offset, in: bytes) }
        var end = path.endIndex
        while let split = path[..<end].lastIndex(where: { $0 == "." || $0 == "[" }) {
            if let offset = offsets[String(path[..<split])] {
                return JSONSyntaxError.position(ofOffset: offset, in: bytes)
            }
            end = split
        }
        return nil
    }
}
