@_spi(ClipKitTooling) import ClipKit

/// Why bytes could not be read as an AASA file.
public enum AASADocumentError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file is larger than the system accepts.
    case tooLarge(bytes: Int, limit: Int)
    /// The file starts with a byte-order mark, which the system rejects.
    case byteOrderMark(encoding: String)
    /// The bytes are not JSON; the position is 1-based.
    case notJSON(line: Int, column: Int, reason: String)
    /// The JSON is not an object.
    case notAnObject(found: String)
    /// A known key holds a value of the wrong type.
    case invalidStructure(path: String, message: String)

    /// The JSON path of the problem (`$` for the whole file).
    public var path: String {
        if case .invalidStructure(let path, _) = self { return path }
        return "$"
    }

    /// A sentence that says what is wrong and what to do.
    public var description: String {
        switch self {
        case .tooLarge(let bytes, let limit):
            return "the file is \(ByteSize.text(bytes)); the system ignores AASA files over \(ByteSize.text(limit))"
        case .byteOrderMark(let encoding):
            return "the file starts with a \(encoding) byte-order mark; save it as UTF-8 without a BOM"
        case .notJSON(let line, let column, let reason):
            return "not JSON at line \(line), column \(column): \(reason)"
        case .notAnObject(let found):
            return "the file must be one JSON object, found \(found)"
        case .invalidStructure(let path, let message):
            return "\(path): \(message)"
        }
    }
}
