import ClipKit
import Foundation

extension ManifestError: ClipKitError {
    /// What to do about it.
    public var recoverySuggestion: String? {
        switch self {
        case .invalid: return "Fix each problem at its JSON path; `clipkit manifest validate` lists them."
        case .notJSON: return "Fix the JSON syntax at the position given."
        default: return nil
        }
    }
}
