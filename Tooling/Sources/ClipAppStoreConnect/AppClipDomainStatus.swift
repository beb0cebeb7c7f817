import Foundation

/// What App Store Connect reports about the associated domains of an App Clip build bundle
/// (`AppClipDomainStatus`): whether each domain of the bundle's `appclips:` entitlement was
/// verified, and if not, why.
///
/// A build bundle has two such reports: the **cache** status
/// (`GET /v1/buildBundles/{id}/appClipDomainCacheStatus`), the result held in Apple's cache that
/// devices use, and the **debug** status (`…/appClipDomainDebugStatus`), the result of App Store
/// Connect's own latest check of the domain.
package struct AppClipDomainStatus: Sendable, Hashable, Encodable {
    /// Which of the two reports.
    package enum Kind: String, Sendable, Hashable, CaseIterable, Encodable {
        /// `appClipDomainCacheStatus`: what Apple's cache, and so devices, hold.
        case cache
        /// `appClipDomainDebugStatus`: App Store Connect's latest check.
        case debug

        /// The build bundle's relationship that reads it.
        package var relationship: String {
            switch self {
            case .cache: return "appClipDomainCacheStatus"
            case .debug: return "appClipDomainDebugStatus"
            }
        }
    }

    /// One domain's status (`AppClipDomainStatus.Attributes.Domains`).
    package struct Domain: Sendable, Hashable, Encodable {
        /// The domain.
        package var domain: String
        /// Whether App Store Connect verified the domain; `nil` when it did not say.
        package var isValid: Bool?
        /// When App Store Connect last checked the domain (ISO 8601), as it sent it.
        package var lastUpdatedDate: String?
        /// Why the domain failed, one of Apple's codes such as `BAD_HTTP_RESPONSE` or `DNS_ERROR`.
        package var errorCode: String?

        /// Creates a domain's status.
        package init(domain: String, isValid: Bool?, lastUpdatedDate: String? = nil, errorCode: String? = nil) {
            self.domain = domain
            self.isValid = isValid
            self.lastUpdatedDate = lastUpdatedDate
            self.errorCode = errorCode
        }
    }

    /// Which report this is.
    package var kind: Kind
    /// The status resource's ID.
    package var id: String
    /// When the report was last updated (ISO 8601), as App Store Connect sent it.
    package var lastUpdatedDate: String?
    /// The domains, in App Store Connect's order.
    package var domains: [Domain]

    /// Creates a report.
    package init(kind: Kind, id: String, lastUpdatedDate: String?, domains: [Domain]) {
        self.kind = kind
        self.id = id
        self.lastUpdatedDate = lastUpdatedDate
        self.domains = domains
    }
}

/// One bundle of a build (`BuildBundle`): the app, its App Clip, or another binary.
package struct AppStoreConnectBuildBundle: Sendable, Hashable {
    /// App Store Connect's ID of the build bundle.
    package var id: String
    /// The bundle identifier.
    package var bundleID: String?
    /// `APP`, `APP_CLIP` or another kind.
    package var bundleType: String?

    /// Creates a build bundle.
    package init(id: String, bundleID: String?, bundleType: String?) {
        self.id = id
        self.bundleID = bundleID
        self.bundleType = bundleType
    }

    /// Whether the bundle is an App Clip.
    package var isAppClip: Bool { bundleType == "APP_CLIP" }
}

extension AppStoreConnectClient {
    /// The most bundles of a build read.
    package static let maximumBuildBundles = 50

    /// The `kind` domain status of the build bundle `buildBundleID`, or `nil` when App Store Connect
    /// has none for it (it answers 404, or `data` is `null`): the bundle is not an App Clip's, has
    /// not been processed yet, or does not exist.
    package func appClipDomainStatus(_ kind: AppClipDomainStatus.Kind, buildBundleID: String) async throws(AppStoreConnectError) -> AppClipDomainStatus? {
        let path = url("/v1/buildBundles/\(Self.pathSegment(buildBundleID))/\(kind.relationship)",
                       query: "fields%5BappClipDomainStatuses%5D=domains,lastUpdatedDate")
        let body: Data
        do {
            body = try await send("GET", path, body: nil, expecting: [200])
        } catch {
            if case .status(404, _, _, _) = error { return nil }
            throw error
        }
        let decoded: ASCDocument<ASCDomainStatusResource?> = try decode(body, path: path.path)
        guard let resource = decoded.data else { return nil }
        guard resource.type == "appClipDomainStatuses" else {
            throw .unexpectedResponse(path: path.path, reason: "the resource is '\(resource.type.prefix(60))', not appClipDomainStatuses")
        }
        let domains = (resource.attributes?.domains ?? []).compactMap { entry -> AppClipDomainStatus.Domain? in
            guard let domain = entry.domain, !domain.isEmpty else { return nil }
            return AppClipDomainStatus.Domain(domain: domain, isValid: entry.isValid, lastUpdatedDate: entry.lastUpdatedDate, errorCode: entry.errorCode)
        }
        return AppClipDomainStatus(kind: kind, id: resource.id, lastUpdatedDate: resource.attributes?.lastUpdatedDate, domains: domains)
    }

    /// The bundles of the build `buildID` (`GET /v1/builds/{id}?include=buildBundles`): the app's,
    /// the App Clip's and any other.
    package func buildBundles(buildID: String) async throws(AppStoreConnectError) -> [AppStoreConnectBuildBundle] {
        let query = "include=buildBundles&fields%5BbuildBundles%5D=bundleId,bundleType&limit%5BbuildBundles%5D=\(Self.maximumBuildBundles)"
        let path = url("/v1/builds/\(Self.pathSegment(buildID))", query: query)
        let body = try await send("GET", path, body: nil, expecting: [200])
        let decoded: ASCBuildWithBundles = try decode(body, path: path.path)
        return (decoded.included ?? []).filter { $0.type == "buildBundles" }.map {
            AppStoreConnectBuildBundle(id: $0.id, bundleID: $0.attributes?.bundleId, bundleType: $0.attributes?.bundleType)
        }
    }
}
