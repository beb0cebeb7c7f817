/// Why bytes could not be read as a property list.
package enum PropertyListError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The input is larger than the reader accepts.
    case tooLarge(bytes: Int, limit: Int)
    /// The input is neither an XML nor a binary (`bplist00`) property list.
    case unknownFormat
    /// The XML is malformed at a byte offset.
    case malformedXML(offset: Int, reason: String)
    /// The binary property list is malformed.
    case malformedBinary(reason: String)
    /// Containers nest deeper than the reader allows.
    case tooDeep(limit: Int)
    /// The list has more objects than the reader allows.
    case tooManyObjects(limit: Int)

    /// What went wrong, for a person.
    package var description: String {
        switch self {
        case .tooLarge(let bytes, let limit):
            return "the property list has \(bytes) bytes, more than the \(limit) accepted"
        case .unknownFormat:
            return "not a property list: expected XML ('<?xml' or '<plist') or binary ('bplist00')"
        case .malformedXML(let offset, let reason):
            return "malformed XML property list at byte \(offset): \(reason)"
        case .malformedBinary(let reason):
            return "malformed binary property list: \(reason)"
        case .tooDeep(let limit):
            return "the property list nests containers more than \(limit) levels deep"
        case .tooManyObjects(let limit):
            return "the property list has more than \(limit) objects"
        }
    }
}
