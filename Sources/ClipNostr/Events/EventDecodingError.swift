import Foundation
@_spi(ClipKitTooling) import ClipKit

/// Why JSON could not be read as a Nostr event.
public enum EventDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bytes are not JSON that `ClipKit.StrictJSONParser` accepts.
    case invalidJSON(JSONSyntaxError)
    /// The JSON is not an object.
    case notAnObject(found: String)
    /// A required member is missing.
    case missingField(String)
    /// A member has the wrong JSON type; `expected` says which.
    case wrongType(field: String, expected: String)
    /// `created_at` or `kind` is not a whole number that fits.
    case invalidInteger(field: String)
    /// The JSON has more bytes than ``EventLimits/maximumJSONBytes``.
    case tooLarge(bytes: Int, limit: Int)

    /// A stable, machine-readable name for the reason.
    public var code: String {
        switch self {
        case .invalidJSON: return "invalid-json"
        case .notAnObject: return "not-an-object"
        case .missingField: return "missing-field"
        case .wrongType: return "wrong-type"
        case .invalidInteger: return "invalid-integer"
        case .tooLarge: return "too-large"
        }
    }

    /// What is wrong, for a person.
    public var description: String {
        switch self {
        case .invalidJSON(let error): return "not valid JSON: \(error.description)"
        case .notAnObject(let found): return "an event is a JSON object, but this is \(found)"
        case .missingField(let name): return "the event has no \"\(name)\""
        case .wrongType(let field, let expected): return "\"\(field)\" must be \(expected)"
        case .invalidInteger(let field): return "\"\(field)\" must be a whole number without fraction or exponent that fits in 64 bits"
        case .tooLarge(let bytes, let limit): return "the event JSON has \(bytes) bytes, more than \(limit)"
        }
    }
}

extension EventDecodingError: ClipKitError {
}
