/// Where a notification service extension reads the person's preferences.
///
/// ``ContainerPreferencesStore`` reads a small JSON file in the App Group container and works on
/// every platform; on iOS an app may instead read the App Group's `UserDefaults`
/// (`UserDefaultsNotificationPreferences`).
public protocol NotificationPreferencesSource: Sendable {
    /// The current preferences.
    ///
    /// - Throws: ``PreferencesError`` when the stored preferences cannot be read.
    func loadPreferences() throws -> NotificationPreferences
}

/// A fixed set of preferences, for tests and for apps that pass them in code.
@_spi(ClipKitTooling)
public struct FixedNotificationPreferences: NotificationPreferencesSource {
    /// The preferences returned.
    public var preferences: NotificationPreferences

    /// Creates a source that always returns `preferences`.
    public init(_ preferences: NotificationPreferences) {
        self.preferences = preferences
    }

    /// Returns ``preferences``.
    public func loadPreferences() -> NotificationPreferences {
        preferences
    }
}
