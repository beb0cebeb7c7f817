@_spi(ClipKitTooling) import ClipKit
import Foundation

/// A running clip: each routed invocation the clip handles becomes a screen of its flow's content,
/// with its own install promotion.
///
/// The session is the same for every flow; the `Flow` value says what differs — its parameter
/// kinds and the content for a link. Each flow names its session: ``ClipSession`` (the app's own
/// views, over the ``/ClipKit/RouteMatch``), ClipNostrUI's `DriverShareClipSession` and
/// ClipWebBridgeUI's `WebBridgeClipSession`. A clip makes one from a runtime, or from a
/// configuration source, in one line:
///
/// ```swift
/// let session = try DriverShareClipSession(configuration: ClipConfiguration.self)
/// session.inbox.receive(.webpage(url))                     // every entry point delivers here
/// if case .content(let preview, let promotion) = session.screen { … }
/// ```
///
/// A link to a route the full app handles (`handledBy: app`), one the flow shows nothing for, or
/// one that does not route shows ``ClipScreen/unsupportedLink(_:)`` with a message for the person.
@MainActor
public final class ClipFlowSession<Flow: ClipFlow> {
    /// What the clip shows for a link it handles: the flow's content.
    public typealias Content = Flow.Content
    /// What the clip shows.
    public typealias Screen = ClipScreen<Flow.Content>

    /// The flow: what the clip shows for each link it handles.
    public let flow: Flow
    /// The inbox every entry point delivers to.
    public let inbox: InvocationInbox
    /// What the clip shows now; changes reach ``changes``.
    public private(set) var screen: Screen = .waitingForInvocation
    /// Every new screen.
    public let changes = StateBroadcast<Screen>()
    /// The one-shot handoff store in the App Group.
    public let store: HandoffStore
    /// The confirmation that a code or tag was scanned at the manifest's place, fed each invocation
    /// with its activation payload by `ClipSessionView`; ``confirmLocation()`` asks it.
    public let locationConfirmation: LocationConfirmation?

    private let promotionMemory: any InstallPromotionMemory
    private let policy: InstallPromotionPolicy
    private let now: @Sendable () -> Date

    /// Creates a session from its parts and starts listening to `inbox`.
    ///
    /// - Parameters:
    ///   - flow: What the clip shows for each link it handles.
    ///   - inbox: Where invocations arrive.
    ///   - store: Where the handoff is left for the full app.
    ///   - promotionMemory: Remembers overlay dismissals (`SharedDefaultsPromotionMemory` in a clip).
    ///   - policy: When the overlay may show.
    ///   - now: The wall clock for the promotion.
    ///   - locationConfirmation: Confirms that a code was scanned at the manifest's place, or `nil`.
    public init(
        flow: Flow, inbox: InvocationInbox, store: HandoffStore, promotionMemory: any InstallPromotionMemory,
        policy: InstallPromotionPolicy = .standard, now: @escaping @Sendable () -> Date = { Date() },
        locationConfirmation: LocationConfirmation? = nil
    ) {
        self.flow = flow
        self.inbox = inbox
        self.store = store
        self.locationConfirmation = locationConfirmation
        self.promotionMemory = promotionMemory
        self.policy = policy
        self.now = now
        inbox.deliveries.addObserver(self) { session, invocation in session.show(invocation) }
        if let current = inbox.current { show(current) }
    }

    /// Creates a session of `flow` from the runtime: its router, its handoff store, the promotion's
    /// memory in its App Group, and the location confirmation of the manifest's places.
    public convenience init(runtime: ClipRuntime, flow: Flow) {
        self.init(
            flow: flow, inbox: InvocationInbox(router: runtime.router), store: runtime.handoffs,
            promotionMemory: SharedDefaultsPromotionMemory(defaults: runtime.defaults),
            locationConfirmation: LocationConfirmation(manifest: runtime.manifest)
        )
    }

    /// Creates a session from the runtime, with the flow it sets up from the manifest.
    ///
    /// - Throws: What the flow's setup throws (``/ClipKit/ClipSetupError/flow(_:)`` when the
    ///   manifest lacks what it needs). A ``ClipSession`` never throws here.
    public convenience init(runtime: ClipRuntime) throws {
        self.init(runtime: runtime, flow: try Flow(runtime: runtime))
    }

    /// Creates a session from the runtime `configuration` builds: the configuration generated
    /// from `clipkit.json` (`ClipConfiguration.self`), or ClipManifestReader's `BundledManifest.self`,
    /// which reads the bundled file. Its router accepts the configuration's parameter kinds and
    /// the flow's ``ClipFlow/parameterKinds``.
    ///
    /// - Throws: ``/ClipKit/ClipSetupError`` naming what is missing.
    public convenience init<Source: ClipRuntimeSource>(configuration: Source.Type) throws {
        let runtime = try Source.runtime(parameterKinds: Source.parameterKinds.merging(Flow.parameterKinds))
        let flow: Flow
        do {
            flow = try Flow(runtime: runtime)
        } catch {
            throw (error as? ClipSetupError) ?? .flow(Self.message(for: error))
        }
        self.init(runtime: runtime, flow: flow)
    }

    /// Asks iOS, once per invocation, whether the code or tag that opened the clip was scanned at the
    /// manifest's place (`clip.requestsLocationConfirmation`): do what needs the person there — accept
    /// a table's order — only when the answer is ``LocationConfirmationResult/confirmed``.
    public func confirmLocation() async -> LocationConfirmationResult {
        guard let locationConfirmation else { return .unavailable(.notRequested) }
        return await locationConfirmation.confirm()
    }

    /// The install promotion of the content on screen.
    ///
    /// - Throws: ``ClipSessionError/noInvocation`` when no link the clip handles is on screen.
    func currentPromotion() throws(ClipSessionError) -> InstallPromotionController {
        guard case .content(_, let promotion) = screen else { throw .noInvocation }
        return promotion
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
                if let content = try flow.content(for: match, promotion: promotion, in: self) {
                    screen = .content(content, promotion)
                } else {
                    screen = .linkBelongsToTheApp
                }
            } catch {
                screen = .unsupportedLink(Self.message(for: error))
            }
        }
        changes.send(screen)
    }

    /// An error's message for the person: its `errorDescription`, or its description.
    private static func message(for error: any Error) -> String {
        (error as? any LocalizedError)?.errorDescription ?? String(describing: error)
    }
}
