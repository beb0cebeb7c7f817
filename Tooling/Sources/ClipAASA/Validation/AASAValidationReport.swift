/// The findings of a validation: the file is valid when none is an error.
public struct AASAValidationReport: Sendable, Hashable {
    /// Every finding, errors first, then by path and code.
    public let findings: [AASAFinding]

    /// Creates a report; the findings are put in a stable order.
    public init(findings: [AASAFinding]) {
        var seen: Set<AASAFinding> = []
        let unique = findings.filter { seen.insert($0).inserted }
        self.findings = unique.enumerated().sorted { left, right in
            if left.element.severity != right.element.severity { return left.element.severity == .error }
            return left.offset < right.offset
        }.map(\.element)
    }

    /// The findings at error level.
    public var errors: [AASAFinding] { findings.filter { $0.severity == .error } }

    /// The findings at warning level.
    public var warnings: [AASAFinding] { findings.filter { $0.severity == .warning } }

    /// Whether the file is valid: no finding is an error.
    public var isValid: Bool { !findings.contains { $0.severity == .error } }

    /// The codes of every finding, for tests and filters.
    public var codes: Set<AASAFinding.Code> { Set(findings.map(\.code)) }
}
