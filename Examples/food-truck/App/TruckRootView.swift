import ClipKit
import SwiftUI

// The order the clip hands off, `com.example.truck.order`, is `OrderHandoff`: the manifest plugin
// generates it from clipkit.json's handoff.types, with `truck` a String and `stop` an Int?, as the
// menu route reads them from the default link's query items.
enum TruckScreen: Hashable, Sendable { case trucks, order(OrderHandoff) }

/// The full app's screens: the trucks near the person, or the order the clip started.
struct TruckRootView: View {
    let screen: TruckScreen

    var body: some View {
        switch screen {
        case .trucks:
            Text("Trucks near you")
        case .order(let order):
            VStack(spacing: 8) {
                Text("Your order at \(order.truck)").font(.title)
                if let stop = order.stop { Text("Stop \(stop)") }
            }
        }
    }
}
