import ClipKit
import Foundation

/// Why a profile fetch could not start.
public enum DriverProfileLoadingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The driver's key is not a valid npub; the associated value says what is wrong with it.
    case invalidKey(String)

    /// A sentence that says what is wrong.
    public var description: String {
        switch self {
        case .invalidKey(let reason): return "the driver's key is not a valid npub: \(reason)"
        }
    }
}

extension DriverProfileLoadingError: ClipKitError {
}
