import ClipReports
import ClipAppStoreConnect
@_spi(ClipKitTooling) import ClipKit

/// Turns App Store Connect's domain statuses of the App Clip's build bundle into findings: each
/// manifest domain must be among the bundle's App Clip domains, pass App Store Connect's latest
/// check (the debug status) and be held as valid in Apple's cache (the cache status), which
/// devices use.
///
/// A valid domain gives no finding. One that fails the latest check gives `asc.domain.invalid`
/// with Apple's error code and its fix; one the cache holds as failed while the latest check
/// passes is `asc.domain.cache-stale` (fixed, waiting for the cache), and without a passing check
/// `asc.domain.cache-invalid`. See ``DoctorCode`` for the rest.
package struct AppClipDomainStatusCheck: Sendable {
    /// The manifest's domains.
    package var domains: [String]
    /// The clip's application identifier, `TEAMID.bundleID`, named in fixes.
    package var clipIdentifier: String

    /// Creates the check for `manifest`.
    package init(manifest: ClipManifest) {
        domains = manifest.domains
        clipIdentifier = manifest.clipIdentifier
    }

    /// The findings for the statuses of one build bundle.
    package func findings(in statuses: AppClipDomainStatuses) -> [Finding] {
        var findings: [Finding] = []
        let cacheFile = statuses.label(for: .cache)
        let debugFile = statuses.label(for: .debug)
        for (report, kind) in [(statuses.cache, AppClipDomainStatus.Kind.cache), (statuses.debug, .debug)] where report == nil {
            let file = statuses.label(for: kind)
            let name = kind.relationship
            findings.append(Finding(
                .ascStatusUnavailable,
                message: "App Store Connect has no \(name) for build bundle \(statuses.buildBundleID): it answered 404 or sent no data",
                file: file, key: nil,
                fix: "Check that --asc-build-bundle names the App Clip's build bundle (bundleType APP_CLIP; --asc-build BUILD_ID finds it) and that the build has finished processing; then run doctor again."
            ))
        }
        guard statuses.cache != nil || statuses.debug != nil else { return findings }

        func entry(_ report: AppClipDomainStatus?, _ domain: String) -> AppClipDomainStatus.Domain? {
            report?.domains.first { $0.domain.lowercased() == domain.lowercased() }
        }
        for domain in domains {
            let cached = entry(statuses.cache, domain)
            let checked = entry(statuses.debug, domain)
            if cached == nil, checked == nil {
                findings.append(Finding(
                    .ascDomainMissing,
                    message: "\(domain) is not among the App Clip domains App Store Connect holds for this build: the uploaded clip's associated-domains entitlement does not name it",
                    file: statuses.label, key: domain,
                    fix: "Add 'appclips:\(domain)' to the clip's associated domains ('clipkit generate entitlements' writes them, 'clipkit doctor --clip-entitlements' checks them) and upload a new build."
                ))
                continue
            }
            let checkFailed = checked.map(Self.failed) ?? false
            let checkPassed = checked?.isValid == true && checked?.errorCode == nil
            if let checked, checkFailed {
                let error = AppClipDomainErrorCode.named(checked.errorCode ?? "UNEXPECTED_ERROR")
                var cacheNote = ""
                if let cached {
                    cacheNote = Self.failed(cached) ? "; Apple's cache holds a failure too, so devices do not open the clip from \(domain)"
                        : cached.isValid == true ? "; Apple's cache still holds a passing result, so devices work until it refreshes" : ""
                }
                findings.append(Finding(
                    .ascDomainInvalid,
                    message: "App Store Connect's latest check of \(domain) failed with \(checked.errorCode ?? "no error code"): \(error.meaning)\(Self.when(checked.lastUpdatedDate))\(cacheNote)",
                    file: debugFile, key: domain,
                    fix: error.fix(for: domain, clipIdentifier: clipIdentifier) + " Then wait for App Store Connect to check the domain again; Apple's cache follows."
                ))
            }
            guard statuses.cache != nil else { continue }
            if let cached, Self.failed(cached) {
                guard !checkFailed else { continue }
                let error = AppClipDomainErrorCode.named(cached.errorCode ?? "UNEXPECTED_ERROR")
                if checkPassed {
                    findings.append(Finding(
                        .ascDomainCacheStale,
                        message: "Apple's cache still holds a failed check of \(domain) (\(cached.errorCode ?? "no error code"): \(error.meaning)\(cached.lastUpdatedDate.map { ", checked \($0.prefix(40))" } ?? "")), though App Store Connect's latest check passes; devices do not open the clip from \(domain) until the cache refreshes",
                        file: cacheFile, key: domain,
                        fix: "Wait for Apple's cache to refresh (usually within a day); on a development device, 'appclips:\(domain)?mode=developer' and Associated Domains Development skip the cache while you test."
                    ))
                } else {
                    findings.append(Finding(
                        .ascDomainCacheInvalid,
                        message: "Apple's cache holds a failed check of \(domain) with \(cached.errorCode ?? "no error code"): \(error.meaning)\(Self.when(cached.lastUpdatedDate)); devices do not open the clip from \(domain)",
                        file: cacheFile, key: domain,
                        fix: error.fix(for: domain, clipIdentifier: clipIdentifier) + " Then wait for Apple's cache to refresh."
                    ))
                }
            } else if cached?.isValid != true, !checkFailed {
                let latest = checkPassed ? "App Store Connect's latest check passes" : "App Store Connect has no check of it either"
                findings.append(Finding(
                    .ascDomainNotCached,
                    message: "Apple's cache holds no result for \(domain) yet (\(latest)); until it does, devices do not open the clip from \(domain)",
                    file: cacheFile, key: domain,
                    fix: "Wait: Apple caches a build's App Clip domains some time after the build is processed. If it stays, check that https://\(domain)/.well-known/apple-app-site-association has an 'appclips' section naming \(clipIdentifier) ('clipkit aasa validate https://\(domain)', 'clipkit doctor --cdn')."
                ))
            }
        }

        let known = Set(domains.map { $0.lowercased() })
        var unlisted: [String] = []
        for entry in (statuses.cache?.domains ?? []) + (statuses.debug?.domains ?? []) where !known.contains(entry.domain.lowercased()) {
            if !unlisted.contains(where: { $0.lowercased() == entry.domain.lowercased() }) { unlisted.append(entry.domain) }
        }
        for domain in unlisted {
            findings.append(Finding(
                .ascDomainUnlisted,
                message: "the uploaded clip declares the App Clip domain \(domain), which the manifest does not list",
                file: statuses.label, key: domain,
                fix: "Add \(domain) to the manifest's domains if the clip should open from it; otherwise remove 'appclips:\(domain)' from the clip's entitlements and upload a new build."
            ))
        }
        return findings
    }

    /// Whether an entry records a failed check: `isValid` false, or an error code.
    static func failed(_ entry: AppClipDomainStatus.Domain) -> Bool {
        entry.isValid == false || entry.errorCode != nil
    }

    /// ` (checked DATE)`, or nothing without a date.
    static func when(_ date: String?) -> String {
        guard let date, !date.isEmpty else { return "" }
        return " (checked \(date.prefix(40)))"
    }
}
