import Foundation

/// Why a ``SharedDefaults`` operation failed.
public enum SharedDefaultsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The key is not a storage key (a letter, then up to 63 letters, digits, `_`, `-` or `.`).
    case invalidKey(String)
    /// A value is larger than the store's cap.
    case valueTooLarge(key: String, bytes: Int, limit: Int)
    /// A stored value is not bytes (for example a string another program wrote under the key).
    case unexpectedValue(key: String, found: String)
    /// The store's folder or suite cannot be used.
    case containerUnavailable(location: String, reason: String)
    /// A file-system operation failed.
    case operationFailed(operation: String, key: String, reason: String)

    /// The error a ``SharedDefaults`` store threw, as a `SharedDefaultsError`: itself when it is one,
    /// otherwise `operationFailed` with the error's description, for stores an adopter writes.
    package init(_ error: any Error, operation: String, key: String) {
        if let error = error as? SharedDefaultsError {
            self = error
        } else {
            self = .operationFailed(operation: operation, key: key, reason: (error as? any LocalizedError)?.errorDescription ?? String(describing: error))
        }
    }

    /// What went wrong and what to do about it.
    public var description: String {
        switch self {
        case .invalidKey(let key):
            return "'\(key.prefix(80))' is not a storage key: use a letter, then up to 63 letters, digits, '_', '-' or '.'"
        case .valueTooLarge(let key, let bytes, let limit):
            return "the value for '\(key)' has \(bytes) bytes, more than the \(limit) the store allows; store less (a handoff carries identifiers, not content)"
        case .unexpectedValue(let key, let found):
            return "the value for '\(key)' is \(found), not bytes; another program wrote this key, so pick a key of your own"
        case .containerUnavailable(let location, let reason):
            return "cannot use the shared store at \(location): \(reason); check that the App Group is in both targets' entitlements (or that the folder is writable)"
        case .operationFailed(let operation, let key, let reason):
            return "could not \(operation) '\(key)': \(reason)"
        }
    }
}

extension SharedDefaultsError: ClipKitError {
    /// What to do about it, when the message says.
    public var recoverySuggestion: String? {
        switch self {
        case .invalidKey: return "Use a letter, then up to 63 letters, digits, '_', '-' or '.'."
        case .valueTooLarge: return "Store less: a handoff carries identifiers, not content."
        case .unexpectedValue: return "Another program wrote this key; pick a key of your own."
        case .containerUnavailable:
            return "Check that the App Group is in both targets' entitlements, or that the folder is writable."
        case .operationFailed: return nil
        }
    }
}
