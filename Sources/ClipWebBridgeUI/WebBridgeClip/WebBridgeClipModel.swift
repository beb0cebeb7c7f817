import ClipKit
import ClipKitUI
import ClipWebBridge
import Foundation

/// The decisions behind a clip that shows its link's web page (Bluesky's starter-pack clip, for one):
/// which URL to load, and what each `postMessage` from the page leads to.
///
/// - The page loads the invocation URL with the route's `webContentQuery` (`clip=true`), built
///   with ``/ClipWebBridge/WebContentURL`` so an existing query survives.
/// - `store` offers the value to the full app through the ``/ClipKit/HandoffStore`` (the bridge
///   allows only the manifest's `handoff.webBridgeKeys`), as the handoff type the route names in
///   `clipkit.json` or as a `WebBridgeHandoff`; the person's task is then done. With
///   ``WebBridgeClipOptions/legacyWrite`` the value is also written where an older app reads it.
/// - `present` asks the ``/ClipKitUI/InstallPromotionController`` for the overlay as an automatic request:
///   a page cannot prove a person tapped, so the overlay waits for the task or the dwell, shows
///   once per invocation and stays quiet after a dismissal. When the page has stored nothing
///   yet, the invocation's own payload (``WebBridgeClipOptions/invocationPayload``; Bluesky's is
///   the starter pack link) is offered first, so the app still gets the context.
/// - Anything else is refused and reported; the page cannot write other keys or crash the clip.
@MainActor
public final class WebBridgeClipModel {
    /// The URL the web view loads.
    public let contentURL: URL
    /// The message decoder, allow-listed by the manifest.
    public let bridge: WebBridge
    /// Every effect so far, in order.
    public private(set) var effects: [WebBridgeClipEffect] = []
    /// Every new effect.
    public let changes = StateBroadcast<WebBridgeClipEffect>()

    /// The handoff type the route names in `clipkit.json`; stored values go under it when set.
    public let handoffTypeName: String?

    private let store: HandoffStore
    private let promotion: InstallPromotionController?
    private let invocationPayload: (any HandoffPayload)?
    private let legacyWrite: LegacyDefaultsWrite?
    private var handedOff = false

    /// The name of the script message handler the page posts to: `onMessage`, as Bluesky's page does.
    public static let messageHandlerName = "onMessage"

    /// Creates the model for one invocation.
    ///
    /// - Parameters:
    ///   - match: The routed invocation.
    ///   - router: The router that matched it; its route says which query the page needs.
    ///   - manifest: The manifest, for the bridge's allow-list.
    ///   - store: The one-shot handoff store in the App Group.
    ///   - promotion: Shows the App Store overlay when the policy allows.
    ///   - options: The app's value checks, invocation payload and legacy write.
    /// - Throws: ``WebBridgeClipError/routeShowsNoWebContent(_:)`` when the route has no
    ///   `webContentQuery`, and ``WebBridgeClipError/contentURLUnbuildable(_:)`` when the URL cannot
    ///   take the query.
    public init(
        match: RouteMatch, router: InvocationRouter, manifest: ClipManifest, store: HandoffStore,
        promotion: InstallPromotionController?, options: WebBridgeClipOptions = WebBridgeClipOptions()
    ) throws {
        guard let route = router.route(named: match.route), route.webContentQuery != nil else { throw WebBridgeClipError.routeShowsNoWebContent(match.route) }
        guard let url = WebContentURL.url(for: match, in: router) else { throw WebBridgeClipError.contentURLUnbuildable(match.url.absoluteString) }
        contentURL = url
        bridge = WebBridge(manifest: manifest, valueChecks: options.valueChecks)
        handoffTypeName = route.handoffType
        self.store = store
        self.promotion = promotion
        invocationPayload = options.invocationPayload?(match)
        legacyWrite = options.legacyWrite
    }

    /// Records that the page finished loading: the content is on screen and the dwell starts.
    public func recordContentLoaded() {
        promotion?.recordContentShown()
    }

    /// Handles a `WKScriptMessage.body`.
    @discardableResult
    public func handle(messageBody: Any) -> WebBridgeClipEffect {
        do {
            return handle(try bridge.checkedDecode(messageBody: messageBody))
        } catch {
            return publish(.rejected(error))
        }
    }

    /// Handles a message string as the page posted it.
    @discardableResult
    public func handle(message: String) -> WebBridgeClipEffect {
        do {
            return handle(try bridge.checkedDecode(message))
        } catch {
            return publish(.rejected(error))
        }
    }

    /// Handles a decoded command.
    @discardableResult
    public func handle(_ command: WebBridgeCommand) -> WebBridgeClipEffect {
        let payload = (command == .present && !handedOff) ? invocationPayload : nil
        let response: WebBridgeResponse
        do {
            response = try bridge.checkedApply(command, to: store, storingAs: handoffTypeName, offeringOnPresent: payload)
        } catch {
            return publish(.rejected(error))
        }
        switch response {
        case .stored(let offer):
            if case .store(let key, let value) = command { legacyWrite?.write(value, forKey: key) }
            handedOff = true
            promotion?.recordTaskCompleted()
            return publish(.handedOff(offer))
        case .presentAppStoreOverlay(let offered):
            if offered != nil {
                handedOff = true
                promotion?.recordTaskCompleted()
            }
            guard let promotion else { return publish(.presentedOverlay(offered: offered)) }
            switch promotion.request(.automatic) {
            case .present: return publish(.presentedOverlay(offered: offered))
            case .hold(let reason): return publish(.heldOverlay(reason, offered: offered))
            }
        }
    }

    private func publish(_ effect: WebBridgeClipEffect) -> WebBridgeClipEffect {
        effects.append(effect)
        changes.send(effect)
        return effect
    }
}
