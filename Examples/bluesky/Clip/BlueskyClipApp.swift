import BlueskyKit
import ClipKit
import ClipKitUI
import ClipWebBridgeUI
import SwiftUI

/// Bluesky's starter-pack App Clip: a tapped `https://bsky.app/start/<handle>/<rkey>` (or
/// `https://go.bsky.app/<code>`) shows the starter pack's web page in clip mode (`clip=true`);
/// the page hands the starter pack to the full app and asks for the App Store overlay through
/// `postMessage`. Bluesky's preset (BlueskyKit) checks the starter-pack URI and also writes it
/// where the unchanged React Native app reads it.
///
/// Target: `xyz.blueskyweb.app.AppClip`, with `ios/AppClip.entitlements`. `ClipKitManifestPlugin`
/// compiles `clipkit.json` into the target (`ClipConfiguration`).
@main
struct BlueskyClipApp: App {
    var body: some Scene {
        WindowGroup {
            ClipSessionView(setUp: { try WebBridgeClipSession(runtime: ClipConfiguration.runtime(), options: .blueskyStarterPack) }) { page, _ in
                WebBridgeView(model: page).ignoresSafeArea()
            }
        }
    }
}
