#if canImport(SwiftUI) && canImport(WebKit) && os(iOS)
import ClipKit
import ClipKitUI
import ClipWebBridge
import ClipWebBridgeUI
import SwiftUI

/// Bluesky's starter-pack App Clip: a tapped `https://bsky.app/start/<handle>/<rkey>` (or
/// `https://go.bsky.app/<code>`) shows the starter pack's web page in clip mode (`clip=true`);
/// the page hands the starter pack to the full app and asks for the App Store overlay through
/// `postMessage`.
///
/// Target: `xyz.blueskyweb.app.AppClip`, with `ios/AppClip.entitlements`. Bundle
/// `clipkit.json` as a resource.
@main
struct BlueskyClipApp: App {
    private let setup = StarterPackClip.make()

    var body: some Scene {
        WindowGroup {
            switch setup {
            case .success(let clip):
                StarterPackScreen(clip: clip)
            case .failure(let problem):
                Text(problem.description).multilineTextAlignment(.center).padding()
            }
        }
    }
}

/// Holds the clip's parts and makes a web-bridge model for each starter-pack invocation.
@MainActor
final class StarterPackClip: ObservableObject {
    /// Why the clip could not be put together; `clipkit doctor` finds each of these before App Review.
    struct SetupProblem: Error, CustomStringConvertible {
        let description: String
    }

    let inbox: InvocationInbox
    @Published private(set) var page: (model: WebBridgeClipModel, promotion: ObservedInstallPromotion)?
    @Published private(set) var problem: String?

    private let manifest: ClipManifest
    private let store: HandoffStore
    private let memory: any InstallPromotionMemory

    /// Reads the bundled manifest and opens the App Group's store.
    static func make() -> Result<StarterPackClip, SetupProblem> {
        guard let url = Bundle.main.url(forResource: "clipkit", withExtension: "json") else {
            return .failure(SetupProblem(description: "clipkit.json is not in the clip's bundle; add it to the target's resources."))
        }
        do {
            let manifest = try ManifestLoader().load(contentsOf: url)
            let defaults = try DirectorySharedDefaults(container: try AppGroupContainer.system(manifest: manifest))
            return .success(StarterPackClip(
                manifest: manifest, router: try InvocationRouter(manifest: manifest),
                store: try HandoffStore(defaults: defaults, manifest: manifest),
                memory: SharedDefaultsPromotionMemory(defaults: defaults)
            ))
        } catch {
            return .failure(SetupProblem(description: "The clip is not set up: \(error)"))
        }
    }

    init(manifest: ClipManifest, router: InvocationRouter, store: HandoffStore, memory: any InstallPromotionMemory) {
        self.manifest = manifest
        self.store = store
        self.memory = memory
        inbox = InvocationInbox(router: router)
        inbox.deliveries.addObserver(self) { clip, invocation in clip.open(invocation) }
    }

    private func open(_ invocation: RoutedInvocation) {
        switch invocation.result {
        case .failure(let failure):
            problem = "This link can't be opened here: \(failure.description)."
        case .success(let match):
            do {
                let controller = InstallPromotionController(memory: memory)
                let model = try WebBridgeClipModel(
                    match: match, router: inbox.router, manifest: manifest, store: store, promotion: controller,
                    invocationPayload: BlueskyStarterPackHandoff(starterPackURI: match.url.absoluteString)
                )
                page = (model, ObservedInstallPromotion(controller: controller))
                problem = nil
            } catch {
                problem = error.description
            }
        }
    }
}

/// The web page with the App Store overlay, or a message.
struct StarterPackScreen: View {
    @StateObject var clip: StarterPackClip

    init(clip: @autoclosure @escaping () -> StarterPackClip) {
        _clip = StateObject(wrappedValue: clip())
    }

    var body: some View {
        content.routesInvocations(into: clip.inbox)
    }

    @ViewBuilder private var content: some View {
        if let page = clip.page {
            StarterPackWebView(model: page.model)
                .ignoresSafeArea()
                .appStoreOverlay(for: page.promotion)
                .id(ObjectIdentifier(page.model))
        } else if let problem = clip.problem {
            Text(problem).multilineTextAlignment(.center).padding()
        } else {
            ProgressView()
        }
    }
}
#endif
