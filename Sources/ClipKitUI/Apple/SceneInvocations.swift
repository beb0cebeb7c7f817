#if canImport(UIKit) && os(iOS)
import Foundation
import UIKit
import UserNotifications

/// Reads invocations out of UIKit's scene callbacks, for apps with a scene delegate.
///
/// ```swift
/// func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
///     SceneInvocations.deliver(options, to: inbox)        // cold launch: link or notification
/// }
/// func scene(_ scene: UIScene, continue activity: NSUserActivity) {
///     SceneInvocations.deliver(activity, to: inbox)       // the clip or app was running
/// }
/// ```
///
/// `scene(_:willContinueUserActivityWithType:)` only announces a continuation and carries no
/// URL, so there is nothing to read there.
@MainActor
public enum SceneInvocations {
    /// The invocations of a cold launch: web-browsing activities and a tapped notification.
    public static func sources(of options: UIScene.ConnectionOptions) -> [InvocationSource] {
        var sources = options.userActivities.compactMap { InvocationSource(userActivity: $0) }
        if let response = options.notificationResponse {
            sources.append(.notification(targetContentIdentifier: response.notification.request.content.targetContentIdentifier))
        }
        return sources
    }

    /// Hands the cold launch's invocations to `inbox`.
    public static func deliver(_ options: UIScene.ConnectionOptions, to inbox: InvocationInbox) {
        for source in sources(of: options) { inbox.receive(source) }
    }

    /// Hands a continued activity's invocation to `inbox`.
    public static func deliver(_ activity: NSUserActivity, to inbox: InvocationInbox) {
        if let source = InvocationSource(userActivity: activity) { inbox.receive(source) }
    }
}
#endif
