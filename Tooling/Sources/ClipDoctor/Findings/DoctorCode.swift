import ClipReports

/// Every finding code that ClipDoctor's own checks produce, with its usual severity.
///
/// Codes are stable: CI configurations and people's notes refer to them. The AASA check also
/// carries the link-domain validator's codes, prefixed with `aasa.`.
package enum DoctorCode: String, Sendable, Hashable, CaseIterable {
    // MARK: Manifest
    /// The manifest's `clip.minimumIOS` is below what ClipKit (iOS 15) or the clip's flow needs
    /// (the Nostr driver-share flow: iOS 16).
    case clipManifestMinimumIOS = "clip.manifest.minimum-ios"
    /// A route opens only through Apple's default App Clip link, whose query items only iOS 16.4 and
    /// later pass to the clip (iOS 17 from other apps), and `clip.minimumIOS` is lower.
    case clipManifestDefaultLinkIOS = "clip.manifest.default-link-ios"

    // MARK: Clip entitlements
    /// `com.apple.developer.on-demand-install-capable` is missing or not `true` on the clip.
    case clipOnDemandInstallCapable = "clip.entitlements.on-demand-install-capable"
    /// `com.apple.developer.parent-application-identifiers` is not exactly `[TEAMID.appBundleID]`.
    case clipParentIdentifier = "clip.entitlements.parent-identifier"
    /// A manifest domain has no `appclips:` entry in the clip's associated domains.
    case clipAppClipsDomain = "clip.entitlements.appclips-domain"
    /// The clip declares an `appclips:` domain that the manifest does not list.
    case clipUnlistedDomain = "clip.entitlements.unlisted-domain"
    /// An `appclips:` entry on the clip uses a wildcard, which App Clips do not support.
    case clipDomainWildcard = "clip.entitlements.domain-wildcard"
    /// An associated-domains entry on the clip has a path; entries name hosts only.
    case clipDomainPath = "clip.entitlements.domain-path"
    /// An associated-domains entry on the clip still has `?mode=developer` or `?mode=managed`.
    case clipDomainMode = "clip.entitlements.domain-mode"
    /// The clip carries `applinks:` entries, usually copied from the app; the clip never handles universal links.
    case clipAppLinks = "clip.entitlements.applinks"
    /// The clip's App Groups do not include the manifest's App Group.
    case clipAppGroup = "clip.entitlements.app-group"
    /// The clip requests a capability that App Clips cannot use.
    case clipUnsupportedCapability = "clip.entitlements.unsupported-capability"
    /// The clip carries an entitlement that belongs on the full app.
    case clipAppOnlyKey = "clip.entitlements.app-only-key"
    /// The signed clip's `application-identifier` is not `TEAMID.clipBundleID`.
    case clipApplicationIdentifier = "clip.entitlements.application-identifier"

    // MARK: App entitlements
    /// `com.apple.developer.associated-appclip-app-identifiers` is not exactly `[TEAMID.clipBundleID]`.
    case appAssociatedClipIdentifier = "app.entitlements.associated-clip-identifier"
    /// A manifest domain has no `appclips:` entry in the app's associated domains.
    case appAppClipsDomain = "app.entitlements.appclips-domain"
    /// A manifest domain has no `applinks:` entry in the app's associated domains.
    case appAppLinksDomain = "app.entitlements.applinks-domain"
    /// An `appclips:` entry on the app uses a wildcard, which App Clips do not support.
    case appDomainWildcard = "app.entitlements.domain-wildcard"
    /// An associated-domains entry on the app has a path; entries name hosts only.
    case appDomainPath = "app.entitlements.domain-path"
    /// An associated-domains entry on the app still has `?mode=developer` or `?mode=managed`.
    case appDomainMode = "app.entitlements.domain-mode"
    /// The app's App Groups do not include the manifest's App Group.
    case appAppGroup = "app.entitlements.app-group"
    /// The app carries an entitlement that only a clip may have.
    case appClipOnlyKey = "app.entitlements.clip-only-key"
    /// The signed app's `application-identifier` is not `TEAMID.appBundleID`.
    case appApplicationIdentifier = "app.entitlements.application-identifier"

    // MARK: The keychain handoff (when the manifest marks a handoff type secret)
    /// The clip is not signed with the manifest's team prefix, so it cannot write the access group
    /// `TEAMID.clipBundleID` the keychain handoff uses.
    case keychainClipTeamPrefix = "keychain.clip-team-prefix"
    /// The clip's `keychain-access-groups` names a group other than its own application identifier.
    case keychainClipAccessGroups = "keychain.clip-access-groups"
    /// The app's `associated-appclip-app-identifiers` does not name the clip, so it cannot read the clip's items.
    case keychainAppAssociation = "keychain.app-association"
    /// The app is not signed with the team prefix of its clip's keychain items.
    case keychainAppTeamPrefix = "keychain.app-team-prefix"
    /// The built app supports an iOS before 15.4, where it cannot read its clip's keychain items.
    case keychainAppMinimumIOS = "keychain.app-minimum-ios"

    // MARK: Info.plist
    /// The clip's `CFBundleIdentifier` is not the manifest's clip bundle ID.
    case clipBundleIdentifier = "clip.info-plist.bundle-identifier"
    /// The clip's `CFBundleIdentifier` is left to the build (`$(PRODUCT_BUNDLE_IDENTIFIER)` or absent).
    case clipBundleIdentifierUnresolved = "clip.info-plist.bundle-identifier-unresolved"
    /// The clip's `NSAppClip` value is not a dictionary of booleans.
    case clipAppClipDictionary = "clip.info-plist.app-clip-dictionary"
    /// The clip's `NSAppClip` dictionary has a key Apple does not define.
    case clipUnknownAppClipKey = "clip.info-plist.unknown-app-clip-key"
    /// An `NSAppClipRequest…` key of the clip's Info.plist says otherwise than the manifest's `clip.requests…`.
    case clipAppClipRequest = "clip.info-plist.app-clip-request"
    /// An `NSAppClipRequest…` key sits at the top level of the clip's Info.plist instead of inside `NSAppClip`.
    case clipMisplacedAppClipKey = "clip.info-plist.misplaced-app-clip-key"
    /// The clip declares background modes; App Clips cannot run in the background.
    case clipBackgroundModes = "clip.info-plist.background-modes"
    /// The clip declares custom URL schemes; App Clips cannot be opened through them.
    case clipURLSchemes = "clip.info-plist.url-schemes"
    /// The built clip's `MinimumOSVersion` differs from the manifest's `clip.minimumIOS`.
    case clipMinimumOS = "clip.info-plist.minimum-os"
    /// The app's `CFBundleIdentifier` is not the manifest's app bundle ID.
    case appBundleIdentifier = "app.info-plist.bundle-identifier"
    /// The app's `CFBundleIdentifier` is left to the build (`$(PRODUCT_BUNDLE_IDENTIFIER)` or absent).
    case appBundleIdentifierUnresolved = "app.info-plist.bundle-identifier-unresolved"
    /// The app's Info.plist has `NSAppClip` keys, which only the clip may have.
    case appAppClipKeys = "app.info-plist.app-clip-keys"

    // MARK: Size
    /// The largest thinned variant is over Apple's limit for the clip's minimum iOS and invocations.
    case sizeOverLimit = "size.over-limit"
    /// The largest thinned variant uses more than 90 % of the limit.
    case sizeNearLimit = "size.near-limit"
    /// The measured, unthinned size of the clip bundle in a built product.
    case sizeBundle = "size.bundle"
    /// The unthinned clip bundle is already over the limit; the thinned variants may still fit.
    case sizeBundleOverLimit = "size.bundle-over-limit"

    // MARK: Built products
    /// The app in the built product has no App Clip under `AppClips/`.
    case archiveClipMissing = "archive.clip-missing"
    /// The app in the built product has more than one App Clip; an app may have only one.
    case archiveMultipleClips = "archive.multiple-clips"
    /// The built product holds no app bundle where one belongs.
    case archiveAppMissing = "archive.app-missing"
    /// A bundle's Info.plist is missing or cannot be read.
    case archiveInfoPlist = "archive.info-plist"
    /// A bundle's executable is missing or is not a Mach-O file that can be read.
    case archiveExecutable = "archive.executable"
    /// A bundle's executable has no code signature, or the signature cannot be read.
    case archiveCodeSignature = "archive.code-signature"
    /// A bundle's code signature carries no entitlements.
    case archiveEntitlementsMissing = "archive.entitlements-missing"
    /// The architecture slices of a universal executable carry different entitlements.
    case archiveSliceEntitlementsDiffer = "archive.slice-entitlements-differ"

    // MARK: What the built clip links and calls
    /// The clip links a framework that App Clips cannot use (see ``AppClipExcludedAPIs``).
    case clipExcludedFramework = "clip.binary.excluded-framework"
    /// The clip references a class, symbol or selector that App Clips cannot use.
    case clipExcludedAPI = "clip.binary.excluded-api"
    /// The clip executable's libraries and imports could not be read.
    case clipLinkageUnreadable = "clip.binary.linkage-unreadable"

    // MARK: AASA
    /// The AASA file could not be read or fetched, or no validator is available.
    case aasaUnavailable = "aasa.unavailable"

    // MARK: Deployed share links (`doctor --share-link`, see ``ShareLinkCheck``)
    /// A share link could not be fetched at all (DNS, connection, TLS, timeout).
    case shareLinkUnreachable = "site.share-link.unreachable"
    /// A share link is not a URL of one of the manifest's routes.
    case shareLinkNoRoute = "site.share-link.no-route"
    /// A share link answered with a status other than 200 (GitHub Pages answers 404).
    case shareLinkStatus = "site.share-link.status"
    /// A share link answered with a redirect; previews and the banner come from where it leads.
    case shareLinkRedirect = "site.share-link.redirect"
    /// A share link's first HTML has no Smart App Banner that offers the App Clip.
    case shareLinkBannerMissing = "site.share-link.banner-missing"
    /// A share link's Smart App Banner names another app or App Clip than the manifest.
    case shareLinkBannerMismatch = "site.share-link.banner-mismatch"
    /// A clip route's banner does not ask for the App Clip card (`app-clip-display=card`).
    case shareLinkBannerNotCard = "site.share-link.banner-not-card"
    /// A share link's preview title (`og:title`, else `<title>`) reads as an error page.
    case shareLinkErrorTitle = "site.share-link.error-title"
    /// A share link's first HTML has no `og:title` for link previews.
    case shareLinkPreviewTitleMissing = "site.share-link.preview-title-missing"
    /// A share link answered with something other than HTML.
    case shareLinkNotHTML = "site.share-link.not-html"
    /// The AASA of a share link's domain answered with a redirect, which the system does not follow.
    case shareLinkAssociationRedirect = "site.share-link.association-redirect"
    /// The AASA of a share link's domain answered with an HTML page, such as a route's page that a
    /// host's rewrite sent the AASA's path to.
    case shareLinkAssociationPage = "site.share-link.association-page"

    // MARK: App Store Connect (`doctor --asc`, see ``AppClipDomainStatusCheck``)
    /// App Store Connect has no cache or debug domain status for the build bundle (404 or no data).
    case ascStatusUnavailable = "asc.status-unavailable"
    /// A manifest domain is in neither status: the uploaded clip's entitlement does not name it.
    case ascDomainMissing = "asc.domain.missing"
    /// App Store Connect's latest check of a manifest domain failed (the debug status).
    case ascDomainInvalid = "asc.domain.invalid"
    /// Apple's cache holds a failed check of a domain, and no passing latest check is known.
    case ascDomainCacheInvalid = "asc.domain.cache-invalid"
    /// Apple's cache holds a failed check of a domain whose latest check passes: waiting for the cache.
    case ascDomainCacheStale = "asc.domain.cache-stale"
    /// Apple's cache holds no result for a manifest domain yet.
    case ascDomainNotCached = "asc.domain.not-cached"
    /// The uploaded clip declares an App Clip domain that the manifest does not list.
    case ascDomainUnlisted = "asc.domain.unlisted"

    /// The severity findings of this code usually have.
    package var severity: Severity {
        switch self {
        case .clipUnlistedDomain, .clipAppLinks, .clipUnknownAppClipKey, .clipAppClipRequest, .clipURLSchemes, .clipMinimumOS,
             .sizeNearLimit, .sizeBundleOverLimit, .archiveSliceEntitlementsDiffer, .clipExcludedFramework, .clipLinkageUnreadable,
             .ascDomainCacheStale, .ascDomainNotCached, .ascDomainUnlisted,
             .shareLinkRedirect, .shareLinkBannerNotCard, .shareLinkPreviewTitleMissing, .shareLinkNotHTML,
             .keychainAppMinimumIOS, .clipManifestDefaultLinkIOS:
            return .warning
        case .clipBundleIdentifierUnresolved, .appBundleIdentifierUnresolved, .sizeBundle:
            return .info
        default:
            return .error
        }
    }
}

extension Finding {
    /// Creates a finding with a known code, at that code's usual severity unless another is given;
    /// `key` (an entitlement, an Info.plist key, a JSON path) is the finding's path.
    package init(_ code: DoctorCode, severity: Severity? = nil, message: String, file: String?, key: String?, fix: String) {
        self.init(code: code.rawValue, severity: severity ?? code.severity, message: message, file: file, path: key, fix: fix)
    }
}
