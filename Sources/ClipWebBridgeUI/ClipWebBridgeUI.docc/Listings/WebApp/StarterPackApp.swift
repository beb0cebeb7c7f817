import BlueskyKit
import ClipKitUI
import SwiftUI

/// A native full app's screens: its home, or the starter pack the clip handed off (or a starter-pack
/// link opened).
enum BlueskyScreen: Sendable, Hashable { case home, starterPack(StarterPackEntry) }

@main
struct BlueskyApp: App {
    static let launch = OnboardingResolver(rules: [StarterPackOnboardingRule().rule { .starterPack($0) }], otherwise: BlueskyScreen.home)
    @State private var screen = BlueskyScreen.home

    var body: some Scene {
        WindowGroup {
            BlueskyRootView(screen: screen).launchDestination($screen, resolvedBy: Self.launch, configuration: ClipConfiguration.self)
        }
    }
}

/// The home screen, or the starter pack's onboarding.
struct BlueskyRootView: View {
    let screen: BlueskyScreen

    var body: some View {
        switch screen {
        case .home:
            Text("Home")
        case .starterPack(let entry):
            Text("Starter pack \(entry.uri)")
        }
    }
}
