import ClipKitUI
import SwiftUI

@main
struct BrewClipApp: App {
    var body: some Scene {
        WindowGroup {
            ClipSessionView(ClipSession.self, receivesNotifications: true) { TableView(clip: $0) }
        }
    }
}
