import ClipAppStoreConnect

/// What App Store Connect says about the associated domains of an App Clip build bundle, for
/// `clipkit doctor --asc`.
///
/// Doctor does not call App Store Connect itself: the caller fetches the build bundle's two
/// statuses (`GET /v1/buildBundles/{id}/appClipDomainCacheStatus` and `…/appClipDomainDebugStatus`;
/// the command line uses ClipAppStoreConnect's client) and hands their answers over here.
package struct AppClipDomainStatuses: Sendable, Hashable {
    /// The App Clip's build bundle in App Store Connect.
    package var buildBundleID: String
    /// `appClipDomainCacheStatus`: the result held in Apple's cache, which devices use; `nil` when
    /// App Store Connect has none for the bundle.
    package var cache: AppClipDomainStatus?
    /// `appClipDomainDebugStatus`: App Store Connect's latest check of each domain; `nil` when it
    /// has none for the bundle.
    package var debug: AppClipDomainStatus?

    /// Creates the statuses of a build bundle.
    package init(buildBundleID: String, cache: AppClipDomainStatus?, debug: AppClipDomainStatus?) {
        self.buildBundleID = buildBundleID
        self.cache = cache
        self.debug = debug
    }

    /// How findings name the build bundle (`asc:buildBundles/ID`).
    package var label: String { "asc:buildBundles/\(buildBundleID)" }

    /// How findings name one of the statuses (`asc:buildBundles/ID/appClipDomainCacheStatus`).
    package func label(for kind: AppClipDomainStatus.Kind) -> String {
        "\(label)/\(kind.relationship)"
    }
}
