import Foundation
@_spi(ClipKitTooling) import ClipKit

/// Why an event's content is not a profile.
public enum ProfileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The event is not of kind 0.
    case notAProfileEvent(kind: Int)
    /// The content has more bytes than ``ProfileLimits/maximumContentBytes``.
    case contentTooLarge(bytes: Int, limit: Int)
    /// The content is not JSON that `ClipKit.StrictJSONParser` accepts.
    case invalidJSON(JSONSyntaxError)
    /// The content is JSON, but not an object.
    case notAnObject(found: String)

    /// A stable, machine-readable name for the reason.
    public var code: String {
        switch self {
        case .notAProfileEvent: return "not-kind-0"
        case .contentTooLarge: return "content-too-large"
        case .invalidJSON: return "invalid-json"
        case .notAnObject: return "not-an-object"
        }
    }

    /// What is wrong, for a person.
    public var description: String {
        switch self {
        case .notAProfileEvent(let kind): return "a profile is a kind-0 event, but this event is of kind \(kind)"
        case .contentTooLarge(let bytes, let limit): return "the profile content has \(bytes) bytes, more than \(limit)"
        case .invalidJSON(let error): return "the profile content is not valid JSON: \(error.description)"
        case .notAnObject(let found): return "the profile content must be a JSON object, but it is \(found)"
        }
    }
}

extension ProfileError: ClipKitError {
}
