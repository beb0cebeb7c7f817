import ClipAASA
import ClipAppStoreConnect
import ClipCodeMaker
import ClipDoctor
@_spi(ClipKitTooling) import ClipKit
import ClipReports
import ClipSimulation
import Foundation

/// Every report `clipkit --json` prints, for the schemas `clipkit dev schemas` writes.
package enum ReportCatalog {
    /// The report types, one schema each.
    package static let reports: [any CommandReport.Type] = [
        ErrorReport.self,
        ManifestValidationReport.self,
        RouteReport.self,
        HandoffOfferReport.self,
        HandoffEntryReport<HandoffClaim>.self,
        HandoffEntryReport<HandoffPeek>.self,
        BridgeDecodeReport.self,
        NIP19Report.self,
        EventVerificationReport.self,
        LinkReport.self,
        ProfileReport.self,
        AASAGenerateReport.self,
        AASAValidateReport.self,
        AASAMatchReport.self,
        ExperiencesPlanReport.self,
        AppClipExperienceSync.Result.self,
        LocalExperiencesReport.self,
        CodesReport.self,
        GeneratedFilesReport.self,
        DoctorReport.self,
        SizeLimitReport.self,
        NotifyProcessReport.self,
        BadgeReport.self,
        BadgeIncrementReport.self,
        SimulationReport.self,
        DemoReport.self,
        SiteBuildReport.self,
        ServeReport.self,
    ]

    /// Each schema's file name and its text: indented JSON, members sorted, ending in a newline.
    package static func schemaFiles() -> [(name: String, text: String)] {
        reports.map { report in
            let text = String(decoding: report.jsonSchema.serialized(layout: .indented), as: UTF8.self)
            return ("\(report.schemaName).schema.json", text.hasSuffix("\n") ? text : text + "\n")
        }
    }
}
