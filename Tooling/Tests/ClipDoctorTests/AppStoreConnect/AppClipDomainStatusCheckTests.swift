import ClipAppStoreConnect
import ClipDoctor
import ClipKit
import ClipToolingTestSupport
import Foundation
import Testing

/// `doctor --asc`: App Store Connect's domain statuses of the App Clip's build bundle, as the
/// command line hands them to doctor, turned into findings (the fetching itself is tested against
/// the API stand-in in ClipAppStoreConnectTests and through the command in ClipKitCLITests).
@Suite struct AppClipDomainStatusCheckTests {
    typealias Entry = AppClipDomainStatus.Domain

    /// The RoadFlare manifest has one domain, roadflare.app; the Bluesky one has two.
    func examine(_ manifest: String, cache: [Entry]?, debug: [Entry]?) async throws -> DoctorReport {
        let statuses = AppClipDomainStatuses(buildBundleID: "bundle-1", cache: cache.map { AppClipDomainStatus(kind: .cache, id: "bundle-1", lastUpdatedDate: "2025-03-01", domains: $0) },
                                             debug: debug.map { AppClipDomainStatus(kind: .debug, id: "bundle-1", lastUpdatedDate: nil, domains: $0) })
        return try await Doctor(manifest: try ExampleManifest.load(manifest), aasaChecker: nil).examine(DoctorInputs(appClipDomainStatuses: statuses))
    }

    @Test func aDomainCachedAndValidGivesNoFinding() async throws {
        let report = try await examine("roadflare", cache: [Entry(domain: "roadflare.app", isValid: true)], debug: [Entry(domain: "RoadFlare.app", isValid: true)])
        #expect(report.findings.isEmpty)
        #expect(report.isOK)
        #expect(report.checkedFiles == ["asc:buildBundles/bundle-1"])
    }

    @Test func aFailedLatestCheckIsAnErrorWithApplesCodeAndItsFix() async throws {
        let report = try await examine("roadflare", cache: [Entry(domain: "roadflare.app", isValid: false, errorCode: "BAD_HTTP_RESPONSE")],
                                       debug: [Entry(domain: "roadflare.app", isValid: false, lastUpdatedDate: "2025-03-02T10:00:00Z", errorCode: "BAD_HTTP_RESPONSE")])
        // One finding per domain: the cache's failure is part of the message, not a second error.
        #expect(report.findings.map(\.code) == ["asc.domain.invalid"])
        let finding = try #require(report.findings.first)
        #expect(finding.severity == .error)
        #expect(finding.path == "roadflare.app")
        #expect(finding.file == "asc:buildBundles/bundle-1/appClipDomainDebugStatus")
        #expect(finding.message.contains("BAD_HTTP_RESPONSE") && finding.message.contains("2025-03-02T10:00:00Z") && finding.message.contains("cache holds a failure too"))
        #expect((finding.fix ?? "").contains("https://roadflare.app/.well-known/apple-app-site-association"))
        #expect(!report.isOK)
    }

    @Test func aDomainThatBrokeSinceTheCacheSaysDevicesStillWork() async throws {
        let report = try await examine("roadflare", cache: [Entry(domain: "roadflare.app", isValid: true)],
                                       debug: [Entry(domain: "roadflare.app", isValid: false, errorCode: "TLS_ERROR")])
        #expect(report.findings.map(\.code) == ["asc.domain.invalid"])
        #expect(report.findings[0].message.contains("still holds a passing result"))
        #expect((report.findings[0].fix ?? "").contains("certificate"))
    }

    @Test func aFixedDomainWaitingForTheCacheIsAWarning() async throws {
        let report = try await examine("roadflare", cache: [Entry(domain: "roadflare.app", isValid: false, errorCode: "INVALID_ENTITLEMENT_UNKNOWN_ID")],
                                       debug: [Entry(domain: "roadflare.app", isValid: true)])
        #expect(report.findings.map(\.code) == ["asc.domain.cache-stale"])
        #expect(report.findings[0].severity == .warning)
        #expect(report.findings[0].file == "asc:buildBundles/bundle-1/appClipDomainCacheStatus")
        #expect((report.findings[0].fix ?? "").contains("?mode=developer"))
        #expect(report.isOK)
    }

