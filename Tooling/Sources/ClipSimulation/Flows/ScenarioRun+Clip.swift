@_spi(ClipKitTooling) import ClipKit
import ClipKitUI

extension ScenarioRun {
    /// The clip launched from the App Clip card: a driver preview, or a web page with the bridge.
    func runClip(_ match: RouteMatch) async -> ClipResult {
        if simulator.router.route(named: match.route)?.webContentQuery != nil {
            return runWebBridgeClip(match)
        }
        if simulator.driverRoutes.contains(match.route) {
            return await runDriverShareClip(match)
        }
        if simulator.router.route(named: match.route)?.handoffType != nil {
            return runRouteHandoffClip(match)
        }
        let reason = "route '\(match.route)' is the clip's but has no web-content query, no npub to preview and no handoff type; name the type its clip hands off in clipkit.json (routes[].handoff)"
        record(.clipLaunch, reason, outcome: .failed)
        return ClipResult(expected: .nothing, failure: reason)
    }

    /// Records the overlay decision of `promotion`.
    func recordOverlay(_ promotion: InstallPromotionController) {
        let decision = promotion.lastDecision
        record(.overlay, decision.map { "policy: \($0.description)" } ?? "nothing asked for the overlay", [
            .init("presented", promotion.isOverlayPresented ? "yes" : "no"),
            .init("appStoreID", manifest.app.appStoreID),
        ], outcome: promotion.isOverlayPresented ? .ok : .warning)
    }

    /// Records the waiting handoff entry, as the app will find it.
    func recordOffered(_ summary: String, _ details: [SimulationStep.Detail]) {
        var details = details
        if let envelope = device.store.peekEnvelope() {
            details.append(.init("type", envelope.typeName))
            details.append(.init("expiresAt", envelope.expiresAt.formatted(.iso8601)))
            details.append(.init("location", device.container.sharedDefaultsDirectory.path))
        }
        record(.handoffOffered, summary, details)
    }
}
