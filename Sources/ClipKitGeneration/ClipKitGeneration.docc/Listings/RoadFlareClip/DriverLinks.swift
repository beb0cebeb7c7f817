import ClipKit
import ClipNostrUI
import Foundation

/// RoadFlare's clip on the routes and the configuration the manifest plugin compiled from its
/// `clipkit.json`: a switch over the route enum, then the clip's session without reading the manifest.
@available(iOS 16.0, *)
@MainActor
func openDriverLink(_ url: URL) throws -> DriverShareClipSession {
    let router = try ClipRouter()                       // the compiled table; ClipNostr's npub registered
    switch router.route(url) {
    case .success(let invocation):
        switch invocation.route {                       // exhaustive: a renamed route is a compile error
        case .driverShare(let npub): showDriver(npub, signedProfile: invocation.fragment)
        case .riderShare: openInApp()
        }
    case .failure(let reason):
        log(reason.description)                         // the same reason the run-time router gives
    }

    let runtime = try ClipConfiguration.runtime()       // iOS: no clipkit.json read, no JSON checked
    let session = try DriverShareClipSession(runtime: runtime)
    session.inbox.receive(.webpage(url))
    return session
}
