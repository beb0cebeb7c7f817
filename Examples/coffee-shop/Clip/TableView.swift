import ClipKit
import ClipKitUI
import SwiftUI

/// The clip's screen: the store's menu for the table the QR code or NFC tag named, with the App
/// Store overlay once the person ordered. An order is accepted only once iOS confirms the code was
/// scanned at the store (`clip.requestsLocationConfirmation`, the manifest's place).
struct TableView: View {
    @ObservedObject var clip: ObservedClipSession<ClipSession>
    @State private var location = LocationConfirmation(manifest: ClipConfiguration.manifest)
    @State private var refusal: String?

    var body: some View {
        screen.confirmsLocation(with: location)
    }

    @ViewBuilder private var screen: some View {
        switch clip.screen {
        case .waitingForInvocation:
            ProgressView()
        case .invocation(let match, let promotion):
            OrderView(match: match, refusal: refusal, order: {
                Task { @MainActor in
                    switch await location.confirm() {
                    case .confirmed: refusal = nil; _ = try? clip.session.handOffRouteParameters()
                    case .notConfirmed: refusal = "Scan the code on your table at the café to order."
                    case .unavailable(let reason): refusal = "Ordering needs the table's code: \(reason)"
                    }
                }
            })
                .appStoreOverlay(for: promotion)
                .id(ObjectIdentifier(promotion))      // a new scan starts a new screen
        case .unsupportedLink(let message):
            Text(message).multilineTextAlignment(.center).padding()
        }
    }
}

/// The menu of one store, for one table; "Order" stands for the clip's whole ordering task.
struct OrderView: View {
    let match: RouteMatch
    let refusal: String?
    let order: () -> Void

    var body: some View {
        VStack(spacing: 16) {
            Text("Brew — \(match.parameters["store"] ?? "")").font(.title)
            if let table = match.parameters["table"] { Text("Table \(table)") }
            Button("Order a flat white") { order() }
                .buttonStyle(.borderedProminent)
            if let refusal { Text(refusal).multilineTextAlignment(.center) }
        }
        .padding()
    }
}
