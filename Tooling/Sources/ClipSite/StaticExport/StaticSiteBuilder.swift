@_spi(ClipKitTooling) import ClipKit
import Foundation

/// Exports a ``LinkDomainSite`` as static files.
///
/// The output:
/// - `.well-known/apple-app-site-association`: the AASA document, no file extension.
/// - `index.html`: the home page with the Smart App Banner.
/// - `clipkit-pages/ROUTE.html`, one per route pattern of the domain: the route's page before its
///   parameters are known (``SharePageRenderer/genericSharePage(route:pattern:)``), whose head
///   crawlers read as it is, plus the same inline scripts as `404.html`, which fill in the
///   parameters and the signed profile. Hosts that rewrite answer share URLs with it, status 200.
/// - `404.html`: the page GitHub Pages (which cannot rewrite) answers share URLs with, status 404,
///   with a head that names no error when the domain has share routes
///   (``SharePageRenderer/staticFallbackPage(domain:)``), plus an inline script and the route
///   table as JSON; the script renders the matching share page in the browser
///   (`ClientRouterScript`), then, for a route that accepts a signed profile, verifies and shows
///   the one the link's fragment carries (`LinkProfileScript`). No external scripts.
/// - `.nojekyll`: GitHub Pages then publishes `.well-known/` as it is.
/// - `_headers` and `_redirects` (Netlify, Cloudflare Pages), `vercel.json` (Vercel), `.htaccess`
///   (Apache) and `Caddyfile` (Caddy): `Content-Type: application/json` for the AASA, the rewrites
///   of share URLs to their route's page (never of the export's own files, whatever a route
///   captures), and the 404 page where the host needs telling (`HostingConfiguration`).
///
/// Crawlers run no scripts, so a link preview shows the route's generic title and description,
/// not the profile; `clipkit serve` renders share pages with profiles on the server.
package struct StaticSiteBuilder: Sendable {
    /// The site to export.
    package let site: LinkDomainSite

    /// The relative path of the AASA document.
    package static let associationFilePath = ".well-known/apple-app-site-association"

    /// Creates a builder.
    package init(site: LinkDomainSite) {
        self.site = site
    }

    /// Renders every file of the site for `domain`; each domain serves its own AASA document.
    ///
    /// - Parameter domain: One of the manifest's domains; `nil` means the first.
    /// - Throws: ``StaticSiteError/unknownDomain(_:domains:)`` when `domain` is not the manifest's.
    package func build(forDomain domain: String? = nil) throws(StaticSiteError) -> StaticSite {
        guard let served = domain == nil ? site.servedDomains.first : site.servedDomain(named: domain ?? "") else {
            throw .unknownDomain(domain ?? "", domains: site.domains)
        }
        let host = served.name
        // The same values `clipkit serve` answers `/` and the AASA paths with for this domain.
        var files: [String: Data] = [:]
        files[Self.associationFilePath] = served.associationFile
        files["index.html"] = Data(served.homePage.utf8)
        files["404.html"] = Data(notFoundPageWithClientRouting(domain: host).utf8)
        let pages = routePages(domain: host)
        for page in pages {
            files[page.path] = Data(routePageWithClientRouting(page).utf8)
        }
        let hosting = HostingConfiguration(domain: host, pages: pages)
        files[".nojekyll"] = Data()
        files["_headers"] = Data(hosting.netlifyHeaders.utf8)
        files["_redirects"] = Data(hosting.netlifyRedirects.utf8)
        files["vercel.json"] = Data(hosting.vercel.utf8)
        files[".htaccess"] = Data(hosting.apache.utf8)
        files["Caddyfile"] = Data(hosting.caddyfile.utf8)
        return StaticSite(files: files)
    }

    /// The route pages of `domain`: one per pattern with at least one path segment (the root is
    /// the home page), patterns that capture nothing first, then in the manifest's order.
    package func routePages(domain: String) -> [StaticRoutePage] {
        var pages: [StaticRoutePage] = []
        for route in site.manifest.routes {
            var index = 0
            for source in route.patterns {
                guard let pattern = try? RoutePattern(parsing: source), pattern.host == domain, !pattern.segments.isEmpty else { continue }
                pages.append(StaticRoutePage(route: route.name, pattern: pattern, path: StaticRoutePage.path(route: route.name, index: index)))
                index += 1
            }
        }
        return pages.filter(\.isStatic) + pages.filter { !$0.isStatic }
    }

    /// The route table and page shells of `domain` that the 404 page's script reads; with `only`,
    /// just that pattern's (for its route page).
    package func clientRoutingData(domain: String, only: RoutePattern? = nil) -> JSONValue {
        var patterns: [JSONValue] = []
        for route in site.manifest.routes {
            for source in route.patterns {
                guard let pattern = try? RoutePattern(parsing: source), pattern.host == domain else { continue }
                if let only, only != pattern { continue }
                let segments: [JSONValue] = pattern.segments.map { segment in
                    switch segment {
                    case .literal(let text): return .object(["literal": .string(text)])
                    case .capture(let name): return .object(["capture": .string(name)])
                    }
                }
                var entry: [String: JSONValue] = [
                    "route": .string(route.name),
                    "host": .string(pattern.host),
                    "segments": .array(segments),
                    "page": .string(site.renderer.sharePageShell(route: route, pattern: pattern)),
                ]
                if let key = SharePageRenderer.signedProfileParameter(of: route, pattern: pattern) {
                    entry["signedProfile"] = .string(key)
                }
                patterns.append(.object(entry))
            }
        }
        var data: [String: JSONValue] = [
            "domains": .array([.string(domain)]),
            "maxPathLength": .number(InvocationRouter.maximumURLLength),
            "maxParameterLength": .number(PageParameters.maximumLength),
            "patterns": .array(patterns),
        ]
        if patterns.contains(where: { $0["signedProfile"] != nil }) { data["linkProfile"] = LinkProfileRules.json }
        if only == nil, !site.renderer.shareRoutes(of: domain).isEmpty {
            // The head names no error (see staticFallbackPage); a person on a path no route
            // serves still gets a title that says so.
            data["notFoundTitle"] = .string("Page not found · \(site.renderer.appName)")
        }
        return .object(data)
    }

    /// The not-found page with the routing data and script inserted before `</body>`; when a
    /// route accepts signed profiles, the link-profile script runs in the same element first.
    func notFoundPageWithClientRouting(domain: String) -> String {
        withClientRouting(site.renderer.staticFallbackPage(domain: domain), data: clientRoutingData(domain: domain))
    }

    /// The route page of `page`: the route's generic share page with the routing data of its
    /// pattern alone and the same scripts as `404.html`.
    func routePageWithClientRouting(_ page: StaticRoutePage) -> String {
        guard let route = site.manifest.routes.first(where: { $0.name == page.route }) else { return "" }
        return withClientRouting(
            site.renderer.genericSharePage(route: route, pattern: page.pattern),
            data: clientRoutingData(domain: page.pattern.host, only: page.pattern)
        )
    }

    /// `html` with `data` and the scripts that read it before `</body>`; the link-profile script
    /// comes first when a pattern in `data` accepts signed profiles.
    private func withClientRouting(_ html: String, data: JSONValue) -> String {
        let scripts = data["linkProfile"] != nil
            ? LinkProfileScript.source + "\n" + ClientRouterScript.source
            : ClientRouterScript.source
        let insertion = """
        <script type="application/json" id="\(ClientRouterScript.dataElementID)">\(String(decoding: data.serialized(escaping: .scriptSafe), as: UTF8.self))</script>
        <script>
        \(scripts)
        </script>

        """
        return HTMLInsertion.beforeBodyEnd(insertion, in: html)
    }
}
