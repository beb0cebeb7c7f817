@_spi(ClipKitTooling) import ClipKit
import Foundation

/// A running clip whose screens are the app's own views: each routed invocation the clip handles
/// becomes a screen with its own install promotion, and once the person has done what they came
/// for, ``handOff(_:)`` leaves the payload for the full app and asks for the App Store overlay.
///
/// ```swift
/// let session = try ClipSession(runtime: runtime)          // or ClipSession(configuration: ClipConfiguration.self)
/// session.inbox.receive(.webpage(url))                     // every entry point delivers here
/// if case .content(let match, let promotion) = session.screen {
///     try session.handOffRouteParameters()                 // or handOff(CoffeeOrder(…))
///     promotion.isOverlayPresented                         // true: the App Store overlay is up
/// }
/// ```
///
/// A link to a route the full app handles (`handledBy: app`), or one that does not route, shows
/// ``ClipScreen/unsupportedLink(_:)`` with a message for the person.
@MainActor
public final class ClipSession: ClipSessionModel {
    /// What the clip shows for a link it handles: the routed link, whose parameters the app's view shows.
    public typealias Content = RouteMatch

    /// The inbox every entry point delivers to.
    public let inbox: InvocationInbox
    /// What the clip shows now; changes reach ``changes``.
    public private(set) var screen: Screen = .waitingForInvocation
    /// Every new screen.
    public let changes = StateBroadcast<Screen>()
    /// The one-shot handoff store in the App Group.
    public let store: HandoffStore
    /// The confirmation that a code or tag was scanned at the manifest's place; ``confirmLocation()``
    /// asks it.
    public let locationConfirmation: LocationConfirmation?

    private let promotionMemory: any InstallPromotionMemory
    private let policy: InstallPromotionPolicy
    private let now: @Sendable () -> Date

    /// Creates a session from its parts and starts listening to `inbox`.
    ///
    /// - Parameters:
    ///   - inbox: Where invocations arrive.
    ///   - store: Where the handoff is left for the full app.
    ///   - promotionMemory: Remembers overlay dismissals (`SharedDefaultsPromotionMemory` in a clip).
    ///   - policy: When the overlay may show.
    ///   - now: The wall clock for the promotion.
    ///   - locationConfirmation: Confirms that a code was scanned at the manifest's place, or `nil`.
    public init(
        inbox: InvocationInbox, store: HandoffStore, promotionMemory: any InstallPromotionMemory,
        policy: InstallPromotionPolicy = .standard, now: @escaping @Sendable () -> Date = { Date() },
        locationConfirmation: LocationConfirmation? = nil
    ) {
        self.inbox = inbox
        self.store = store
        self.locationConfirmation = locationConfirmation
        self.promotionMemory = promotionMemory
        self.policy = policy
        self.now = now
        inbox.deliveries.addObserver(self) { session, invocation in session.show(invocation) }
        if let current = inbox.current { show(current) }
    }

    /// Creates a session from the runtime: its router, its handoff store, the promotion's memory
    /// in its App Group, and the location confirmation of the manifest's places.
    public convenience init(runtime: ClipRuntime) {
        self.init(
            inbox: InvocationInbox(router: runtime.router), store: runtime.handoffs,
            promotionMemory: SharedDefaultsPromotionMemory(defaults: runtime.defaults),
            locationConfirmation: LocationConfirmation(manifest: runtime.manifest)
        )
    }

    /// Asks iOS, once per invocation, whether the code or tag that opened the clip was scanned at the
    /// manifest's place (`clip.requestsLocationConfirmation`): do what needs the person there — accept
    /// a table's order — only when the answer is ``LocationConfirmationResult/confirmed``.
    public func confirmLocation() async -> LocationConfirmationResult {
        guard let locationConfirmation else { return .unavailable(.notRequested) }
        return await locationConfirmation.confirm()
    }

    /// Leaves `payload` for the full app, replacing any earlier handoff, and asks for the App Store
    /// overlay: the person finished the clip's task.
    ///
    /// - Throws: ``ClipSessionError/noInvocation`` when no link the clip handles is on screen, or
    ///   ``ClipSessionError/handoffFailed(_:)`` when the store refused the payload.
    @discardableResult
    public func handOff<Payload: HandoffPayload>(_ payload: Payload) throws(ClipSessionError) -> HandoffOffer {
        let promotion = try currentPromotion()
        let offer: HandoffOffer
        do {
            offer = try store.offer(payload)
        } catch {
            throw .handoffFailed(error)
        }
        finish(promotion)
        return offer
    }

    /// Leaves the link's route parameters for the full app, as the handoff type the route names in
    /// `clipkit.json` (`routes[].handoff`), and asks for the App Store overlay.
    ///
    /// - Throws: ``ClipSessionError/noInvocation``, ``ClipSessionError/routeNamesNoHandoffType(_:)``
    ///   or ``ClipSessionError/handoffFailed(_:)``.
    @discardableResult
    public func handOffRouteParameters() throws(ClipSessionError) -> HandoffOffer {
        guard case .content(let match, let promotion) = screen else { throw .noInvocation }
        guard let typeName = inbox.router.route(named: match.route)?.handoffType else {
            throw .routeNamesNoHandoffType(match.route)
        }
        let offer: HandoffOffer
        do {
            offer = try store.offer(json: match.parametersJSON, typeName: typeName)
        } catch {
            throw .handoffFailed(error)
        }
        finish(promotion)
        return offer
    }

    private func currentPromotion() throws(ClipSessionError) -> InstallPromotionController {
        guard case .content(_, let promotion) = screen else { throw .noInvocation }
        return promotion
    }

    private func finish(_ promotion: InstallPromotionController) {
        promotion.recordTaskCompleted()
        promotion.request(.personAsked)
    }

    private func show(_ invocation: RoutedInvocation) {
        switch invocation.result {
        case .failure(let failure):
            screen = .linkDidNotRoute(failure)
        case .success(let match) where match.handledBy != .clip:
            screen = .linkBelongsToTheApp
        case .success(let match):
            // The clip's own views show at once, so the promotion's dwell starts with the invocation.
            let promotion = InstallPromotionController(policy: policy, memory: promotionMemory, now: now)
            promotion.recordContentShown()
            screen = .content(match, promotion)
        }
        changes.send(screen)
    }
}
