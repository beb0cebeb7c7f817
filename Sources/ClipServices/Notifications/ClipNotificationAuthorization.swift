/// Whether the clip may post notifications, as `UNNotificationSettings.authorizationStatus` says.
///
/// An App Clip whose Info.plist has `NSAppClipRequestEphemeralUserNotification` (the manifest's
/// `clip.requestsEphemeralNotifications`) is ``ephemeral`` for up to eight hours after each launch,
/// unless the person turned notifications off on the App Clip card.
public enum ClipNotificationAuthorization: String, Sendable, Equatable {
    /// Nobody has asked; the clip did not request ephemeral notifications, or their time is over.
    case notDetermined
    /// The person turned notifications off (on the App Clip card, or in Settings).
    case denied
    /// The person allowed notifications.
    case authorized
    /// Notifications are delivered quietly, on trial.
    case provisional
    /// An App Clip's temporary authorization, for up to eight hours after each launch.
    case ephemeral

    /// Whether a notification may be scheduled in this state.
    package var allowsScheduling: Bool {
        switch self {
        case .authorized, .provisional, .ephemeral: return true
        case .notDetermined, .denied: return false
        }
    }
}
