import ClipReports

/// What `clipkit demo --json` prints: where the demo's relay, share link, share page and AASA
/// file are, and the simulation of the share link.
package struct DemoReport: CommandReport {
    package static let schemaName = "demo"
    package static let commands = "clipkit demo"
    package static let members: [ReportMember] = [
        .required("relay", .string),
        .required("npub", .string),
        .required("shareLink", .string),
        .required("sharePage", .string),
        .required("aasa", .string),
        .required("passed", .boolean),
        .required("simulation", .object([.required("schemaVersion", .integer)] + SimulationReport.members)),
    ]

    package let schemaVersion = ReportVersion.current
    package let relay: String
    package let npub: String
    package let shareLink: String
    package let sharePage: String
    package let aasa: String
    package let passed: Bool
    package let simulation: SimulationReport

    /// The report of a started demo.
    @MainActor
    package init(_ session: DemoSession) {
        relay = session.relay.url
        npub = session.npub
        shareLink = session.shareLink
        sharePage = session.sharePageURL
        aasa = session.associationFileURL
        passed = session.report.passed
        simulation = session.report
    }
}
