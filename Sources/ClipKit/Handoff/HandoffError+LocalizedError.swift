import Foundation

extension HandoffError: ClipKitError {
    /// What to do about it, when the message says.
    public var recoverySuggestion: String? {
        switch self {
        case .invalidKey: return "Use a letter, then up to 63 letters, digits, '_', '-' or '.'."
        case .invalidLifetime(_, let allowed):
            return "Set handoff.ttlSeconds in clipkit.json to \(allowed.lowerBound) to \(allowed.upperBound) seconds."
        case .invalidTypeName: return "Use a letter, then up to 127 letters, digits, '.', '_' or '-', like com.example.ticket."
        case .typeNotListed: return "Add the type to handoff.types in clipkit.json, or hand off a listed type."
        case .entryTooLarge: return "Hand off identifiers and let the app fetch the rest."
        case .storageFailed(let error): return error.recoverySuggestion
        case .secretTypeInAppGroup: return "Offer secrets through KeychainHandoffStore (ClipServices); keep the App Group for what any target may read."
        default: return nil
        }
    }
}

extension HandoffDiagnostic: ClipKitError {
    /// What to do about it, when the message says.
    public var recoverySuggestion: String? {
        switch self {
        case .unknownVersion: return "Update the app together with the clip."
        case .storageFailed(let error): return error.recoverySuggestion
        default: return nil
        }
    }
}
