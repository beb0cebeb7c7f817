import Foundation

/// A URL that matched a route, with the route as a case of a generated ``TypedRoute`` enum.
///
/// The underlying ``RouteMatch`` stays available for the APIs that take one (the invocation inbox,
/// ``WebContentURL``, the handoff of a route's parameters).
public struct TypedRouteMatch<Route: TypedRoute>: Sendable, Equatable {
    /// The matched route with its typed parameters.
    public let route: Route
    /// The match as the router made it: the URL, its query items and fragment, the pattern.
    public let match: RouteMatch

    /// The typed form of `match`, or `nil` when `Route` has no case for the match's route.
    public init?(_ match: RouteMatch) {
        guard let route = Route(match) else { return nil }
        self.route = route
        self.match = match
    }

    /// The typed form of a match, or, when `Route` has no case for its route (a router built from
    /// another manifest), ``RoutingFailure/noPatternMatches(path:)``: no route of `Route` matches.
    public static func checking(_ match: RouteMatch) -> Result<TypedRouteMatch, RoutingFailure> {
        guard let typed = TypedRouteMatch(match) else {
            return .failure(.noPatternMatches(path: match.url.path))
        }
        return .success(typed)
    }

    /// The URL's query items, kept as they came.
    public var queryItems: [URLQueryItem] { match.queryItems }

    /// The URL's fragment, when the route accepts one and the URL has one.
    public var fragment: String? { match.fragment }

    /// The URL that was routed.
    public var url: URL { match.url }

    /// Which target handles the route.
    public var handledBy: ClipManifest.Handler { match.handledBy }

    /// The value of the first query item named `name`, if any.
    public func queryValue(named name: String) -> String? {
        match.queryValue(named: name)
    }
}
