import ClipKit
import ClipKitUI
import Foundation

extension SimulationStep {
    /// The step as JSON: `scenario`, `name`, `summary`, `details` (an object), `outcome`.
    public var json: JSONValue {
        var object: [String: JSONValue] = [:]
        for detail in details { object[detail.key] = .string(detail.value) }
        return .object([
            "scenario": .string(scenario.rawValue), "name": .string(name.rawValue), "summary": .string(summary),
            "details": .object(object), "outcome": .string(outcome.rawValue),
        ])
    }

    /// The step for a terminal: a marked summary line and its details indented below.
    public var text: String {
        let mark: String
        switch outcome {
        case .ok: mark = "✓"
        case .warning: mark = "!"
        case .failed: mark = "✗"
        }
        let name = self.name.rawValue.padding(toLength: 16, withPad: " ", startingAt: 0)
        var lines = ["\(mark) [\(scenario.rawValue)] \(name) \(summary)"]
        for detail in details { lines.append("      \(detail.key): \(detail.value)") }
        return lines.joined(separator: "\n")
    }
}

extension ScenarioReport {
    /// The scenario as JSON: `scenario`, `passed`, `reason`, `destination`, `claimed`.
    public var json: JSONValue {
        .object([
            "scenario": .string(scenario.rawValue), "passed": .bool(passed),
            "reason": failureReason.map(JSONValue.string) ?? .null,
            "destination": destination?.json ?? .null,
            "claimed": lastClaim.map { .object(["type": .string($0.typeName), "payload": $0.payload]) } ?? .null,
        ])
    }
}

extension SimulationReport {
    /// The whole report as one JSON object: `url`, `passed`, `reason`, `steps`, `scenarios`.
    public var json: JSONValue {
        .object([
            "url": .string(url), "passed": .bool(passed), "reason": failureReason.map(JSONValue.string) ?? .null,
            "steps": .array(steps.map(\.json)), "scenarios": .array(scenarios.map(\.json)),
        ])
    }
}
