@_spi(ClipKitTooling) import ClipKit
import Foundation

/// Decides whether a clip may schedule a notification and what it targets.
///
/// A tapped notification relaunches an App Clip without its invocation URL; the notification's
/// `targetContentIdentifier` stands in for it, so it must be a URL of one of the clip's routes that
/// routes back to that route. The planner builds it from a route and its parameters and routes it
/// back through the manifest's router before anything is scheduled; and it allows scheduling only
/// while the clip is authorized (``ClipNotificationAuthorization/ephemeral`` included), saying why
/// not otherwise.
///
/// ```swift
/// let planner = try ClipNotificationPlanner(manifest: ClipConfiguration.manifest)
/// try planner.checkAuthorization(.ephemeral)
/// let target = try planner.targetContentIdentifier(route: "order", parameters: ["order": "A12"])
/// ```
public struct ClipNotificationPlanner: Sendable {
    /// The manifest the routes come from.
    let manifest: ClipManifest
    private let router: InvocationRouter

    /// Creates a planner for the manifest's clip.
    ///
    /// - Throws: ``ClipNotificationError/ephemeralNotificationsNotRequested`` when the clip does not
    ///   request ephemeral notifications, ``ClipNotificationError/routerUnavailable(_:)`` when its
    ///   routes do not compile.
    public init(manifest: ClipManifest, parameterKinds: ParameterKindRegistry = .standard) throws {
        guard manifest.clip.requestsEphemeralNotifications else { throw ClipNotificationError.ephemeralNotificationsNotRequested }
        self.manifest = manifest
        do {
            router = try InvocationRouter(manifest: manifest, parameterKinds: parameterKinds)
        } catch {
            throw ClipNotificationError.routerUnavailable("\(error)")
        }
    }

    /// Checks that a notification may be scheduled with `authorization`.
    ///
    /// - Throws: ``ClipNotificationError/notAuthorized(_:)`` unless the clip is authorized,
    ///   provisional or ephemeral.
    public func checkAuthorization(_ authorization: ClipNotificationAuthorization) throws {
        guard authorization.allowsScheduling else { throw ClipNotificationError.notAuthorized(authorization) }
    }

    /// The `targetContentIdentifier` for a notification that opens route `route` with `parameters`:
    /// the route's first pattern filled in with the query items it reads after it (for a route with
    /// no pattern, Apple's default App Clip link with them), checked to route back to `route` in the clip.
    ///
    /// - Throws: ``ClipNotificationError`` when the route is unknown, the full app's, not in
    ///   `clip.notificationRoutes`, lacks a parameter, or its link routes elsewhere.
    public func targetContentIdentifier(route name: String, parameters: [String: String]) throws -> String {
        guard let route = router.route(named: name) else { throw ClipNotificationError.unknownRoute(name) }
        guard route.handledBy == .clip else { throw ClipNotificationError.notAClipRoute(name) }
        let listed = manifest.clip.notificationRoutes
        guard listed.isEmpty || listed.contains(name) else { throw ClipNotificationError.routeNotListed(name, listed: listed) }
        let missingItems = route.requiredQueryItems.filter { (parameters[$0] ?? "").isEmpty }.sorted()
        let items = route.queryKinds.keys.sorted().compactMap { item in parameters[item].map { URLQueryItem(name: item, value: $0) } }
        let identifier: String
        if let pattern = route.patterns.first {
            let missing = pattern.captureNames.filter { (parameters[$0] ?? "").isEmpty } + missingItems
            guard missing.isEmpty, let filled = pattern.url(filling: parameters), var components = URLComponents(string: filled) else {
                throw ClipNotificationError.missingParameters(route: name, missing: missing)
            }
            if !items.isEmpty { components.queryItems = items }
            identifier = components.string ?? filled
        } else {
            // A route with no link of its own opens through Apple's default App Clip link, which
            // carries its parameters as query items.
            guard missingItems.isEmpty else { throw ClipNotificationError.missingParameters(route: name, missing: missingItems) }
            identifier = InvocationRouter.defaultLink(clipBundleID: manifest.clip.bundleID, items: items)
        }
        _ = try checkTarget(identifier, expectedRoute: name)
        return identifier
    }

    /// Checks that `identifier` routes to a route the clip handles (`expectedRoute` when given, and
    /// one of `clip.notificationRoutes` when the manifest lists them), and returns the match.
    ///
    /// - Throws: ``ClipNotificationError/doesNotRouteBack(identifier:route:reason:)`` otherwise.
    public func checkTarget(_ identifier: String, expectedRoute: String? = nil) throws -> RouteMatch {
        let expected = expectedRoute ?? "a clip route"
        switch router.route(notificationTargetContentIdentifier: identifier) {
        case .failure(let failure):
            throw ClipNotificationError.doesNotRouteBack(identifier: identifier, route: expected, reason: failure.description)
        case .success(let match):
            if let expectedRoute, match.route != expectedRoute {
                throw ClipNotificationError.doesNotRouteBack(
                    identifier: identifier, route: expectedRoute, reason: "it matches route '\(match.route)' first"
                )
            }
            if match.handledBy != .clip {
                throw ClipNotificationError.doesNotRouteBack(
                    identifier: identifier, route: expected, reason: "it matches route '\(match.route)', which the full app handles"
                )
            }
            let listed = manifest.clip.notificationRoutes
            if !listed.isEmpty, !listed.contains(match.route) {
                throw ClipNotificationError.doesNotRouteBack(
                    identifier: identifier, route: expected, reason: "it matches route '\(match.route)', which clip.notificationRoutes does not list"
                )
            }
            return match
        }
    }
}
