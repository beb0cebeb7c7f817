import ClipKitUI
import SwiftUI

@main
struct TruckClipApp: App {
    var body: some Scene {
        WindowGroup {
            ClipSessionView(ClipSession.self, configuration: ClipConfiguration.self) { match, session in
                MenuView(match: match, session: session)
            }
        }
    }
}
