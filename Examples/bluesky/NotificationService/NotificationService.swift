#if canImport(UserNotifications) && os(iOS)
import ClipNotifications
import UserNotifications

/// Bluesky's notification service extension on ClipNotifications: chat messages get the DM
/// sound when the person turned it on, every other notification bumps the shared badge count —
/// the decisions of `ReasonPolicy.bluesky`, tested on Linux. The base class runs them under a
/// deadline guard and always calls the content handler exactly once.
///
/// Target: a Notification Service Extension of the full app (`xyz.blueskyweb.app.BlueskyNSE`),
/// in the App Group `group.app.bsky`; name this class as `NSExtensionPrincipalClass`, and bundle
/// `dm.aiff` with the extension.
final class NotificationService: ClipNotificationServiceExtension {
    override var policy: any NotificationPolicy { ReasonPolicy.bluesky }
    override var appGroupIdentifier: String? { "group.app.bsky" }
}
#endif
