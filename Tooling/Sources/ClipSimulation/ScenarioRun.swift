@_spi(ClipKitTooling) import ClipKit
@_spi(ClipKitTooling) import ClipKitUI
import Foundation

/// One scenario on one simulated phone: records each step and decides whether the scenario's
/// expectation held.
@MainActor
final class ScenarioRun {
    let scenario: SimulationScenario
    let url: String
    let simulator: FlowSimulator
    let device: SimulatedDevice
    private let onStep: @MainActor (SimulationStep) -> Void
    private(set) var steps: [SimulationStep] = []
    var destination: SimulatedScreen?
    var lastClaim: HandoffEnvelope?

    init(
        scenario: SimulationScenario, url: String, simulator: FlowSimulator, folder: URL,
        onStep: @escaping @MainActor (SimulationStep) -> Void
    ) throws(SimulationError) {
        self.scenario = scenario
        self.url = url
        self.simulator = simulator
        self.onStep = onStep
        device = try SimulatedDevice(manifest: simulator.settings.manifest, directory: folder, isAppInstalled: scenario == .appInstalled)
    }

    var manifest: ClipManifest { simulator.settings.manifest }
    var appName: String { manifest.app.name ?? manifest.app.bundleID }

    func record(_ name: SimulationStep.Name, _ summary: String, _ details: [SimulationStep.Detail] = [], outcome: SimulationStep.Outcome = .ok) {
        let step = SimulationStep(scenario: scenario, name: name, summary: summary, details: details, outcome: outcome)
        steps.append(step)
        onStep(step)
    }

    /// Runs the scenario to its end and reports.
    func run() async -> ScenarioReport {
        record(.device, device.isAppInstalled ? "\(appName) is installed" : "\(appName) is not installed; the App Group is empty", [
            .init("appGroup", device.container.identifier), .init("container", device.container.directory.path),
        ])
        let failure = await flow()
        if let failure {
            record(.expectation, failure, outcome: .failed)
        } else {
            record(.expectation, "as expected: \(scenario.description)")
        }
        return ScenarioReport(scenario: scenario, steps: steps, failureReason: failure, destination: destination, lastClaim: lastClaim)
    }

    /// The scenario's steps; returns why its expectation failed, or `nil`.
    private func flow() async -> String? {
        guard let match = routeTap() else {
            return "no route of the manifest handles \(url.prefix(120)): \(routingFailure ?? "unknown reason")"
        }
        switch scenario {
        case .appInstalled:
            return openInInstalledApp(match)
        case .olderClip:
            return runOlderClip(match)
        case .freshInstall, .clipEvicted, .returningUser:
            let decision = decideLink(match)
            guard decision.handler == .appClipCard else {
                return "expected the App Clip card, but \(decision.reason)"
            }
            let clip = await runClip(match)
            if scenario == .clipEvicted {
                do {
                    try device.evictClipData()
                    record(.eviction, "iOS evicted the clip and removed its App Group data before the app was installed", [
                        .init("removed", device.container.sharedDefaultsDirectory.path),
                    ])
                } catch {
                    return error.description
                }
            }
            installApp()
            let launch = launchApp(openedBy: nil)
            if let failure = clip.failure { return failure }
            if scenario == .clipEvicted {
                return checkNothingCarriedOver(launch)
            }
            if let failure = checkPrefilled(launch, by: clip, match: match) { return failure }
            guard scenario == .returningUser else { return nil }
            return openInInstalledApp(match, again: true)
        }
    }

    private var routingFailure: String?

    private func routeTap() -> RouteMatch? {
        switch simulator.router.route(url) {
        case .success(let match):
            var details = [SimulationStep.Detail("route", match.route), .init("handledBy", match.handledBy.rawValue)]
            for key in match.parameters.keys.sorted() { details.append(.init(key, match.parameters[key] ?? "")) }
            record(.route, "the person taps \(match.url.absoluteString) → route '\(match.route)', handled by the \(match.handledBy.rawValue)", details)
            return match
        case .failure(let failure):
            routingFailure = failure.description
            record(.route, "the person taps \(url.prefix(120)) → no route: \(failure.description)", outcome: .failed)
            return nil
        }
    }

    func decideLink(_ match: RouteMatch) -> LinkDecision {
        let decision = simulator.dispatcher.decide(match.url, match: match, appInstalled: device.isAppInstalled)
        let expected: LinkHandler = device.isAppInstalled ? .app : .appClipCard
        record(.linkDecision, "\(decision.handler.rawValue): \(decision.reason)",
               decision.details + [.init("handler", decision.handler.rawValue)],
               outcome: decision.handler == expected ? .ok : .failed)
        return decision
    }

    private func installApp() {
        device.isAppInstalled = true
        record(.install, "the person installs \(appName) from the App Store; the clip is replaced by the app", [
            .init("bundleID", manifest.app.bundleID), .init("appStoreID", manifest.app.appStoreID),
        ])
    }

    /// The tap on a phone with the app: the AASA must send the link to the app, which opens it
    /// and claims nothing.
    private func openInInstalledApp(_ match: RouteMatch, again: Bool = false) -> String? {
        if again { record(.route, "the person taps \(match.url.absoluteString) again, with \(appName) installed", [.init("route", match.route)]) }
        let decision = decideLink(match)
        guard decision.handler == .app else { return "expected iOS to open the app, but \(decision.reason)" }
        let launch = launchApp(openedBy: match)
        if let claimed = launch.claimed {
            return "the app claimed a stale handoff (\(claimed.typeName)) when opened from the link"
        }
        switch launch.destination {
        case .addDriver(let prefill) where prefill.origin == .invocationURL:
            return nil
        case .link(let route, _, _) where route == match.route:
            return nil
        case .standardOnboarding where !simulator.onboardingResolver.handles(match):
            return nil
        default:
            return "expected the app to open the link itself, but it opened \(launch.destination.description)"
        }
    }
}
