import ClipKit
import ClipKitUI
import SwiftUI

/// The clip's screen: the menu of the store the QR code or NFC tag named, for its table. "Order"
/// stands for the clip's whole ordering task.
struct TableView: View {
    let match: RouteMatch
    let session: ClipSession

    var body: some View {
        VStack(spacing: 16) {
            if let place = match.parameters(as: OrderHandoff.self) {   // the captures, typed: the table is an Int
                Text("Brew — \(place.store)").font(.title)
                if let table = place.table { Text("Table \(table)") }
            }
            Button("Order a flat white") { order() }
                .buttonStyle(.borderedProminent)
        }
        .padding()
    }

    private func order() {}
}
