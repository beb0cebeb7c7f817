import ClipNotifications
import UserNotifications

/// Brew's notification service extension: "your order is ready" plays the café's sound when the
/// person turned it on, and every notification adds one to the shared badge count.
final class NotificationService: ClipNotificationServiceExtension {
    override var policy: any NotificationPolicy {
        ReasonPolicy(
            rules: [ReasonRule(reasons: ["order-ready"], actions: [.playSound(named: "ready.caf", whenEnabled: "playSoundOrderReady"), .incrementBadge(by: 1)])],
            otherwise: [.incrementBadge(by: 1)]
        )
    }
    override var appGroupIdentifier: String? { "group.com.example.Brew" }
}
