/// A route enum generated from `clipkit.json`: one case per route, each with that route's
/// captured parameters as labeled values.
///
/// The manifest plugin (and `clipkit generate swift`) writes the conforming enum, so a switch over
/// it is exhaustive and a renamed route or parameter is a compile error:
///
/// ```swift
/// switch ClipRoute(match) {
/// case .driverShare(let npub)?: showDriver(npub)
/// case .riderShare?: openInApp()
/// case nil: break          // a match from a router built from another manifest
/// }
/// ```
public protocol TypedRoute: Sendable, Equatable {
    /// The typed route of `match`, or `nil` when this type has no case for the match's route (the
    /// match came from a router built from another manifest).
    init?(_ match: RouteMatch)

    /// The route's name in the manifest, such as `"driverShare"`.
    var routeName: String { get }
}
