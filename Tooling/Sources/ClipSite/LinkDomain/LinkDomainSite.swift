@_spi(ClipKitTooling) import ClipKit
import Foundation

/// Everything a link domain serves, built from one manifest: the AASA file, the home page, a
/// share page for each routed URL and the not-found page.
///
/// `clipkit serve` answers requests from it and `clipkit site build` exports it as static files,
/// so both show the same pages.
package struct LinkDomainSite: Sendable {
    /// The manifest the site is built from.
    package let manifest: ClipManifest
    /// The router that decides which share page a path gets.
    package let router: InvocationRouter
    /// The page renderer.
    package let renderer: SharePageRenderer
    /// The `apple-app-site-association` document of each domain, by lower-cased domain.
    package let associationFiles: [String: Data]
    /// The profile cache share pages consult, when a provider was given.
    package let profiles: ShareProfileCache?

    /// Builds a site.
    ///
    /// - Parameters:
    ///   - manifest: The manifest whose domains, routes and app the site serves.
    ///   - associationFiles: Each domain's AASA document (from the AASA generator), by domain.
    ///   - templates: The Mustache templates the pages render from.
    ///   - profileProvider: Where share pages get their preview profile; wrapped in a ``ShareProfileCache``.
    ///   - profilePolicy: The cache's limits on lookups: how many at once, how long answers hold, the budget.
    ///   - parameterKinds: The parameter kinds the routes use, as the app registers them.
    /// - Throws: ``/ClipKit/RouterConfigurationError`` when a route's pattern or parameter kind is invalid.
    package init(
        manifest: ClipManifest, associationFiles: [String: Data], templates: SiteTemplates = .defaults,
        profileProvider: (any ShareProfileProvider)? = nil, profilePolicy: ShareProfileCache.Policy = .init(),
        parameterKinds: ParameterKindRegistry = .standard
    ) throws {
        self.manifest = manifest
        self.router = try InvocationRouter(manifest: manifest, parameterKinds: parameterKinds)
        self.renderer = SharePageRenderer(manifest: manifest, templates: templates)
        self.associationFiles = Dictionary(
            associationFiles.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first }
        )
        self.profiles = profileProvider.map { ShareProfileCache(provider: $0, policy: profilePolicy) }
    }

    /// The manifest's domains, lower-cased, in order.
    package var domains: [String] { manifest.domains.map { $0.lowercased() } }

    /// The AASA document a request with the `Host` header `host` gets: its domain's when it is
    /// one of the manifest's, the first domain's otherwise.
    package func associationFile(forHost host: String?) -> Data {
        if let host, let file = associationFiles[Self.hostName(fromHeader: host)] { return file }
        return domains.lazy.compactMap { associationFiles[$0] }.first ?? Data("{}".utf8)
    }

    /// Whether a route reads query items (`routes[].query`): then a share page depends on the
    /// request's query as well as its path, and `match(path:host:)` takes both.
    package var readsQuery: Bool {
        manifest.routes.contains { !$0.query.isEmpty }
    }

    /// The request target a share page depends on: the path alone, or, when a route reads query
    /// items, the path with only the items some route declares, sorted by name.
    ///
    /// Anyone can add query items to a link, so a page cache keyed by the whole target would make
    /// a new entry for `?lang=fr&x=1`, `?lang=fr&x=2`, …; keyed by this, those are one page, the one
    /// the clip would show, since undeclared items route nowhere.
    package func pageTarget(of target: Substring) -> Substring {
        guard let mark = target.firstIndex(of: "?") else { return target }
        let path = target[..<mark]
        guard readsQuery else { return path }
        let declared = Set(manifest.routes.flatMap(\.query.keys))
        let items = target[target.index(after: mark)...].split(separator: "&").filter { item in
            let name = item.firstIndex(of: "=").map { item[..<$0] } ?? item
            return declared.contains(name.removingPercentEncoding ?? String(name))
        }
        guard !items.isEmpty else { return path }
        let sorted = items.enumerated().sorted { left, right in
            let leftName = left.element.prefix { $0 != "=" }, rightName = right.element.prefix { $0 != "=" }
            return leftName == rightName ? left.offset < right.offset : leftName < rightName
        }
        return path + "?" + sorted.map(\.element).joined(separator: "&")
    }

    /// The route a request's path leads to.
    ///
    /// - Parameters:
    ///   - path: The request's percent-encoded path, without the query, or with it when a route
    ///     reads query items (``readsQuery``).
    ///   - host: The request's `Host` header. A host that is one of the manifest's domains is
    ///     routed as that domain; any other (such as `127.0.0.1:8080`) tries each domain in order.
    package func match(path: String, host: String?) -> RouteMatch? {
        guard path.hasPrefix("/"), path.utf8.count <= InvocationRouter.maximumURLLength - 300 else { return nil }
        let requested = host.map(Self.hostName(fromHeader:))
        let candidates = requested.flatMap { domains.contains($0) ? [$0] : nil } ?? domains
        for domain in candidates {
            guard let url = URL(string: "https://\(domain)\(path)") else { return nil }
            if case .success(let match) = router.route(url) { return match }
        }
        return nil
    }

    /// The share page for `match`, with the profile when the provider has one in time.
    ///
    /// - Parameters:
    ///   - match: The routed share URL.
    ///   - client: Who asks, for the profile cache's per-client budget (see ``LookupBudget``).
    package func sharePage(for match: RouteMatch, client: String? = nil) async -> RenderedSharePage {
        guard let profiles else {
            return RenderedSharePage(html: renderer.sharePage(for: match, profile: nil), expiresAt: nil, showsProfile: false)
        }
        let lookup = await profiles.lookup(ShareProfileRequest(match: match), client: client)
        return RenderedSharePage(
            html: renderer.sharePage(for: match, profile: lookup.profile),
            expiresAt: lookup.expiresAt, showsProfile: lookup.profile != nil, isThrottled: lookup.isThrottled
        )
    }

    /// The host name of a `Host` header: lower-cased, without its port or a final dot.
    package static func hostName(fromHeader header: String) -> String {
        var host = Substring(header.lowercased())
        if host.hasPrefix("[") {
            if let end = host.firstIndex(of: "]") { host = host[host.startIndex...end] }
        } else if let colon = host.lastIndex(of: ":") {
            host = host[..<colon]
        }
        if host.hasSuffix(".") { host = host.dropLast() }
        return String(host)
    }
}

/// A rendered share page and how long it may be cached.
package struct RenderedSharePage: Sendable, Hashable {
    /// The page's HTML.
    package var html: String
    /// When the page goes stale (its profile's cache expiry); `nil` when it never does.
    package var expiresAt: Date?
    /// Whether the page shows a profile.
    package var showsProfile: Bool
    /// Whether the profile was left out because a lookup limit was reached; such a page holds for
    /// this request only and must not be cached.
    package var isThrottled: Bool

    /// Creates a rendered page.
    package init(html: String, expiresAt: Date?, showsProfile: Bool, isThrottled: Bool = false) {
        self.html = html
        self.expiresAt = expiresAt
        self.showsProfile = showsProfile
        self.isThrottled = isThrottled
    }
}
