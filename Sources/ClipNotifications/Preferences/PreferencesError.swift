import Foundation

/// Why stored preferences could not be read or written.
public enum PreferencesError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file exists but could not be read.
    case unreadable(path: String, detail: String)
    /// The file is larger than the store reads.
    case tooLarge(path: String, bytes: Int, limit: Int)
    /// The file is not a JSON object of Booleans, numbers and strings.
    case malformed(path: String, detail: String)
    /// The file could not be written.
    case unwritable(path: String, detail: String)

    /// The error a ``NotificationPreferencesSource`` threw, as a `PreferencesError`: itself when it is
    /// one, otherwise `unreadable` with the error's description, for sources an adopter writes.
    package init(_ error: any Error) {
        if let error = error as? PreferencesError {
            self = error
        } else {
            self = .unreadable(path: "the preferences source", detail: (error as? any LocalizedError)?.errorDescription ?? String(describing: error))
        }
    }

    /// What went wrong and where, for people.
    public var description: String {
        switch self {
        case .unreadable(let path, let detail):
            return "\(path): cannot read the notification preferences: \(detail)"
        case .tooLarge(let path, let bytes, let limit):
            return "\(path): preferences file is \(bytes) bytes, over the \(limit)-byte limit"
        case .malformed(let path, let detail):
            return "\(path): \(detail); expected a JSON object such as {\"playSoundChat\": true}"
        case .unwritable(let path, let detail):
            return "\(path): cannot write the notification preferences: \(detail)"
        }
    }
}

extension PreferencesError: LocalizedError {
    /// The message, for `localizedDescription`.
    public var errorDescription: String? { description }

    /// What to do about it, when the message says.
    public var recoverySuggestion: String? {
        if case .malformed = self { return "Write a JSON object such as {\"playSoundChat\": true}." }
        return nil
    }
}
