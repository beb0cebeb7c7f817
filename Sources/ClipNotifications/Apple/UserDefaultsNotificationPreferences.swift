#if canImport(UserNotifications) && os(iOS)
import Foundation

/// Reads notification preferences from the App Group's `UserDefaults`, for apps that already keep
/// them there (Bluesky keeps `playSoundChat` in the suite `group.app.bsky`).
public struct UserDefaultsNotificationPreferences: NotificationPreferencesSource {
    /// The App Group's suite name.
    public let suiteName: String
    /// The keys to read.
    public let keys: [String]

    /// Creates a source for `keys` in the suite `suiteName`.
    public init(suiteName: String, keys: [String]) {
        self.suiteName = suiteName
        self.keys = keys
    }

    /// The stored values of ``keys``; a missing suite gives empty preferences.
    public func loadPreferences() -> NotificationPreferences {
        guard let defaults = UserDefaults(suiteName: suiteName) else { return NotificationPreferences() }
        var preferences = NotificationPreferences()
        for key in keys {
            switch defaults.object(forKey: key) {
            case let number as NSNumber:
                // A Boolean is an NSNumber whose Objective-C type is "c".
                preferences[key] = String(cString: number.objCType) == "c" ? .bool(number.boolValue) : .number(number.doubleValue)
            case let string as String:
                preferences[key] = .string(string)
            default:
                break
            }
        }
        return preferences
    }
}
#endif
