import Foundation

/// The files `clipkit doctor` checks; every one is optional, and only what is given is checked.
package struct DoctorInputs: Sendable, Hashable {
    /// The full app's `.entitlements` file (XML or binary plist).
    package var appEntitlements: String?
    /// The App Clip's `.entitlements` file.
    package var clipEntitlements: String?
    /// The full app's Info.plist.
    package var appInfoPlist: String?
    /// The App Clip's Info.plist.
    package var clipInfoPlist: String?
    /// The AASA file: a local path or an `https://` URL.
    package var aasa: String?
    /// Xcode's `App Thinning Size Report.txt` for the clip.
    package var sizeReport: String?
    /// A built product: an `.app` folder, an `.ipa` or an `.xcarchive`.
    package var archive: String?
    /// Whether to compare Apple's CDN copy of each manifest domain's AASA file with the domain's own.
    package var compareCDN: Bool
    /// The CDN base (default: Apple's), for tests.
    package var cdnBaseURL: URL?
    /// App Store Connect's domain statuses of the App Clip's build bundle, fetched by the caller.
    package var appClipDomainStatuses: AppClipDomainStatuses?
    /// Deployed share links (`http(s)://` URLs) to check with ``ShareLinkCheck``.
    package var shareLinks: [String] = []

    /// Creates the inputs.
    package init(
        appEntitlements: String? = nil, clipEntitlements: String? = nil, appInfoPlist: String? = nil,
        clipInfoPlist: String? = nil, aasa: String? = nil, sizeReport: String? = nil, archive: String? = nil,
        compareCDN: Bool = false, cdnBaseURL: URL? = nil, appClipDomainStatuses: AppClipDomainStatuses? = nil
    ) {
        self.compareCDN = compareCDN
        self.cdnBaseURL = cdnBaseURL
        self.appClipDomainStatuses = appClipDomainStatuses
        self.appEntitlements = appEntitlements
        self.clipEntitlements = clipEntitlements
        self.appInfoPlist = appInfoPlist
        self.clipInfoPlist = clipInfoPlist
        self.aasa = aasa
        self.sizeReport = sizeReport
        self.archive = archive
    }

    /// Whether no input is given.
    package var isEmpty: Bool {
        !compareCDN && appClipDomainStatuses == nil && shareLinks.isEmpty && [appEntitlements, clipEntitlements, appInfoPlist, clipInfoPlist, aasa, sizeReport, archive].allSatisfy { $0 == nil }
    }
}
