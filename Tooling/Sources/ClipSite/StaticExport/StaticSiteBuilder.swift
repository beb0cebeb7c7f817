import ClipKit
import Foundation

/// Exports a ``LinkDomainSite`` as static files.
///
/// The output:
/// - `.well-known/apple-app-site-association`: the AASA document, no file extension.
/// - `index.html`: the home page with the Smart App Banner.
/// - `404.html`: the not-found page plus an inline script and the route table as JSON; hosts
///   answer unknown paths with it, and the script renders the matching share page in the browser
///   (`ClientRouterScript`), then, for a route that accepts a signed profile, verifies and
///   shows the one the link's fragment carries (`LinkProfileScript`). No external scripts.
/// - `.nojekyll`: GitHub Pages then publishes `.well-known/` as it is.
/// - `_headers` (Netlify, Cloudflare Pages), `vercel.json` (Vercel) and `.htaccess` (Apache):
///   `Content-Type: application/json` for the AASA, and the 404 page where the host needs telling.
///
/// Static hosts answer share URLs with status 404 and crawlers do not run scripts, so link
/// previews show the generic page; `clipkit serve` renders share pages with profiles on the server.
public struct StaticSiteBuilder: Sendable {
    /// The site to export.
    public let site: LinkDomainSite

    /// The relative path of the AASA document.
    public static let associationFilePath = ".well-known/apple-app-site-association"

    /// Creates a builder.
    public init(site: LinkDomainSite) {
        self.site = site
    }

    /// Renders every file of the site for `domain`; each domain serves its own AASA document.
    ///
    /// - Parameter domain: One of the manifest's domains; `nil` means the first.
    /// - Throws: ``StaticSiteError/unknownDomain(_:domains:)`` when `domain` is not the manifest's.
    public func build(forDomain domain: String? = nil) throws(StaticSiteError) -> StaticSite {
        let host = domain?.lowercased() ?? site.domains.first ?? ""
        guard site.domains.contains(host), let association = site.associationFiles[host] else {
            throw .unknownDomain(domain ?? "", domains: site.domains)
        }
        var files: [String: Data] = [:]
        files[Self.associationFilePath] = association
        files["index.html"] = Data(site.renderer.homePage(domain: host).utf8)
        files["404.html"] = Data(notFoundPageWithClientRouting(domain: host).utf8)
        files[".nojekyll"] = Data()
        files["_headers"] = Data(HostingConfiguration.netlifyHeaders.utf8)
        files["vercel.json"] = Data(HostingConfiguration.vercel.utf8)
        files[".htaccess"] = Data(HostingConfiguration.apache.utf8)
        return StaticSite(files: files)
    }

    /// The route table and page shells of `domain` that the 404 page's script reads.
    func clientRoutingData(domain: String) -> JSONValue {
        var patterns: [JSONValue] = []
        for route in site.manifest.routes {
            for source in route.patterns {
                guard let pattern = try? RoutePattern(parsing: source), pattern.host == domain else { continue }
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
        if acceptsSignedProfiles(domain: domain) { data["linkProfile"] = LinkProfileRules.json }
        return .object(data)
    }

    /// Whether a route of `domain` accepts a signed profile in its links' fragment.
    func acceptsSignedProfiles(domain: String) -> Bool {
        site.manifest.routes.contains { route in
            route.patterns.contains { source in
                guard let pattern = try? RoutePattern(parsing: source), pattern.host == domain else { return false }
                return SharePageRenderer.signedProfileParameter(of: route, pattern: pattern) != nil
            }
        }
    }

    /// The not-found page with the routing data and script inserted before `</body>`; when a
    /// route accepts signed profiles, the link-profile script runs in the same element first.
    func notFoundPageWithClientRouting(domain: String) -> String {
        let page = site.renderer.notFoundPage(domain: domain)
        let scripts = acceptsSignedProfiles(domain: domain)
            ? LinkProfileScript.source + "\n" + ClientRouterScript.source
            : ClientRouterScript.source
        let insertion = """
        <script type="application/json" id="\(ClientRouterScript.dataElementID)">\(String(decoding: clientRoutingData(domain: domain).serialized(escaping: .scriptSafe), as: UTF8.self))</script>
        <script>
        \(scripts)
        </script>

        """
        return HTMLInsertion.beforeBodyEnd(insertion, in: page)
    }
}
