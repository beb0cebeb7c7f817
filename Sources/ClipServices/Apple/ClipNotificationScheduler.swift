#if canImport(UserNotifications) && os(iOS)
import ClipKit
import Foundation
import UserNotifications

extension ClipNotificationAuthorization {
    /// The portable form of `UNAuthorizationStatus`; a status this version does not know counts as
    /// ``notDetermined``, so nothing is scheduled on it.
    init(_ status: UNAuthorizationStatus) {
        switch status {
        case .notDetermined: self = .notDetermined
        case .denied: self = .denied
        case .authorized: self = .authorized
        case .provisional: self = .provisional
        case .ephemeral: self = .ephemeral
        @unknown default: self = .notDetermined
        }
    }
}

extension ClipNotificationPlanner {
    /// Schedules a local notification that opens `route` with `parameters` when tapped, `delay`
    /// seconds from now, only if the clip may post notifications now; returns the request's identifier.
    ///
    /// Authorization is read first (an App Clip's ephemeral authorization lasts up to eight hours
    /// after each launch, and the person can turn it off on the card), then the target content
    /// identifier is built and routed back, and only then is the request added.
    ///
    /// - Throws: ``ClipNotificationError`` saying why nothing was scheduled, or the notification
    ///   center's error.
    @discardableResult
    public func schedule(
        title: String, body: String, route: String, parameters: [String: String], after delay: TimeInterval,
        identifier: String = UUID().uuidString
    ) async throws -> String {
        let center = UNUserNotificationCenter.current()
        let settings = await center.notificationSettings()
        try checkAuthorization(ClipNotificationAuthorization(settings.authorizationStatus))
        let content = UNMutableNotificationContent()
        content.title = title
        content.body = body
        content.targetContentIdentifier = try targetContentIdentifier(route: route, parameters: parameters)
        let trigger = UNTimeIntervalNotificationTrigger(timeInterval: max(1, delay), repeats: false)
        try await center.add(UNNotificationRequest(identifier: identifier, content: content, trigger: trigger))
        return identifier
    }
}
#endif
