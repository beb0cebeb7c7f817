import ClipKitUI
import SwiftUI

@main
struct TruckApp: App {
    static let launch = OnboardingResolver<TruckScreen>(rules: [.payload(OrderHandoff.self, routes: [.menu]) { .order($0) }], otherwise: .trucks)
    @State private var screen = TruckScreen.trucks

    var body: some Scene {
        WindowGroup {
            TruckRootView(screen: screen).launchDestination($screen, resolvedBy: Self.launch, configuration: ClipConfiguration.self)
        }
    }
}
