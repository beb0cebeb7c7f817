#if canImport(SwiftUI) && os(iOS)
import ClipKit
import ClipKitUI
import ClipNostrUI
import SwiftUI

/// RoadFlare's App Clip: a tapped `https://roadflare.app/share/d/<npub>` shows the driver's
/// verified profile, and "Get RoadFlare" leaves the driver for the full app and brings up the
/// App Store overlay.
///
/// Target: `com.roadflare.RoadFlare.Clip`, with `ios/AppClip.entitlements` and the
/// `NSAppClip` keys of `ios/AppClip-Info.plist`. Bundle `clipkit.json` as a resource.
@main
struct RoadFlareClipApp: App {
    private let setup = ClipComposition.makeSession()

    var body: some Scene {
        WindowGroup {
            switch setup {
            case .success(let session):
                ClipSessionView(clip: ObservedDriverShareClip(session: session))
            case .failure(let problem):
                Text(problem.description).multilineTextAlignment(.center).padding()
            }
        }
    }
}

/// Owns the observed session for the scene's lifetime and routes invocations into it.
struct ClipSessionView: View {
    @StateObject var clip: ObservedDriverShareClip

    init(clip: @autoclosure @escaping () -> ObservedDriverShareClip) {
        _clip = StateObject(wrappedValue: clip())
    }

    var body: some View {
        ClipRootView(clip: clip)
            .routesInvocations(into: clip.session.inbox)
    }
}
#endif
