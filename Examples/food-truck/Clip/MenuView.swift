import ClipKit
import ClipKitUI
import SwiftUI

/// The clip's screen: the menu of the truck that Apple's default App Clip link names, at the stop
/// it names (the QR code on the truck's window carries both as query items).
struct MenuView: View {
    let match: RouteMatch
    let session: ClipSession
    @State private var refusal: String?

    var body: some View {
        VStack(spacing: 16) {
            if let order = match.parameters(as: OrderHandoff.self) {   // the link's items, typed: the stop is an Int
                Text("Tacos at \(order.truck)").font(.title)
                if let stop = order.stop { Text("Stop \(stop)") }
            }
            Button("Order three tacos") {
                // A refused handoff (a payload the manifest's type does not allow) is shown, never dropped.
                do { try session.handOffRouteParameters(); refusal = nil } catch { refusal = error.localizedDescription }
            }
            .buttonStyle(.borderedProminent)
            if let refusal { Text(refusal).multilineTextAlignment(.center) }
        }
        .padding()
    }
}
