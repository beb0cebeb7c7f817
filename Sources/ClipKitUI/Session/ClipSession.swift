@_spi(ClipKitTooling) import ClipKit
import Foundation

/// A running clip whose screens are the app's own views: each routed invocation the clip handles
/// becomes a screen with its own install promotion, and once the person has done what they came
/// for, ``ClipFlowSession/handOff(_:)`` leaves the payload for the full app and asks for the App
/// Store overlay.
///
/// ```swift
/// let session = try ClipSession(configuration: ClipConfiguration.self)   // or ClipSession(runtime: runtime)
/// session.inbox.receive(.webpage(url))                                 // every entry point delivers here
/// if case .content(let match, let promotion) = session.screen {
///     try session.handOffRouteParameters()                             // or handOff(CoffeeOrder(…))
///     promotion.isOverlayPresented                                     // true: the App Store overlay is up
/// }
/// ```
///
/// A link to a route the full app handles (`handledBy: app`), or one that does not route, shows
/// ``ClipScreen/unsupportedLink(_:)`` with a message for the person.
public typealias ClipSession = ClipFlowSession<RouteClipFlow>

/// The flow of a clip whose screens are the app's own views (``ClipSession``): the content for a
/// link is its ``/ClipKit/RouteMatch``, whose parameters the app's view shows.
public struct RouteClipFlow: ClipFlow, Sendable {
    /// Creates the flow.
    public init() {}

    /// Creates the flow; the manifest needs nothing more for it.
    public init(runtime: ClipRuntime) {}

    /// The route match itself, on screen at once: the promotion's dwell starts with the invocation.
    public func content(for match: RouteMatch, promotion: InstallPromotionController, in session: ClipSession) -> RouteMatch? {
        promotion.recordContentShown()
        return match
    }
}

extension ClipFlowSession where Flow == RouteClipFlow {
    /// Creates a session that shows the app's own views for the runtime's routes; it always sets up.
    public convenience init(runtime: ClipRuntime) {
        self.init(runtime: runtime, flow: RouteClipFlow())
    }
}

extension ClipFlowSession where Flow.Content == RouteMatch {
    /// Leaves `payload` for the full app, replacing any earlier handoff, and asks for the App Store
    /// overlay: the person finished the clip's task.
    ///
    /// - Throws: ``ClipSessionError/noInvocation`` when no link the clip handles is on screen, or
    ///   ``ClipSessionError/handoffFailed(_:)`` when the store refused the payload.
    @discardableResult
    public func handOff<Payload: HandoffPayload>(_ payload: Payload) throws -> HandoffOffer {
        let promotion = try currentPromotion()
        let offer: HandoffOffer
        do {
            offer = try store.checkedOffer(payload, typeName: Payload.handoffTypeName)
        } catch {
            throw ClipSessionError.handoffFailed(error)
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
    public func handOffRouteParameters() throws -> HandoffOffer {
        guard case .content(let match, let promotion) = screen else { throw ClipSessionError.noInvocation }
        guard let typeName = inbox.router.route(named: match.route)?.handoffType else {
            throw ClipSessionError.routeNamesNoHandoffType(match.route)
        }
        let offer: HandoffOffer
        do {
            offer = try store.checkedOffer(json: match.parametersJSON, typeName: typeName)
        } catch {
            throw ClipSessionError.handoffFailed(error)
        }
        finish(promotion)
        return offer
    }

    private func finish(_ promotion: InstallPromotionController) {
        promotion.recordTaskCompleted()
        promotion.request(.personAsked)
    }
}
