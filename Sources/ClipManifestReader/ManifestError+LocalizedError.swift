import ClipKit
import Foundation

extension ManifestError: ClipKitError, ClipKitErrorMessage {
    /// What to do about it.
    package var suggestion: String? {
        switch self {
        case .invalid: return "Fix each problem at its JSON path; `clipkit manifest validate` lists them."
        case .notJSON: return "Fix the JSON syntax at the position given."
        default: return nil
        }
    }
}
