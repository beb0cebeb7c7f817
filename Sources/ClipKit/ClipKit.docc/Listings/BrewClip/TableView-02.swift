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
            OrderView(match: match, order: { _ = try? clip.session.handOffRouteParameters() })
        case .unsupportedLink(let message):
            Text(message).multilineTextAlignment(.center).padding()
        }
    }
}

/// The menu of one store, for one table; "Order" stands for the clip's whole ordering task.
struct OrderView: View {
    let match: RouteMatch
    let order: () -> Void

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
}
