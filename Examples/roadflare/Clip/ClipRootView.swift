import ClipKitUI
import ClipNostrUI
import SwiftUI

/// Shows the session's screen: the driver's card with the App Store overlay, a note for links the
/// clip does not handle, or a placeholder until an invocation arrives.
struct ClipRootView: View {
    @ObservedObject var clip: ObservedClipSession<DriverShareClipSession>

    var body: some View {
        switch clip.screen {
        case .waitingForInvocation:
            ProgressView()
        case .driver(let preview, let promotion):
            DriverPreviewView(model: preview, appName: "RoadFlare")
                .appStoreOverlay(for: promotion)
                .id(ObjectIdentifier(preview))      // a new invocation starts a new card
        case .unsupportedLink(let message):
            Text(message).multilineTextAlignment(.center).padding()
        }
    }
}
