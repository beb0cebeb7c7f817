/// One step of a simulated flow: what happened, with details as key/value pairs, and whether
/// it went as the scenario expects.
package struct SimulationStep: Sendable, Hashable, CustomStringConvertible {
    /// The kind of step, in flow order.
    package enum Name: String, Sendable, Hashable, CaseIterable {
        /// The device's starting state (app installed or not, App Group container).
        case device
        /// The manifest's router matched the link (or did not).
        case route
        /// Who the system hands the link to, decided with the generated AASA file.
        case linkDecision = "link-decision"
        /// The App Clip launched with the invocation.
        case clipLaunch = "clip-launch"
        /// A state of the driver preview (loading, preview, failed).
        case preview
        /// The web page the clip loads, with the route's web-content query.
        case webContent = "web-content"
        /// A message the clip's web page posted.
        case webMessage = "web-message"
        /// The person tapped "Get the app".
        case getApp = "get-app"
        /// The clip left a handoff in the App Group.
        case handoffOffered = "handoff-offered"
        /// The App Store overlay was shown or held back.
        case overlay
        /// The system removed the clip's data.
        case eviction
        /// The person installed the full app.
        case install
        /// The full app launched.
        case appLaunch = "app-launch"
        /// The app claimed the handoff (or found none).
        case claim
        /// The screen the app opened.
        case onboarding
        /// Whether the scenario's expectation held.
        case expectation
    }

    /// How a step went.
    package enum Outcome: String, Sendable, Hashable {
        /// As the scenario expects.
        case ok
        /// A degraded path the flow handles (a failed preview that still allows the handoff).
        case warning
        /// Against the scenario's expectation.
        case failed
    }

    /// One labelled fact of a step.
    package struct Detail: Sendable, Hashable {
        /// The label, such as `npub`.
        package let key: String
        /// The value, as text.
        package let value: String

        /// Creates a detail.
        package init(_ key: String, _ value: String) {
            self.key = key
            self.value = value
        }
    }

    /// The scenario the step belongs to.
    package let scenario: SimulationScenario
    /// The kind of step.
    package let name: Name
    /// What happened, in one line.
    package let summary: String
    /// Facts of the step, in order.
    package let details: [Detail]
    /// How it went.
    package let outcome: Outcome

    /// Creates a step.
    package init(scenario: SimulationScenario, name: Name, summary: String, details: [Detail] = [], outcome: Outcome = .ok) {
        self.scenario = scenario
        self.name = name
        self.summary = summary
        self.details = details
        self.outcome = outcome
    }

    /// The value of the detail `key`, if the step has one.
    package func detail(_ key: String) -> String? {
        details.first { $0.key == key }?.value
    }

    /// `name: summary`.
    package var description: String { "\(name.rawValue): \(summary)" }
}
