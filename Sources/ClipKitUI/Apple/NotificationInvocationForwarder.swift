#if canImport(UserNotifications) && os(iOS)
import Foundation
import UserNotifications

/// Forwards tapped notifications to an ``InvocationInbox`` by their target content identifier.
///
/// A clip relaunched from a notification gets no invocation URL; the notification's
/// `targetContentIdentifier` (APNs `target-content-id`) names the experience instead. Keep a
/// strong reference and set it as the notification center's delegate at launch:
///
/// ```swift
/// let forwarder = NotificationInvocationForwarder(inbox: inbox)
/// UNUserNotificationCenter.current().delegate = forwarder
/// ```
public final class NotificationInvocationForwarder: NSObject, UNUserNotificationCenterDelegate, @unchecked Sendable {
    private let inbox: InvocationInbox

    /// Creates a forwarder for `inbox`.
    @MainActor
    public init(inbox: InvocationInbox) {
        self.inbox = inbox
    }

    /// Hands the tapped notification's target to the inbox.
    public nonisolated func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void
    ) {
        let identifier = response.notification.request.content.targetContentIdentifier
        let inbox = self.inbox
        Task { @MainActor in
            inbox.receive(.notification(targetContentIdentifier: identifier))
        }
        completionHandler()
    }
}
#endif
