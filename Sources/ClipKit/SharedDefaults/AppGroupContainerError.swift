import Foundation

/// Why an App Group container cannot be used.
public enum AppGroupContainerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The identifier is not `group.` followed by a reverse-DNS name.
    case invalidIdentifier(String)
    /// The system has no container for the group: the running target is not entitled to it.
    case notEntitled(identifier: String)

    /// What is wrong and what to do.
    public var description: String {
        switch self {
        case .invalidIdentifier(let identifier):
            return "'\(identifier.prefix(80))' is not an App Group identifier: expected 'group.' and a reverse-DNS name, like group.com.example.MyApp"
        case .notEntitled(let identifier):
            return "the system has no container for \(identifier): add it to com.apple.security.application-groups in both the app's and the clip's entitlements ('clipkit generate entitlements' writes them)"
        }
    }
}

extension AppGroupContainerError: ClipKitError {
    /// What to do about it, when the message says.
    public var recoverySuggestion: String? {
        switch self {
        case .invalidIdentifier:
            return "Use 'group.' and a reverse-DNS name, like group.com.example.MyApp."
        case .notEntitled:
            return "Add the group to com.apple.security.application-groups in both the app's and the clip's entitlements ('clipkit generate entitlements' writes them)."
        }
    }
}
