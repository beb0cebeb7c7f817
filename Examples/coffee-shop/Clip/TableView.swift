import ClipKit
import ClipKitUI
import SwiftUI

/// The clip's screen: the menu of the store the QR code or NFC tag named, for its table. "Order"
/// stands for the clip's whole ordering task, accepted only once iOS confirms the code was scanned at
/// the store (`clip.requestsLocationConfirmation`, the manifest's place).
struct TableView: View {
    let match: RouteMatch
    let session: ClipSession
    @State private var refusal: String?

    var body: some View {
        VStack(spacing: 16) {
            if let place = match.parameters(as: OrderHandoff.self) {   // the captures, typed: the table is an Int
                Text("Brew — \(place.store)").font(.title)
                if let table = place.table { Text("Table \(table)") }
            }
            Button("Order a flat white") { order() }
                .buttonStyle(.borderedProminent)
            if let refusal { Text(refusal).multilineTextAlignment(.center) }
        }
        .padding()
    }

    private func order() {
        Task { @MainActor in
            switch await session.confirmLocation() {
            case .confirmed:
                // A refused handoff (a payload the manifest's type does not allow) is shown, never dropped.
                do { try session.handOffRouteParameters(); refusal = nil } catch { refusal = error.localizedDescription }
            default: refusal = "To order, scan the code on your table here at the café."
            }
        }
    }
}
