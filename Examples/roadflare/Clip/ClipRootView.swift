#if canImport(SwiftUI) && os(iOS)
import ClipKitUI
import ClipNostrUI
import SwiftUI

/// Shows the session's screen: the driver's card, a note for links the clip does not handle, or
/// a placeholder until an invocation arrives.
struct ClipRootView: View {
    @ObservedObject var clip: ObservedDriverShareClip

    var body: some View {
        switch clip.screen {
        case .waitingForInvocation:
            ProgressView()
        case .driver(let preview, let promotion):
            DriverScreen(preview: preview, promotion: ObservedInstallPromotion(controller: promotion))
        case .unsupportedLink(let message):
            Text(message).multilineTextAlignment(.center).padding()
        }
    }
}

/// The driver's preview with the App Store overlay the promotion controls.
struct DriverScreen: View {
    let preview: DriverPreviewModel
    @StateObject var promotion: ObservedInstallPromotion

    init(preview: DriverPreviewModel, promotion: ObservedInstallPromotion) {
        self.preview = preview
        _promotion = StateObject(wrappedValue: promotion)
    }

    var body: some View {
        DriverPreviewView(model: preview, appName: "RoadFlare")
            .appStoreOverlay(for: promotion)
            .id(ObjectIdentifier(preview))      // a new invocation starts a new card
    }
}
#endif
