import Foundation
@_spi(ClipKitTooling) import ClipKit

/// Why a message from the clip's web content was rejected, or could not be acted on.
///
/// Each description says what the page sent, what was expected, and where to fix it (the page or
/// the manifest's `handoff.webBridgeKeys`).
public enum WebBridgeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The message body is not a string (pages must post `JSON.stringify(message)`).
    case notAString(found: String)
    /// The message is larger than the bridge accepts.
    case messageTooLarge(bytes: Int, limit: Int)
    /// The message is not strict JSON.
    case notJSON(JSONSyntaxError)
    /// The message is JSON but not an object.
    case notAnObject(found: String)
    /// The `action` is neither `present` nor `store`.
    case unknownAction(String)
    /// A member the action needs is missing.
    case missingField(String, action: String?)
    /// A member has the wrong JSON type.
    case wrongFieldType(String, expected: String, found: String)
    /// The message has a member the action does not define.
    case unexpectedField(String, action: String)
    /// The page asked to store under a key the manifest does not allow.
    case keyNotAllowed(String, allowed: [String])
    /// The value to store is larger than the bridge accepts.
    case valueTooLarge(key: String, bytes: Int, limit: Int)
    /// The value does not fit what the key stands for (for example a starter-pack URI that is not a URI).
    case invalidValue(key: String, reason: String)
    /// The command was valid, but the handoff could not be offered.
    case handoffFailed(HandoffError)

    /// A short stable code for the case, such as `keyNotAllowed`.
    public var code: String {
        switch self {
        case .notAString: return "notAString"
        case .messageTooLarge: return "messageTooLarge"
        case .notJSON: return "notJSON"
        case .notAnObject: return "notAnObject"
        case .unknownAction: return "unknownAction"
        case .missingField: return "missingField"
        case .wrongFieldType: return "wrongFieldType"
        case .unexpectedField: return "unexpectedField"
        case .keyNotAllowed: return "keyNotAllowed"
        case .valueTooLarge: return "valueTooLarge"
        case .invalidValue: return "invalidValue"
        case .handoffFailed: return "handoffFailed"
        }
    }

    /// What was wrong and what to change.
    public var description: String {
        switch self {
        case .notAString(let found):
            return "the web content posted \(found); post a string: postMessage(JSON.stringify({action: ...}))"
        case .messageTooLarge(let bytes, let limit):
            return "the web message has \(bytes) bytes, more than the \(limit) the bridge accepts; send identifiers, not content"
        case .notJSON(let error):
            return "the web message is not JSON (\(error.description)); post JSON.stringify({action: ...})"
        case .notAnObject(let found):
            return "the web message is \(found); expected a JSON object such as {\"action\":\"present\"}"
        case .unknownAction(let action):
            return "unknown action '\(action.prefix(64))'; the bridge understands 'present' and 'store'"
        case .missingField(let field, let action):
            let context = action.map { " for action '\($0)'" } ?? ""
            return "the web message lacks '\(field)'\(context); \(Self.shapes)"
        case .wrongFieldType(let field, let expected, let found):
            return "'\(field)' must be \(expected), found \(found); \(Self.shapes)"
        case .unexpectedField(let field, let action):
            return "the '\(action)' message has an unexpected member '\(field.prefix(64))'; \(Self.shapes)"
        case .keyNotAllowed(let key, let allowed):
            let list = allowed.isEmpty ? "the list is empty" : "allowed: \(allowed.joined(separator: ", "))"
            return "the web content may not store '\(key.prefix(64))' (\(list)); add the key to handoff.webBridgeKeys in clipkit.json if the page should store it"
        case .valueTooLarge(let key, let bytes, let limit):
            return "the value for '\(key)' has \(bytes) bytes, more than the \(limit) the bridge accepts; store an identifier instead"
        case .invalidValue(let key, let reason):
            return "the value for '\(key)' is not usable: \(reason)"
        case .handoffFailed(let error):
            return "the command was valid but the handoff failed: \(error.description)"
        }
    }

    private static let shapes = "expected {\"action\":\"present\"} or {\"action\":\"store\",\"keyToStoreAs\":\"<key>\",\"jsonToStore\":\"<string>\"}"
}

extension WebBridgeError: ClipKitError {
    /// What to do about it, when the message says.
    public var recoverySuggestion: String? {
        switch self {
        case .notAString, .notJSON: return "Post a string: postMessage(JSON.stringify({action: ...}))."
        case .messageTooLarge, .valueTooLarge: return "Send an identifier, not content."
        case .notAnObject, .unknownAction, .missingField, .wrongFieldType, .unexpectedField: return Self.shapes
        case .keyNotAllowed: return "Add the key to handoff.webBridgeKeys in clipkit.json if the page should store it."
        case .handoffFailed(let error): return error.recoverySuggestion
        default: return nil
        }
    }
}
