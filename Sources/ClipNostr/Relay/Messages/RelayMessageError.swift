import Foundation
@_spi(ClipKitTooling) import ClipKit

/// Why a relay frame could not be parsed.
@_spi(ClipKitTooling)
public enum RelayMessageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The frame has more bytes than ``RelayMessageLimits/maximumFrameBytes``.
    case frameTooLarge(bytes: Int, limit: Int)
    /// The frame is not well-formed JSON (strictly: see ``/ClipKit/StrictJSONParser``).
    case notJSON(JSONSyntaxError)
    /// The frame is JSON, but not an array.
    case notAnArray(found: String)
    /// The frame is `[]`.
    case emptyArray
    /// The array's first element, the message type, is not a string.
    case typeNotAString
    /// The message has more or fewer elements than NIP-01 gives it.
    case wrongElementCount(type: String, expected: Int, found: Int)
    /// An element has the wrong JSON type.
    case wrongElementType(type: String, element: String, expected: String)
    /// The `EVENT`'s event object is not a well-formed event.
    case invalidEvent(EventDecodingError)

    /// What is wrong with the frame, for a person.
    public var description: String {
        switch self {
        case .frameTooLarge(let bytes, let limit):
            return "the relay sent a frame of \(bytes) bytes, more than the limit of \(limit)"
        case .notJSON(let error):
            return "the relay sent a frame that is not valid JSON: \(error)"
        case .notAnArray(let found):
            return "the relay sent \(found) instead of a message array"
        case .emptyArray:
            return "the relay sent an empty array; a message starts with its type"
        case .typeNotAString:
            return "the relay sent an array whose first element is not a message type string"
        case .wrongElementCount(let type, let expected, let found):
            return "the relay sent \(type) with \(found) elements; NIP-01 gives \(type) \(expected)"
        case .wrongElementType(let type, let element, let expected):
            return "the relay sent \(type) whose \(element) is not \(expected)"
        case .invalidEvent(let reason):
            return "the relay sent an EVENT whose event is malformed: \(reason)"
        }
    }
}

extension RelayMessageError: ClipKitError {
}
