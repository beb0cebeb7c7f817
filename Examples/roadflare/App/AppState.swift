import ClipKitUI
import ClipNostr
import ClipNostrUI
import Foundation
import SwiftUI

/// The full app's side of the handoff, shaped like RoadFlare's `AppState.initialize()`.
///
/// `ParsedDriverQRCode`, `selectedTab` and `pendingDriverDeepLink` stand for RoadFlare's own
/// types, reduced to what the handoff touches: the Drivers tab observes `pendingDriverDeepLink`
/// with `.onChange(of:initial:)` and presents `AddDriverSheet(prefill:)` once it mounts.
@MainActor
final class AppState: ObservableObject {
    /// RoadFlare's parsed driver link: the key and the name to pre-fill.
    struct ParsedDriverQRCode: Equatable {
        var pubkeyInput: String
        var scannedName: String?
    }

    /// RoadFlare's first-screen choices: its own type, not ClipKit's.
    enum Destination: Sendable {
        case home
        case addDriver(DriverPrefill)
    }

    static let driversTab = 1
    static let launch = OnboardingResolver(rules: [.driver { Destination.addDriver($0) }], otherwise: Destination.home)

    /// The tab on screen; 1 is Drivers.
    @Published var selectedTab = 0
    /// The driver the add-driver sheet opens with, once the Drivers tab mounts.
    @Published var pendingDriverDeepLink: ParsedDriverQRCode?

    /// Runs on every launch, and with the link when a universal link opens the app later: the first
    /// launch after the clip finds its handoff; later ones find nothing, because claiming removes it.
    func initialize(launchURL: URL? = nil) {
        guard case .addDriver(let prefill) = Self.launch.launch(openedBy: launchURL, configuration: ClipConfiguration.self).destination else {
            return      // no handoff, or no manifest or App Group: normal onboarding, as after an eviction
        }
        pendingDriverDeepLink = ParsedDriverQRCode(pubkeyInput: prefill.npub, scannedName: prefill.displayName)
        selectedTab = Self.driversTab
    }
}
