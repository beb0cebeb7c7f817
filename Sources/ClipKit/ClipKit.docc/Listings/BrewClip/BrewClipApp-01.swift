import ClipKitUI
import SwiftUI

@main
struct BrewClipApp: App {
    var body: some Scene {
        WindowGroup {
            ClipSessionView(ClipSession.self) { TableView(clip: $0) }
        }
    }
}
