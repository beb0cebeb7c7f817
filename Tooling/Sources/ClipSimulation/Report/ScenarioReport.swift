import ClipKit
import ClipKitUI

/// The result of one scenario: every step, whether its expectation held, and where the app ended.
public struct ScenarioReport: Sendable, Equatable {
    /// The scenario.
    public let scenario: SimulationScenario
    /// Every step, in order.
    public let steps: [SimulationStep]
    /// Why the expectation failed; `nil` when it held.
    public let failureReason: String?
    /// The screen the full app opened last, if it launched.
    public let destination: SimulatedScreen?
    /// The entry the app's last launch claimed; `nil` when it claimed nothing or never launched.
    public let lastClaim: HandoffEnvelope?

    /// Whether the scenario's expectation held.
    public var passed: Bool { failureReason == nil }

    /// The steps named `name`, in order.
    public func steps(named name: SimulationStep.Name) -> [SimulationStep] {
        steps.filter { $0.name == name }
    }
}
