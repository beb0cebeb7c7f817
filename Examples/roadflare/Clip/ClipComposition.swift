#if canImport(SwiftUI) && os(iOS)
import ClipKit
import ClipKitUI
import ClipNostr
import ClipNostrUI
import Foundation

/// Builds the clip's parts from the bundled `clipkit.json`: the router (with ClipNostr's `npub`
/// kind), the App Group store, the relay pool and the install promotion's memory.
///
/// The clip and the full app must open the same store: here `DirectorySharedDefaults` in the App
/// Group container, whose claim is exactly-once across processes (see the decision record).
/// Everything here is wiring; the decisions live in ClipKit, ClipKitUI and ClipNostrUI, tested on Linux.
@MainActor
enum ClipComposition {
    /// Why the clip could not be put together; `clipkit doctor` finds each of these before App Review.
    struct SetupProblem: Error, CustomStringConvertible {
        let description: String
    }

    static func makeSession() -> Result<DriverShareClipSession, SetupProblem> {
        let kinds = ParameterKindRegistry.standard.registering(.npub)
        guard let manifestURL = Bundle.main.url(forResource: "clipkit", withExtension: "json") else {
            return .failure(SetupProblem(description: "clipkit.json is not in the clip's bundle; add it to the target's resources."))
        }
        do {
            let manifest = try ManifestLoader(parameterKinds: kinds).load(contentsOf: manifestURL)
            let router = try InvocationRouter(manifest: manifest, parameterKinds: kinds)
            let defaults = try DirectorySharedDefaults(container: try AppGroupContainer.system(manifest: manifest))
            let store = try HandoffStore(defaults: defaults, manifest: manifest)
            let loader = try RelayPoolProfileLoader(manifest: manifest)
            return .success(DriverShareClipSession(
                inbox: InvocationInbox(router: router), loader: loader, offering: store,
                promotionMemory: SharedDefaultsPromotionMemory(defaults: defaults)
            ))
        } catch {
            return .failure(SetupProblem(description: "The clip is not set up: \(error)"))
        }
    }
}
#endif
