import ClipKit
@_spi(ClipKitTooling) import ClipKitUI
import ClipWebBridge
import Foundation

/// One running web-bridge clip: turns each routed invocation into the page to show, with a fresh
/// ``WebBridgeClipModel`` and install promotion per invocation — what `DriverShareClipSession`
/// is to the driver-share flow.
///
/// ```swift
/// let session = WebBridgeClipSession(runtime: runtime)      // runtime: try ClipConfiguration.runtime() on iOS
/// session.inbox.receive(.webpage(url))
/// if case .content(let model, let promotion) = session.screen {
///     model.contentURL                                           // what the web view loads (clip=true)
///     model.handle(message: #"{"action":"present"}"#)
/// }
/// ```
@MainActor
public final class WebBridgeClipSession: ClipSessionModel {
    /// What the clip shows for a link it handles: the model of the link's web page.
    public typealias Content = WebBridgeClipModel

    /// The inbox every entry point delivers to.
    public let inbox: InvocationInbox
    /// What the clip shows now; changes reach ``changes``.
    public private(set) var screen: Screen = .waitingForInvocation
    /// Every new screen.
    public let changes = StateBroadcast<Screen>()

    private let manifest: ClipManifest
    private let store: HandoffStore
    private let promotionMemory: any InstallPromotionMemory
    private let options: WebBridgeClipOptions
    private let policy: InstallPromotionPolicy
    private let now: @Sendable () -> Date

    /// Creates a session from its parts and starts listening to `inbox`.
    ///
    /// - Parameters:
    ///   - inbox: Where invocations arrive.
    ///   - manifest: The manifest, for the bridge's allow-list.
    ///   - store: The one-shot handoff store in the App Group.
    ///   - promotionMemory: Remembers overlay dismissals.
    ///   - options: The app's value checks, invocation payload and legacy write.
    ///   - policy: When the overlay may show.
    ///   - now: The wall clock for the promotion.
    public init(
        inbox: InvocationInbox, manifest: ClipManifest, store: HandoffStore, promotionMemory: any InstallPromotionMemory,
        options: WebBridgeClipOptions = WebBridgeClipOptions(), policy: InstallPromotionPolicy = .standard,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.inbox = inbox
        self.manifest = manifest
        self.store = store
        self.promotionMemory = promotionMemory
        self.options = options
        self.policy = policy
        self.now = now
        inbox.deliveries.addObserver(self) { session, invocation in session.show(invocation) }
        if let current = inbox.current { show(current) }
    }

    /// Creates a session from the runtime — its manifest, router, handoff store and the promotion's
    /// memory in its App Group — with the app's `options`.
    public convenience init(runtime: ClipRuntime, options: WebBridgeClipOptions) {
        self.init(
            inbox: InvocationInbox(router: runtime.router), manifest: runtime.manifest, store: runtime.handoffs,
            promotionMemory: SharedDefaultsPromotionMemory(defaults: runtime.defaults), options: options
        )
    }

    /// Creates a session from the runtime, with the manifest alone deciding.
    public convenience init(runtime: ClipRuntime) {
        self.init(runtime: runtime, options: WebBridgeClipOptions())
    }

    private func show(_ invocation: RoutedInvocation) {
        switch invocation.result {
        case .failure(let failure):
            screen = .linkDidNotRoute(failure)
        case .success(let match) where match.handledBy != .clip:
            screen = .linkBelongsToTheApp
        case .success(let match):
            let promotion = InstallPromotionController(policy: policy, memory: promotionMemory, now: now)
            do {
                let model = try WebBridgeClipModel(
                    match: match, router: inbox.router, manifest: manifest, store: store, promotion: promotion, options: options
                )
                screen = .content(model, promotion)
            } catch {
                screen = .unsupportedLink(error.description)
            }
        }
        changes.send(screen)
    }
}
