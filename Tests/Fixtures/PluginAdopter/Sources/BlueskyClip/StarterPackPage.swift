import ClipKit
import Foundation

/// The page Bluesky's clip loads for a starter-pack link: the link itself with the route's web
/// content query (`clip=true`), or `nil` for a link the manifest does not route.
func starterPackPage(for link: String, router: ClipRouter) -> URL? {
    guard case .success(let invocation) = router.route(link) else { return nil }
    switch invocation.route {
    case .starterPack, .starterPackShortLink:
        return WebContentURL.url(for: invocation.match, in: router.router)
    }
}
