/// The result of simulating one link through one or more scenarios.
package struct SimulationReport: Sendable, Equatable {
    /// The link that was tapped.
    package let url: String
    /// Each scenario's result, in the order run.
    package let scenarios: [ScenarioReport]

    /// Whether every scenario's expectation held.
    package var passed: Bool { scenarios.allSatisfy(\.passed) }

    /// Every step of every scenario, in order.
    package var steps: [SimulationStep] { scenarios.flatMap(\.steps) }

    /// The first failure, as `scenario: reason`; `nil` when every scenario passed.
    package var failureReason: String? {
        scenarios.first { !$0.passed }.map { "\($0.scenario.rawValue): \($0.failureReason ?? "failed")" }
    }

    /// The report of `scenario`, if it ran.
    package func report(for scenario: SimulationScenario) -> ScenarioReport? {
        scenarios.first { $0.scenario == scenario }
    }
}
