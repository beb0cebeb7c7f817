/// What App Store Connect says about the associated domains of an App Clip build bundle, for
/// `clipkit doctor --asc`.
///
/// Doctor does not call App Store Connect itself: the caller fetches the build bundle's two
/// statuses (`GET /v1/buildBundles/{id}/appClipDomainCacheStatus` and `…/appClipDomainDebugStatus`;
/// the command line uses ClipSite's App Store Connect client) and hands their answers over here.
public struct AppClipDomainStatuses: Sendable, Hashable {
    /// One of the two statuses (`AppClipDomainStatus`).
    public struct Report: Sendable, Hashable {
        /// One domain's entry (`AppClipDomainStatus.Attributes.Domains`).
        public struct Domain: Sendable, Hashable {
            /// The domain.
            public var domain: String
            /// Whether App Store Connect verified it; `nil` when it did not say.
            public var isValid: Bool?
            /// When App Store Connect last checked it, as it sent the date.
            public var lastUpdatedDate: String?
            /// Apple's reason for a failure, such as `BAD_HTTP_RESPONSE`; see ``AppClipDomainErrorCode``.
            public var errorCode: String?

            /// Creates an entry.
            public init(domain: String, isValid: Bool?, lastUpdatedDate: String? = nil, errorCode: String? = nil) {
                self.domain = domain
                self.isValid = isValid
                self.lastUpdatedDate = lastUpdatedDate
                self.errorCode = errorCode
            }
        }

        /// When the status was last updated, as App Store Connect sent the date.
        public var lastUpdatedDate: String?
        /// The domains of the bundle's `appclips:` entitlement, with their results.
        public var domains: [Domain]

        /// Creates a status.
        public init(lastUpdatedDate: String? = nil, domains: [Domain]) {
            self.lastUpdatedDate = lastUpdatedDate
            self.domains = domains
        }
    }

    /// The App Clip's build bundle in App Store Connect.
    public var buildBundleID: String
    /// `appClipDomainCacheStatus`: the result held in Apple's cache, which devices use; `nil` when
    /// App Store Connect has none for the bundle.
    public var cache: Report?
    /// `appClipDomainDebugStatus`: App Store Connect's latest check of each domain; `nil` when it
    /// has none for the bundle.
    public var debug: Report?

    /// Creates the statuses of a build bundle.
    public init(buildBundleID: String, cache: Report?, debug: Report?) {
        self.buildBundleID = buildBundleID
        self.cache = cache
        self.debug = debug
    }

    /// How findings name the build bundle (`asc:buildBundles/ID`).
    public var label: String { "asc:buildBundles/\(buildBundleID)" }

    /// How findings name one of the statuses (`asc:buildBundles/ID/appClipDomainCacheStatus`).
    public func label(cache: Bool) -> String {
        "\(label)/\(cache ? "appClipDomainCacheStatus" : "appClipDomainDebugStatus")"
    }
}
