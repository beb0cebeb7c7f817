import ClipKit
import ClipKitUI
import SwiftUI

/// The clip's screen: the store's menu for the table the QR code or NFC tag named.
struct TableView: View {
    @ObservedObject var clip: ObservedClipSession<ClipSession>

    var body: some View {
        switch clip.screen {
        case .waitingForInvocation:
            ProgressView()
        case .invocation(let match, _):
            if let place = match.parameters(as: OrderHandoff.self) { Text("Brew — \(place.store)").font(.title) }
        case .unsupportedLink(let message):
            Text(message).multilineTextAlignment(.center).padding()
        }
    }
}
