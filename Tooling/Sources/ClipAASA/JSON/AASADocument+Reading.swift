@_spi(ClipKitTooling) import ClipKit
@_spi(ClipKitTooling) import ClipManifestReader
import Foundation

extension AASADocument {
    /// The deepest nesting of arrays and objects accepted. A valid AASA file nests 6 levels deep.
    public static let maximumDepth = 64

    /// What reading an AASA file's bytes found: the JSON and the paths of keys that appeared twice.
    public struct Reading: Sendable, Equatable {
        /// The parsed value; for a duplicate key, the last occurrence wins (JSON leaves it open).
        public let value: JSONValue
        /// Where keys were repeated, as JSON paths (`$.applinks.details[0].appIDs`).
        public let duplicateKeyPaths: [String]
    }

    /// Reads an AASA file's bytes the way the system does: at most `limit` bytes, no byte-order mark,
    /// strict RFC 8259 JSON nested at most ``maximumDepth`` deep. Syntax errors carry a line and column.
    ///
    /// - Throws: ``AASADocumentError/tooLarge(bytes:limit:)``, ``AASADocumentError/byteOrderMark(encoding:)``
    ///   or ``AASADocumentError/notJSON(line:column:reason:)``.
    public static func read(_ data: Data, limit: Int = AASADocument.maximumBytes) throws(AASADocumentError) -> Reading {
        let parser = StrictJSONParser(
            maximumBytes: limit, maximumDepth: maximumDepth, maximumNumberLength: .max,
            rejectsNumbersBeyondDouble: true, duplicateKeys: .keepLastAndReport
        )
        do {
            let document = try parser.parseDocument([UInt8](data))
            return Reading(value: document.value, duplicateKeyPaths: document.duplicateKeyPaths.map(JSONPath.string(of:)))
        } catch {
            switch error.kind {
            case .tooLarge: throw .tooLarge(bytes: data.count, limit: limit)
            case .byteOrderMark(let encoding): throw .byteOrderMark(encoding: encoding)
            default: throw .notJSON(line: error.line, column: error.column, reason: error.detail)
            }
        }
    }
}
