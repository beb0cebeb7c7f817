import ClipKitUI
import SwiftUI

@main
struct BrewClipApp: App {
    var body: some Scene {
        WindowGroup {
            ClipSessionView(ClipSession.self, configuration: ClipConfiguration.self) { match, session in
                TableView(match: match, session: session)
            }
        }
    }
}
