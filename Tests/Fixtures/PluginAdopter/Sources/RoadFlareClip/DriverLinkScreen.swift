import ClipKit

/// What RoadFlare's clip shows for a link: the driver's card, a note that the rider's link opens in
/// the app, or why the link is not one of RoadFlare's.
enum DriverLinkScreen: Equatable, Sendable {
    /// The driver's card; `signedProfile` is the profile the link carries, if it carries one.
    case driverCard(npub: String, signedProfile: String?)
    /// A rider's link, which only the full app handles.
    case openInApp(rider: String)
    /// Not a RoadFlare link; the reason says why.
    case unsupported(reason: String)

    /// The screen for `link`, decided by a switch over the generated route enum.
    static func screen(for link: String, router: ClipRouter) -> DriverLinkScreen {
        switch router.route(link) {
        case .success(let invocation):
            switch invocation.route {
            case .driverShare(let npub): return .driverCard(npub: npub, signedProfile: invocation.fragment)
            case .riderShare(let npub): return .openInApp(rider: npub)
            }
        case .failure(let reason):
            return .unsupported(reason: reason.description)
        }
    }
}
