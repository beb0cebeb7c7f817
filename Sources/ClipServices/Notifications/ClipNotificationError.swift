import ClipKit
import Foundation

/// Why a clip's notification was not scheduled.
public enum ClipNotificationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The clip is not authorized to post notifications now.
    case notAuthorized(ClipNotificationAuthorization)
    /// The manifest's clip does not request ephemeral notifications.
    case ephemeralNotificationsNotRequested
    /// No route has this name.
    case unknownRoute(String)
    /// The route is handled by the full app, so a tap would relaunch the clip with a link it does not handle.
    case notAClipRoute(String)
    /// The manifest lists `clip.notificationRoutes`, and this route is not one of them.
    case routeNotListed(String, listed: [String])
    /// The route's URL cannot be built: a capture has no value.
    case missingParameters(route: String, missing: [String])
    /// The identifier built does not route back to the route it was built from, in the clip.
    case doesNotRouteBack(identifier: String, route: String, reason: String)
    /// The route table could not be built from the manifest.
    case routerUnavailable(String)

    /// What went wrong and what to do.
    public var description: String {
        switch self {
        case .notAuthorized(.notDetermined):
            return "the clip may not post notifications: it has no authorization (an App Clip is ephemerally authorized for up to 8 hours after each launch only with NSAppClipRequestEphemeralUserNotification in its Info.plist, clip.requestsEphemeralNotifications in clipkit.json); do not schedule, and offer the full app instead"
        case .notAuthorized(.denied):
            return "the clip may not post notifications: the person turned them off on the App Clip card or in Settings; do not schedule"
        case .notAuthorized(let status):
            return "the clip may not post notifications (authorization \(status.rawValue)); do not schedule"
        case .ephemeralNotificationsNotRequested:
            return "the manifest's clip does not request ephemeral notifications; set clip.requestsEphemeralNotifications to true in clipkit.json (it writes NSAppClipRequestEphemeralUserNotification into the clip's Info.plist)"
        case .unknownRoute(let name):
            return "no route is named '\(name.prefix(80))'; name a clip route of clipkit.json"
        case .notAClipRoute(let name):
            return "route '\(name)' is handled by the full app: a tapped notification relaunches the clip with its target content identifier, which must be a link the clip handles; name a clip route"
        case .routeNotListed(let name, let listed):
            return "route '\(name)' is not in clip.notificationRoutes (\(listed.joined(separator: ", "))); add it there in clipkit.json or target a listed route"
        case .missingParameters(let route, let missing):
            return "route '\(route)' needs a value for \(missing.map { "'\($0)'" }.joined(separator: ", ")) to make its link"
        case .doesNotRouteBack(let identifier, let route, let reason):
            return "the target content identifier '\(identifier.prefix(200))' does not route back to the clip's route '\(route)': \(reason); the relaunched clip would not know what to show"
        case .routerUnavailable(let reason):
            return "the routes cannot be compiled: \(reason)"
        }
    }
}

extension ClipNotificationError: ClipKitError {
}