    @Test func aCachedFailureWithoutALatestCheckIsAnErrorNamingTheClip() async throws {
        let report = try await examine("roadflare", cache: [Entry(domain: "roadflare.app", isValid: false, errorCode: "INVALID_ENTITLEMENT_UNKNOWN_ID")], debug: nil)
        #expect(report.findings.map(\.code) == ["asc.status-unavailable", "asc.domain.cache-invalid"])
        let invalid = report.findings[1]
        #expect((invalid.fix ?? "").contains("6Y98438M9X.com.roadflare.RoadFlare.Clip"))
        #expect(report.findings[0].file == "asc:buildBundles/bundle-1/appClipDomainDebugStatus")
    }

    @Test func aDomainNotCachedYetIsAWarningAndOneMissingFromTheBuildAnError() async throws {
        let notCached = try await examine("bluesky", cache: [Entry(domain: "bsky.app", isValid: true), Entry(domain: "go.bsky.app", isValid: nil)],
                                          debug: [Entry(domain: "bsky.app", isValid: true), Entry(domain: "go.bsky.app", isValid: true)])
        #expect(notCached.findings.map(\.code) == ["asc.domain.not-cached"])
        #expect(notCached.findings[0].path == "go.bsky.app")
        #expect(notCached.findings[0].message.contains("latest check passes"))

        let missing = try await examine("bluesky", cache: [Entry(domain: "bsky.app", isValid: true)], debug: [Entry(domain: "bsky.app", isValid: true)])
        #expect(missing.findings.map(\.code) == ["asc.domain.missing"])
        #expect((missing.findings[0].fix ?? "").contains("appclips:go.bsky.app"))
        #expect(missing.findings[0].file == "asc:buildBundles/bundle-1")
    }

    @Test func aDomainTheManifestDoesNotListIsReportedOnce() async throws {
        let extra = Entry(domain: "staging.roadflare.app", isValid: true)
        let report = try await examine("roadflare", cache: [Entry(domain: "roadflare.app", isValid: true), extra],
                                       debug: [Entry(domain: "roadflare.app", isValid: true), extra])
        #expect(report.findings.map(\.code) == ["asc.domain.unlisted"])
        #expect(report.findings[0].path == "staging.roadflare.app")
    }

    @Test func noStatusAtAllIsTwoErrorsAndNothingElse() async throws {
        let report = try await examine("roadflare", cache: nil, debug: nil)
        #expect(report.findings.map(\.code) == ["asc.status-unavailable", "asc.status-unavailable"])
        #expect(report.findings.allSatisfy { ($0.fix ?? "").contains("--asc-build-bundle") })
    }

    @Test func everyCodeApplesDocumentsHasAMeaningAndAFix() {
        let documented = ["BAD_HTTP_RESPONSE", "BAD_JSON_CONTENT", "BAD_PKCS7_SIGNATURE", "CANNOT_REACH_AASA_FILE", "CROSS_SITE_REDIRECTS_FORBIDDEN", "DNS_ERROR",
                          "INSECURE_REDIRECTS_FORBIDDEN", "INVALID_ENTITLEMENT_MISSING_SECTION", "INVALID_ENTITLEMENT_SYNTAX_ERROR",
                          "INVALID_ENTITLEMENT_UNHANDLED_SECTION", "INVALID_ENTITLEMENT_UNKNOWN_ID", "NETWORK_ERROR", "NETWORK_ERROR_TEMPORARY",
                          "OTHER_ERROR", "TIMEOUT", "TLS_ERROR", "TOO_MANY_REDIRECTS", "UNEXPECTED_ERROR"]
        #expect(AppClipDomainErrorCode.known.map(\.code) == documented)
        for code in documented {
            let entry = AppClipDomainErrorCode.named(code)
            #expect(!entry.meaning.isEmpty && entry.fix.hasSuffix("."), "\(code)")
            #expect(!entry.fix(for: "example.com", clipIdentifier: "T.c").contains("DOMAIN"), "\(code)")
        }
        #expect(AppClipDomainErrorCode.named("SOMETHING_NEW").meaning.contains("SOMETHING_NEW"))
    }
}
