import ClipKitUI
import ClipNostrUI
import SwiftUI

/// RoadFlare's App Clip: a tapped `https://roadflare.app/share/d/<npub>` shows the driver's
/// verified profile, and "Get RoadFlare" leaves the driver for the full app and brings up the
/// App Store overlay.
///
/// Target: `com.roadflare.RoadFlare.Clip`, with `ios/AppClip.entitlements` and the
/// `NSAppClip` keys of `ios/AppClip-Info.plist`. `ClipKitManifestPlugin` compiles `clipkit.json`
/// into the target (`ClipConfiguration`), so the clip reads no JSON at launch.
@main
struct RoadFlareClipApp: App {
    var body: some Scene {
        WindowGroup {
            ClipSessionView(DriverShareClipSession.self, configuration: ClipConfiguration.self) { preview, _ in
                DriverPreviewView(model: preview, appName: "RoadFlare")
            }
        }
    }
}
