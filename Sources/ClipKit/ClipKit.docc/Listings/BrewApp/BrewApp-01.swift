import ClipKitUI
import SwiftUI

@main
struct BrewApp: App {
    @State private var screen = BrewScreen.menu

    var body: some Scene {
        WindowGroup {
            BrewRootView(screen: screen)
        }
    }
}
