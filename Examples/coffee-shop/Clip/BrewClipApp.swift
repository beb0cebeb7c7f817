import ClipKitUI
import SwiftUI

@main
struct BrewClipApp: App {
    @State private var location = LocationConfirmation(manifest: ClipConfiguration.manifest)

    var body: some Scene {
        WindowGroup {
            ClipSessionView(ClipSession.self, configuration: ClipConfiguration.self, receivesNotifications: true) { TableView(clip: $0, location: location) }
                .confirmsLocation(with: location)
        }
    }
}
