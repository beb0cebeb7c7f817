@_spi(ClipKitTooling) import ClipKit
@_spi(ClipKitTooling) import ClipKitUI
import ClipNostrUI

extension ScenarioRun {
    /// The full app launches — from the home screen (`match == nil`) or from a link — claims
    /// the App Group's handoff once and opens its first screen.
    func launchApp(openedBy match: RouteMatch?) -> OnboardingLaunch<SimulatedScreen> {
        let how = match.map { "opens the link \($0.url.absoluteString)" } ?? "launches for the first time from the home screen"
        record(.appLaunch, "\(appName) \(how)", [.init("bundleID", manifest.app.bundleID)])
        let launch = simulator.onboardingResolver.launch(openedBy: match, claimingFrom: device.store)
        lastClaim = launch.claimed
        destination = launch.destination
        if let claimed = launch.claimed {
            var details: [SimulationStep.Detail] = [
                .init("type", claimed.typeName), .init("payload", String(decoding: claimed.payload.serialized(), as: UTF8.self)),
                .init("createdAt", claimed.createdAt.formatted(.iso8601)), .init("leftInAppGroup", device.store.peekEnvelope() == nil ? "nothing" : "an entry"),
            ]
            var summary = "claimed the clip's handoff \(claimed.typeName), once; the App Group entry is gone"
            if let unhandled = launch.unhandledHandoff {
                // Not lost silently: the launch gives the payload back to the app with the reason.
                details.append(.init("openedNoScreen", unhandled.reason))
                summary += "; it opened no screen and is given back to the app: \(unhandled.reason)"
            }
            record(.claim, summary, details)
        } else {
            record(.claim, "nothing to claim in the App Group")
        }
        record(.onboarding, launch.destination.description, launch.destination.details)
        return launch
    }

    /// (c): nothing was claimed and onboarding is the standard one.
    func checkNothingCarriedOver(_ launch: OnboardingLaunch<SimulatedScreen>) -> String? {
        if let claimed = launch.claimed { return "the app claimed \(claimed.typeName) although the clip's data was evicted" }
        guard launch.destination == .standardOnboarding else {
            return "expected standard onboarding after the eviction, but the app opened \(launch.destination.description)"
        }
        return nil
    }

    /// (a): the app claimed what the clip offered and opened pre-filled with it.
    func checkPrefilled(_ launch: OnboardingLaunch<SimulatedScreen>, by clip: ClipResult, match: RouteMatch) -> String? {
        guard launch.claimed != nil else { return "the app found no handoff on its first launch" }
        switch (launch.destination, clip.expected) {
        case (.addDriver(let prefill), .driver(let npub, let name)):
            guard prefill.origin == .clipHandoff, prefill.npub == npub else {
                return "the add-driver screen was pre-filled with \(prefill.npub) from \(prefill.origin.description), expected \(npub) from the clip's handoff"
            }
            guard prefill.displayName == name else {
                return "the add-driver screen shows the name \(prefill.displayName ?? "none"), expected the verified \(name ?? "none")"
            }
            return nil
        case (.handoff(let typeName, let payload), .payload(let expectedType, let expectedPayload)):
            guard typeName == expectedType, payload == expectedPayload else {
                return "the app opened the screen for \(typeName) \(String(decoding: payload.serialized(), as: UTF8.self)), expected \(expectedType) \(String(decoding: expectedPayload.serialized(), as: UTF8.self)) as the clip left it"
            }
            return nil
        case (let destination, _):
            return "expected onboarding pre-filled from the clip's handoff, but the app opened \(destination.description)"
        }
    }
}
