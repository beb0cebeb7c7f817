import ClipKit
import ClipReports

/// What `clipkit aasa match --json` prints: which app the URL opens, and with `--explain` how
/// each component decided.
///
/// `appID`, `detailIndex`, `componentIndex` and `domain` are always written, `null` when the
/// answer has none; `explanation` and `patternProblems` only when there are some.
package struct AASAMatchReport: CommandReport {
    package static let schemaName = "aasa-match"
    package static let commands = "clipkit aasa match"
    package static let members: [ReportMember] = [
        .required("result", .oneOf(["match", "block", "unset"])),
        .required("appID", .nullable(.string)),
        .required("detailIndex", .nullable(.integer)),
        .required("componentIndex", .nullable(.integer)),
        .required("url", .string),
        .required("domain", .nullable(.string)),
        .optional("explanation", .object([
            .required("result", .oneOf(["match", "block", "unset"])),
            .optional("appID", .string), .optional("detailIndex", .integer), .optional("componentIndex", .integer),
            .optional("host", .string), .optional("domain", .string), .required("summary", .string),
            .required("steps", .array(.object([
                .required("appID", .string), .required("detailIndex", .integer), .optional("componentIndex", .integer),
                .required("path", .string), .required("verdict", .oneOf(["matched", "blocked", "no-match", "skipped", "not-reached"])),
                .required("reason", .string),
            ]))),
        ])),
        .optional("patternProblems", .array(.object([.required("path", .string), .required("message", .string)]))),
    ]

    /// A pattern of the file that could not be read, and why.
    package struct PatternProblem: Encodable, Sendable {
        /// Where it is in the file.
        package let path: String
        /// What is wrong.
        package let message: String
    }

    /// The report's version.
    package let schemaVersion = ReportVersion.current
    /// The explanation the report is made of.
    package let explanation: AASAMatchExplanation
    /// The URL asked about.
    package let url: String
    /// The domain the file is served for, when known.
    package let domain: String?
    /// Whether the steps are written.
    package let explains: Bool
    /// The problems with the file's patterns.
    package let patternProblems: [PatternProblem]

    /// The report of `explanation` for `url`, the matcher's pattern problems, and the steps when `explains`.
    package init(_ explanation: AASAMatchExplanation, url: String, domain: String?, explains: Bool, matcher: AASAMatcher) {
        self.explanation = explanation
        self.url = url
        self.domain = domain
        self.explains = explains
        patternProblems = matcher.problems.map { PatternProblem(path: $0.path, message: $0.message) }
    }

    private enum CodingKeys: String, CodingKey {
        case schemaVersion, result, appID, detailIndex, componentIndex, url, domain, explanation, patternProblems
    }

    /// Writes the members as the type's discussion says.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(schemaVersion, forKey: .schemaVersion)
        try container.encode(explanation.result.rawValue, forKey: .result)
        try container.encode(explanation.appID, forKey: .appID)
        try container.encode(explanation.detailIndex, forKey: .detailIndex)
        try container.encode(explanation.componentIndex, forKey: .componentIndex)
        try container.encode(url, forKey: .url)
        try container.encode(domain, forKey: .domain)
        if explains { try container.encode(explanation, forKey: .explanation) }
        if !patternProblems.isEmpty { try container.encode(patternProblems, forKey: .patternProblems) }
    }
}

/// What `clipkit aasa generate --json` prints: the AASA document for a domain of the manifest.
package struct AASAGenerateReport: CommandReport {
    package static let schemaName = "aasa-generate"
    package static let commands = "clipkit aasa generate"
    package static let members: [ReportMember] = [.required("document", .any)]

    /// The report's version.
    package let schemaVersion = ReportVersion.current
    /// The AASA file's JSON.
    package let document: EncodedJSON

    /// The report of `document`.
    package init(_ document: AASADocument) {
        self.document = EncodedJSON(document.json)
    }
}

extension AASACDNReport {
    /// The description of a CDN comparison in a report's schema (its findings are reported apart).
    package static let schema = ReportSchema.object([
        .required("domain", .string),
        .required("status", .oneOf(Status.allCases.map(\.rawValue))),
        .required("differences", .array(.object([
            .required("kind", .oneOf(AASACDNDifference.Kind.allCases.map(\.rawValue))),
            .optional("appID", .string), .required("subject", .string), .optional("before", .string), .optional("after", .string),
        ]))),
    ])
}
