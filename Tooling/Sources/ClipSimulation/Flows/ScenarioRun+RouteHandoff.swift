@_spi(ClipKitTooling) import ClipKit
import ClipKitUI

extension ScenarioRun {
    /// A clip that shows its own screens for a link (a coffee shop's table, a ticket): the person
    /// finishes there and taps "Get the app", and the clip hands off the link's route parameters
    /// as the handoff type the route names.
    func runRouteHandoffClip(_ match: RouteMatch) -> ClipResult {
        let session = ClipSession(
            flow: RouteClipFlow(), inbox: InvocationInbox(router: simulator.router), store: device.store, promotionMemory: device.promotionMemory
        )
        session.inbox.receive(.webpage(match.url))
        guard case .content(let shown, let promotion) = session.screen else {
            let reason: String
            if case .unsupportedLink(let message) = session.screen { reason = message } else { reason = "the clip shows nothing" }
            record(.clipLaunch, reason, outcome: .failed)
            return ClipResult(expected: .nothing, failure: reason)
        }
        var details = [SimulationStep.Detail("clip", manifest.clip.bundleID), .init("route", shown.route)]
        for key in shown.parameters.keys.sorted() { details.append(.init(key, shown.parameters[key] ?? "")) }
        record(.clipLaunch, "\(manifest.clip.bundleID) opens with the invocation and shows its screen for route '\(shown.route)'", details)
        record(.getApp, "the person finishes in the clip and taps \"Get \(appName)\"")
        let offer: HandoffOffer
        do {
            offer = try session.handOffRouteParameters()
        } catch {
            record(.handoffOffered, "the handoff could not be offered: \(error)", outcome: .failed)
            return ClipResult(expected: .nothing, failure: "the handoff could not be offered: \(error)")
        }
        let payload = shown.parametersJSON
        recordOffered("the clip left the link's \(offer.typeName) for the app in the App Group", [
            .init("payload", String(decoding: payload.serialized(), as: UTF8.self)), .init("bytes", String(offer.bytes)),
        ])
        recordOverlay(promotion)
        return ClipResult(expected: .payload(typeName: offer.typeName, payload: payload), failure: nil)
    }
}
