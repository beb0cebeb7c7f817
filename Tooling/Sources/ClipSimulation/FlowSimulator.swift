@_spi(ClipKitTooling) import ClipKit
import ClipKitUI
import ClipNostr
import ClipNostrUI
import ClipWebBridge
import Foundation

/// Runs a clip's whole flow headless — tap, AASA decision, clip, preview, handoff, overlay,
/// install, first launch, onboarding — with the same ClipKit, ClipNostr, ClipSite, ClipKitUI,
/// ClipNostrUI and ClipWebBridgeUI code the clip and the app run, and a folder standing in for
/// the App Group container.
///
/// ```swift
/// let simulator = try FlowSimulator(settings: SimulationSettings(manifest: manifest))
/// let report = try await simulator.run(
///     url: "https://roadflare.app/share/d/npub1…", scenarios: SimulationScenario.allCases, container: folder
/// ) { step in print(step) }
/// report.passed
/// ```
///
/// Each scenario starts on a phone that never saw the clip: ClipKit's files in the container are
/// cleared first. With several scenarios each gets its own subfolder, named after it.
@MainActor
package final class FlowSimulator {
    /// The settings the simulator was built with.
    package let settings: SimulationSettings
    let router: InvocationRouter
    let dispatcher: LinkDispatcher
    let relays: [RelayURL]
    let timeout: Duration

    /// Checks the settings and prepares the router, the AASA files and the relays.
    ///
    /// - Throws: ``SimulationError`` when a relay, the timeout or the manifest's routes are unusable.
    package init(settings: SimulationSettings) throws(SimulationError) {
        self.settings = settings
        guard settings.timeoutSeconds.isFinite, settings.timeoutSeconds > 0, settings.timeoutSeconds <= 600 else {
            throw .invalidTimeout(settings.timeoutSeconds)
        }
        timeout = .milliseconds(Int64((settings.timeoutSeconds * 1000).rounded()))
        do {
            router = try InvocationRouter(manifest: settings.manifest, parameterKinds: settings.parameterKinds)
        } catch {
            throw .routerConfiguration("\(error)")
        }
        dispatcher = try LinkDispatcher(manifest: settings.manifest, router: router)
        var relays: [RelayURL] = []
        for text in settings.relays ?? settings.manifest.nostr?.relays ?? [] {
            do {
                relays.append(try RelayURL(text))
            } catch {
                throw .invalidRelay(text, reason: "\(error)")
            }
        }
        self.relays = relays
    }

    /// Runs `scenarios` for the link `url`, calling `onStep` with each step as it happens.
    ///
    /// - Parameters:
    ///   - url: The tapped link.
    ///   - scenarios: The scenarios to run, in order.
    ///   - container: The folder standing in for the App Group container.
    ///   - onStep: Called on the main actor with every step as it happens.
    /// - Throws: ``SimulationError`` when the URL or the container cannot be used. A flow that
    ///   fails its expectation does not throw; the report says why.
    package func run(
        url: String, scenarios: [SimulationScenario], container: URL,
        onStep: @escaping @MainActor (SimulationStep) -> Void = { _ in }
    ) async throws(SimulationError) -> SimulationReport {
        guard !url.isEmpty else { throw .invalidURL(url, reason: "the URL is empty") }
        guard url.count <= InvocationRouter.maximumURLLength else {
            throw .invalidURL(url, reason: "it has \(url.count) characters; at most \(InvocationRouter.maximumURLLength) are routed")
        }
        var reports: [ScenarioReport] = []
        for scenario in scenarios {
            let folder = scenarios.count > 1 ? container.appendingPathComponent(scenario.rawValue, isDirectory: true) : container
            let run = try ScenarioRun(scenario: scenario, url: url, simulator: self, folder: folder, onStep: onStep)
            reports.append(await run.run())
        }
        return SimulationReport(url: url, scenarios: reports)
    }

    /// The routes whose clip shows a driver: the clip's routes with an `npub` parameter.
    var driverRoutes: Set<String> {
        Set(router.routes.filter { $0.handledBy == .clip && $0.parameterKinds[Self.driverParameter]?.name == "npub" }.map(\.name))
    }

    /// The parameter that holds a driver's key.
    static let driverParameter = "npub"

    /// The handoff types that carry the driver-share flow's payload: what the driver routes name,
    /// or the flow's own type.
    var driverHandoffTypes: Set<String> {
        Set(router.routes.filter { driverRoutes.contains($0.name) }.map { $0.handoffType ?? DriverHandoff.handoffTypeName })
    }

    /// The resolver the simulated full app uses, for the manifest's routes: the driver flow's rule
    /// first; then a link to any other clip route that shows web content or names a handoff type
    /// opens that route's screen; then any other claimed handoff opens the screen for its payload,
    /// unless its type is listed and the payload does not fit it, member kinds included (the app's
    /// type would not decode it): then the launch gives it back with the reason.
    var onboardingResolver: OnboardingResolver<SimulatedScreen> {
        let linkRoutes = Set(router.routes.filter { $0.handledBy == .clip && ($0.webContentQuery != nil || $0.handoffType != nil) }.map(\.name))
        let types = settings.manifest.handoff.types, kinds = settings.parameterKinds
        return OnboardingResolver(
            rules: [
                .driver(DriverOnboardingRule(routes: driverRoutes, parameter: Self.driverParameter, handoffTypes: driverHandoffTypes)) {
                    .addDriver($0)
                },
                OnboardingRule(
                    openedBy: { match in
                        linkRoutes.contains(match.route)
                            ? .link(route: match.route, url: match.url.absoluteString, parameters: match.parameters) : nil
                    },
                    answering: { envelope in
                        // The app's type for a listed handoff type is the manifest's, with its members' kinds.
                        if let type = types.first(where: { $0.name == envelope.typeName }),
                           let problem = type.problem(with: envelope.payload, parameterKinds: kinds) {
                            // The message the app's own rule gives when its type does not decode the payload.
                            return .refused(HandoffDiagnostic.undecodablePayload(typeName: type.name, reason: problem).localizedDescription)
                        }
                        return .opens(.handoff(typeName: envelope.typeName, payload: envelope.payload))
                    }
                ),
            ],
            otherwise: .standardOnboarding
        )
    }
}
