import ClipKit
import SwiftUI

/// The clip's screen: the menu of the store the QR code or NFC tag named, for its table. "Order"
/// stands for the clip's whole ordering task.
struct TableView: View {
    let match: RouteMatch
    let order: () -> Void

    var body: some View {
        VStack(spacing: 16) {
            Text("Brew — \(match.parameters["store"] ?? "")").font(.title)
            if let table = match.parameters["table"] { Text("Table \(table)") }
            Button("Order a flat white") { order() }
                .buttonStyle(.borderedProminent)
        }
        .padding()
    }
}
