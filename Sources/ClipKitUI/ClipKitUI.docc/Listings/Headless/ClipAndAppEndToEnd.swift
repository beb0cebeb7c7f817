import ClipKit
import ClipKitUI
import ClipManifestReader
import Foundation

/// The clip and its full app, one after the other, on a folder standing in for the App Group.
@MainActor
func clipAndAppEndToEnd(manifestURL: URL, appGroupFolder: URL, tableURL: URL, launchURL: URL?) throws {
    let runtime = try ClipRuntime(manifestAt: manifestURL, containerDirectory: appGroupFolder)   // ClipConfiguration.runtime() on iOS

    // The clip: the person finishes at the table and taps "Get the app".
    let clip = ClipSession(runtime: runtime)
    clip.inbox.receive(.webpage(tableURL))
    try clip.handOffRouteParameters()        // the route's parameters, as the handoff type the route names

    // The full app: its own payload and screen types.
    struct CoffeeOrder: HandoffPayload { static let handoffTypeName = "com.example.coffee.order"; var store: String; var table: Int? }
    enum Screen: Sendable { case menu, order(CoffeeOrder) }
    let launch = OnboardingResolver(rules: [.payload(CoffeeOrder.self, routes: [.table]) { .order($0) }], otherwise: Screen.menu)
        .launch(openedBy: launchURL, runtime: runtime)
    print(launch.destination)                // the order screen for soho, table 12, on the first launch after the clip
}
