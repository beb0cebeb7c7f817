@_spi(ClipKitTooling) import ClipKit
import ClipKitUI

extension ScenarioRun {
    /// An older version of the clip, from before typed payloads, handed off the link's captures as
    /// JSON strings under the route's handoff type; the new app claims the entry. A payload its type
    /// cannot take opens no screen and comes back in the launch with the reason.
    func runOlderClip(_ match: RouteMatch) -> String? {
        let decision = decideLink(match)
        guard decision.handler == .appClipCard else { return "expected the App Clip card, but \(decision.reason)" }
        guard let typeName = simulator.router.route(named: match.route)?.handoffType else {
            return "older-clip needs a clip route that names its handoff type (routes[].handoff in \(manifest.handoff.types.isEmpty ? "clipkit.json" : "clipkit.json, one of handoff.types")); '\(match.route)' names none"
        }
        let older: JSONValue = .object(match.parameters.mapValues(JSONValue.string))
        do {
            // The older clip's store knew the members, not their kinds.
            let store = try HandoffStore(defaults: device.defaults, lifetime: manifest.handoff.ttlSeconds)
            try store.offer(json: older, typeName: typeName)
        } catch {
            return "the older clip's handoff could not be written: \(error)"
        }
        recordOffered("an older version of the clip left the link's \(typeName) with every capture a JSON string", [
            .init("payload", String(decoding: older.serialized(), as: UTF8.self)),
        ])
        device.isAppInstalled = true
        record(.install, "the person installs the new \(appName), whose payload type the manifest types", [.init("bundleID", manifest.app.bundleID)])
        let launch = launchApp(openedBy: nil)
        guard launch.claimed != nil else { return "the app found no handoff on its first launch" }
        let problem = manifest.handoffType(named: typeName)?.problem(with: older, parameterKinds: simulator.settings.parameterKinds)
        switch (problem, launch.unhandledHandoff) {
        case (nil, nil):
            return nil     // every capture is a string kind: the older payload still fits
        case (nil, let unhandled?):
            return "the older payload fits \(typeName), yet no screen opened for it: \(unhandled.reason)"
        case (_?, nil):
            return "the app opened \(launch.destination.description) for a payload its type cannot take"
        case (_?, _?):
            return launch.destination == .standardOnboarding ? nil : "expected standard onboarding, but the app opened \(launch.destination.description)"
        }
    }
}
