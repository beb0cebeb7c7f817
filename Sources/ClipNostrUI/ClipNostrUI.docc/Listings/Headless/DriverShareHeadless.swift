import ClipKit
import ClipKitUI
import ClipManifestReader
import ClipNostr
import ClipNostrUI
import Foundation

/// The driver-share clip and its full app, headless, as `clipkit simulate` runs them.
@MainActor
func driverShareHeadless(manifestURL: URL, folder: URL, shareURL: URL) async throws {
    let runtime = try ClipRuntime(manifestAt: manifestURL, containerDirectory: folder, parameterKinds: .standardWithNostr)

    // The clip
    let session = try DriverShareClipSession(runtime: runtime)
    session.inbox.receive(.webpage(shareURL))
    guard case .content(let preview, let promotion) = session.screen else { return }
    await preview.load()                                  // loading → preview(…, isUpdating: false) or failed
    let handoff = try await preview.offerHandoff()        // the DriverHandoff left for the app
    print(handoff.npub, promotion.isOverlayPresented)     // the driver's npub, true

    // The full app, first launch: the app names its own screens
    enum Screen: Sendable { case home, addDriver(DriverPrefill) }
    let launch = OnboardingResolver(rules: [.driver { .addDriver($0) }], otherwise: Screen.home)
        .launch(openedBy: nil, runtime: runtime)
    print(launch.destination)                             // the add-driver screen, pre-filled from the clip's handoff
}
