import SwiftUI

/// The full app's screens: the menu, or the order the clip started (or a table link opened).
struct BrewRootView: View {
    let screen: BrewScreen

    var body: some View {
        switch screen {
        case .menu:
            Text("Menu")
        case .order(let order):
            VStack(spacing: 8) {
                Text("Your order at \(order.store)").font(.title)
                if let table = order.table { Text("Table \(table)") }
            }
        }
    }
}
