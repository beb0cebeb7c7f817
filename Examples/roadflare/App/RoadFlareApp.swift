import SwiftUI

/// The full app's entry point, reduced to the handoff: initialize on launch, and let a universal
/// link that arrives later (the person re-taps a share link) pre-fill the driver the same way.
///
/// Target: `com.roadflare.RoadFlare`, with `ios/App.entitlements`.
@main
struct RoadFlareApp: App {
    @StateObject private var state = AppState()

    var body: some Scene {
        WindowGroup {
            TabView(selection: $state.selectedTab) {
                Text("Home").tag(0)
                Text("Drivers").tag(AppState.driversTab)
            }
            .task { state.initialize() }
            .onContinueUserActivity(NSUserActivityTypeBrowsingWeb) { activity in
                state.initialize(launchURL: activity.webpageURL)
            }
        }
    }
}
