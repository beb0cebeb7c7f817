@_spi(ClipKitTooling) import ClipKit
import Foundation

/// Everything a link domain serves, built from one manifest: the AASA file, the home page, a
/// share page for each routed URL and the not-found page.
///
/// `clipkit serve` answers requests from it and `clipkit site build` exports it as static files,
/// so both show the same pages: each of the manifest's domains is one ``ServedDomain`` value whose
/// AASA document and home page both serve, and ``resource(at:target:host:)`` is the one reading of
/// a request's path and `Host` the server answers from.
package struct LinkDomainSite: Sendable {
    /// What one of the manifest's domains serves at its fixed paths.
    package struct ServedDomain: Sendable, Equatable {
        /// The domain, lower-cased.
        package let name: String
        /// Its `apple-app-site-association` document.
        package let associationFile: Data
        /// Its home page (`/`, `index.html`), naming this domain.
        package let homePage: String
        /// Its page for paths no route serves, naming this domain.
        package let notFoundPage: String
    }

    /// What a request's path and `Host` lead to. Each `domain` is a position in
    /// ``servedDomains``, so the server can keep its prepared answers in an array beside them.
    package enum Resource: Sendable, Equatable {
        /// The AASA document of the domain at `domain`.
        case associationFile(domain: Int)
        /// The home page of the domain at `domain`.
        case homePage(domain: Int)
        /// A share page, or the not-found page when no route matches: `domain` is the domain the
        /// `Host` header names (`nil` for any other host, such as `127.0.0.1:8080`, which is routed
        /// against each domain in order), `target` the path, with the declared query items when a
        /// route reads them (``pageTarget(of:)``).
        case sharePage(domain: Int?, target: Substring)
    }

    /// The manifest the site is built from.
    package let manifest: ClipManifest
    /// The router that decides which share page a path gets.
    package let router: InvocationRouter
    /// The page renderer.
    package let renderer: SharePageRenderer
    /// Each of the manifest's domains, in the manifest's order; never empty (a manifest without
    /// domains serves an empty AASA document as `localhost`).
    package let servedDomains: [ServedDomain]
    /// The profile cache share pages consult, when a provider was given.
    package let profiles: ShareProfileCache?
    /// The domains' names, lower-cased, for ``HostMatch``.
    private let names: [String]
    /// The query items some route declares, read once rather than on each request.
    private let declaredQueryItems: Set<String>

    /// The paths answered with the AASA document: where iOS reads it, and the root form older
    /// tools still ask for.
    package static let associationFilePaths: [Substring] = ["/.well-known/apple-app-site-association", "/apple-app-site-association"]
    /// The paths answered with the home page.
    package static let homePagePaths: [Substring] = ["/", "/index.html"]

    /// Builds a site.
    ///
    /// - Parameters:
    ///   - manifest: The manifest whose domains, routes and app the site serves.
    ///   - associationFiles: Each domain's AASA document (from the AASA generator), by domain; a
    ///     domain without one serves `{}`.
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
        let renderer = SharePageRenderer(manifest: manifest, templates: templates)
        self.renderer = renderer
        let files = Dictionary(associationFiles.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        var names: [String] = []
        for name in manifest.domains.map({ $0.lowercased() }) where !names.contains(name) { names.append(name) }
        if names.isEmpty { names = [renderer.primaryDomain] }
        self.names = names
        self.servedDomains = names.map { name in
            ServedDomain(
                name: name, associationFile: files[name] ?? Data("{}".utf8),
                homePage: renderer.homePage(domain: name), notFoundPage: renderer.notFoundPage(domain: name)
            )
        }
        self.declaredQueryItems = Set(manifest.routes.flatMap(\.query.keys))
        self.profiles = profileProvider.map { ShareProfileCache(provider: $0, policy: profilePolicy) }
    }

    /// The manifest's domains, lower-cased, in order.
    package var domains: [String] { names }

    /// The domain named `name` (any case), or `nil` when it is not one of the manifest's.
    package func servedDomain(named name: String) -> ServedDomain? {
        let name = name.lowercased()
        return servedDomains.first { $0.name == name }
    }

    /// The position in ``servedDomains`` of the domain a `Host` header names (ignoring case, a
    /// port and a final dot), or `nil` for any other host or none.
    package func domainIndex(forHost host: String?) -> Int? {
        host.flatMap { HostMatch.index(of: $0, among: names) }
    }

    /// What a request leads to: the AASA document or home page of the domain its `Host` names (the
    /// first domain's for any other host), else a share page.
    ///
    /// - Parameters:
    ///   - path: The request's percent-encoded path, without the query.
    ///   - target: The whole request target, path and query.
    ///   - host: The request's `Host` header.
    package func resource(at path: Substring, target: Substring, host: String?) -> Resource {
        let domain = domainIndex(forHost: host)
        if Self.associationFilePaths.contains(path) { return .associationFile(domain: domain ?? 0) }
        if Self.homePagePaths.contains(path) { return .homePage(domain: domain ?? 0) }
        return .sharePage(domain: domain, target: readsQuery ? pageTarget(of: target) : path)
    }

    /// Whether a route reads query items (`routes[].query`): then a share page depends on the
    /// request's query as well as its path, and `match(path:host:)` takes both.
    package var readsQuery: Bool { !declaredQueryItems.isEmpty }

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
        let items = target[target.index(after: mark)...].split(separator: "&").filter { item in
            let name = item.firstIndex(of: "=").map { item[..<$0] } ?? item
            return declaredQueryItems.contains(name.removingPercentEncoding ?? String(name))
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
        match(path: path, domain: domainIndex(forHost: host))
    }

    /// The route a request's path leads to on the domain at `domain` in ``servedDomains``, as
    /// ``resource(at:target:host:)`` names it; `nil` tries each domain in order.
    package func match(path: String, domain: Int?) -> RouteMatch? {
        guard path.hasPrefix("/"), path.utf8.count <= InvocationRouter.maximumURLLength - 300 else { return nil }
        let candidates = domain.map { [names[$0]] } ?? names
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
