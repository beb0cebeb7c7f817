#if canImport(SwiftUI) && os(iOS)
import ClipKit
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

    /// The tab on screen; 1 is Drivers.
    @Published var selectedTab = 0
    /// The driver the add-driver sheet opens with, once the Drivers tab mounts.
    @Published var pendingDriverDeepLink: ParsedDriverQRCode?

    static let driversTab = 1

    /// Runs on every launch. The first launch after the clip finds its handoff; every later
    /// launch finds nothing, because claiming removes the entry.
    ///
    /// - Parameter launchURL: The universal link that opened the app, if any
    ///   (`onContinueUserActivity(NSUserActivityTypeBrowsingWeb)`); it wins over a handoff.
    func initialize(launchURL: URL? = nil) {
        let kinds = ParameterKindRegistry.standard.registering(.npub)
        guard let manifestURL = Bundle.main.url(forResource: "clipkit", withExtension: "json"),
              let manifest = try? ManifestLoader(parameterKinds: kinds).load(contentsOf: manifestURL),
              let router = try? InvocationRouter(manifest: manifest, parameterKinds: kinds),
              let container = try? AppGroupContainer.system(manifest: manifest),
              let defaults = try? DirectorySharedDefaults(container: container),
              let store = try? HandoffStore(defaults: defaults, manifest: manifest)
        else {
            return      // no manifest or no App Group: normal onboarding, as after an eviction
        }
        let match = launchURL.flatMap { try? router.route($0).get() }
        let launch = OnboardingResolver(rules: [DriverOnboardingRule()]).launch(openedBy: match, claimingFrom: store)
        apply(launch.destination)
    }

    /// Seeds the same state the `roadflared:` cold-start path seeds.
    func apply(_ destination: OnboardingDestination) {
        switch destination {
        case .addDriver(let prefill):
            pendingDriverDeepLink = ParsedDriverQRCode(pubkeyInput: prefill.npub, scannedName: prefill.displayName)
            selectedTab = Self.driversTab
        case .standardOnboarding, .starterPack:
            break
        }
    }
}
#endif
