import ClipKit
import ClipKitUI
import ClipReports
import Foundation

extension SimulationStep: Encodable {
    private enum CodingKeys: String, CodingKey {
        case scenario, name, summary, details, outcome
    }

    /// The step as JSON: `scenario`, `name`, `summary`, `details` (an object of strings), `outcome`.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(scenario.rawValue, forKey: .scenario)
        try container.encode(name.rawValue, forKey: .name)
        try container.encode(summary, forKey: .summary)
        try container.encode(Dictionary(details.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last }), forKey: .details)
        try container.encode(outcome.rawValue, forKey: .outcome)
    }

    /// The step for a terminal: a marked summary line and its details indented below.
    package var text: String {
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

extension ScenarioReport: Encodable {
    private enum CodingKeys: String, CodingKey {
        case scenario, passed, reason, destination, claimed
    }

    private struct Claim: Encodable {
        let type: String
        let payload: EncodedJSON
    }

    /// The scenario as JSON: `scenario`, `passed`, and when there are some `reason`, `destination`, `claimed`.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(scenario.rawValue, forKey: .scenario)
        try container.encode(passed, forKey: .passed)
        try container.encodeIfPresent(failureReason, forKey: .reason)
        try container.encodeIfPresent(destination, forKey: .destination)
        try container.encodeIfPresent(lastClaim.map { Claim(type: $0.typeName, payload: EncodedJSON($0.payload)) }, forKey: .claimed)
    }
}

extension SimulationReport: CommandReport {
    package static let schemaName = "simulate"
    package static let commands = "clipkit simulate"
    package static let members: [ReportMember] = [
        .required("url", .string),
        .required("passed", .boolean),
        .optional("reason", .string),
        .required("steps", .array(.object([
            .required("scenario", .oneOf(SimulationScenario.allCases.map(\.rawValue))),
            .required("name", .oneOf(SimulationStep.Name.allCases.map(\.rawValue))),
            .required("summary", .string),
            .required("details", .dictionary(.string)),
            .required("outcome", .oneOf(["ok", "warning", "failed"])),
        ]))),
        .required("scenarios", .array(ScenarioReport.schema)),
    ]

    package var schemaVersion: Int { ReportVersion.current }

    private enum CodingKeys: String, CodingKey {
        case schemaVersion, url, passed, reason, steps, scenarios
    }

    /// The whole report: `schemaVersion`, `url`, `passed`, `reason` (when one failed), `steps`, `scenarios`.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(schemaVersion, forKey: .schemaVersion)
        try container.encode(url, forKey: .url)
        try container.encode(passed, forKey: .passed)
        try container.encodeIfPresent(failureReason, forKey: .reason)
        try container.encode(steps, forKey: .steps)
        try container.encode(scenarios, forKey: .scenarios)
    }
}

extension ScenarioReport {
    /// The description of a scenario's report in a report's schema.
    package static let schema = ReportSchema.object([
        .required("scenario", .oneOf(SimulationScenario.allCases.map(\.rawValue))),
        .required("passed", .boolean),
        .optional("reason", .string),
        .optional("destination", SimulatedScreen.schema),
        .optional("claimed", .object([.required("type", .string), .required("payload", .any)])),
    ])
}
