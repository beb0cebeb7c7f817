import Foundation

/// Why a notification payload could not be read at all.
///
/// When the parser rejects a payload, the extension delivers the notification's original content
/// unchanged; nothing in the payload is trusted.
@_spi(ClipKitTooling)
public enum PayloadRejection: Error, Sendable, Hashable, CustomStringConvertible {
    /// The payload is larger than ``PayloadLimits/maximumBytes``.
    case tooLarge(bytes: Int, limit: Int)
    /// Arrays and objects nest deeper than ``PayloadLimits/maximumNestingDepth``.
    case nestedTooDeeply(limit: Int)
    /// The bytes are not JSON (or hold a number no `Double` can represent).
    case notJSON(detail: String)
    /// The top level is JSON but not an object (given as "an array", "a string").
    case notAnObject(found: String)

    /// What was wrong, for people.
    public var description: String {
        switch self {
        case .tooLarge(let bytes, let limit):
            return "payload is \(bytes) bytes, over the \(limit)-byte limit; Apple's push service sends at most 4096 bytes, so check what produced it"
        case .nestedTooDeeply(let limit):
            return "payload nests arrays or objects more than \(limit) deep"
        case .notJSON(let detail):
            return "payload is not valid JSON: \(detail)"
        case .notAnObject(let found):
            return "payload must be a JSON object (the notification's userInfo), found \(found)"
        }
    }
}

extension PayloadRejection: LocalizedError {
    /// The message, for `localizedDescription`.
    public var errorDescription: String? { description }

    /// What to do about it, when the message says.
    public var recoverySuggestion: String? {
        if case .tooLarge = self { return "Apple's push service sends at most 4096 bytes; check what produced the payload." }
        return nil
    }
}
