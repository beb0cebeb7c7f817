import Foundation

/// Why the badge counter could not do what was asked.
public enum BadgeCounterError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The App Group container directory does not exist or cannot be entered.
    case containerUnavailable(path: String, detail: String)
    /// The counter file could not be opened or created.
    case cannotOpen(path: String, detail: String)
    /// The advisory lock could not be taken.
    case cannotLock(path: String, detail: String)
    /// The counter file could not be read.
    case cannotRead(path: String, detail: String)
    /// The counter file could not be written or flushed.
    case cannotWrite(path: String, detail: String)
    /// An increment must add at least 1.
    case invalidIncrement(Int)

    /// What went wrong and what to do, for people.
    public var description: String {
        switch self {
        case .containerUnavailable(let path, let detail):
            return "\(path): the App Group container is not available (\(detail)); check the App Group entitlement of the app and its extension"
        case .cannotOpen(let path, let detail):
            return "\(path): cannot open the badge counter file (\(detail))"
        case .cannotLock(let path, let detail):
            return "\(path): cannot lock the badge counter file (\(detail))"
        case .cannotRead(let path, let detail):
            return "\(path): cannot read the badge counter file (\(detail))"
        case .cannotWrite(let path, let detail):
            return "\(path): cannot write the badge counter file (\(detail)); is the device out of space?"
        case .invalidIncrement(let count):
            return "an increment must add at least 1, not \(count); use reset() to clear the badge"
        }
    }
}

extension BadgeCounterError: LocalizedError {
    /// The message, for `localizedDescription`.
    public var errorDescription: String? { description }

    /// What to do about it, when the message says.
    public var recoverySuggestion: String? {
        switch self {
        case .containerUnavailable: return "Check the App Group entitlement of the app and its extension."
        case .cannotWrite: return "Check whether the device is out of space."
        case .invalidIncrement: return "Use reset() to clear the badge."
        default: return nil
        }
    }
}
