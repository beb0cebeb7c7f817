import ClipKitUI
import SwiftUI

@main
struct BrewApp: App {
    static let launch = OnboardingResolver<BrewScreen>(rules: [.payload(OrderHandoff.self, routes: [.table, .store]) { .order($0) }], otherwise: .menu)
    @State private var screen = BrewScreen.menu

    var body: some Scene {
        WindowGroup {
            BrewRootView(screen: screen).launchDestination($screen, resolvedBy: Self.launch, configuration: ClipConfiguration.self)
        }
    }
}
