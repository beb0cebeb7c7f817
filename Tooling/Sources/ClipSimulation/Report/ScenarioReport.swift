import ClipKit
import ClipKitUI

/// The result of one scenario: every step, whether its expectation held, and where the app ended.
package struct ScenarioReport: Sendable, Equatable {
    /// The scenario.
    package let scenario: SimulationScenario
    /// Every step, in order.
    package let steps: [SimulationStep]
    /// Why the expectation failed; `nil` when it held.
    package let failureReason: String?
    /// The screen the full app opened last, if it launched.
    package let destination: SimulatedScreen?
    /// The entry the app's last launch claimed; `nil` when it claimed nothing or never launched.
    package let lastClaim: HandoffEnvelope?

    /// Whether the scenario's expectation held.
    package var passed: Bool { failureReason == nil }

    /// The steps named `name`, in order.
    package func steps(named name: SimulationStep.Name) -> [SimulationStep] {
        steps.filter { $0.name == name }
    }
}
