import ClipKitUI
import ClipWebBridgeUI
import SwiftUI

/// The starter pack's web page with the App Store overlay, or a message.
struct StarterPackScreen: View {
    @ObservedObject var clip: ObservedClipSession<WebBridgeClipSession>

    var body: some View {
        switch clip.screen {
        case .waitingForInvocation:
            ProgressView()
        case .page(let model, let promotion):
            StarterPackWebView(model: model)
                .ignoresSafeArea()
                .appStoreOverlay(for: promotion)
                .id(ObjectIdentifier(model))        // a new invocation loads a new page
        case .unsupportedLink(let message):
            Text(message).multilineTextAlignment(.center).padding()
        }
    }
}
