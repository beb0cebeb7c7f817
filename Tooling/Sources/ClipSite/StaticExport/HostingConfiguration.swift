@_spi(ClipKitTooling) import ClipKit
import Foundation

/// A route pattern of the exported domain and the static page that answers its share URLs.
package struct StaticRoutePage: Sendable, Equatable {
    /// The route's name.
    package let route: String
    /// The pattern whose URLs the page answers.
    package let pattern: RoutePattern
    /// The page's path in the export, without a leading `/`, such as `clipkit-pages/driverShare.html`.
    package let path: String

    package init(route: String, pattern: RoutePattern, path: String) {
        self.route = route
        self.pattern = pattern
        self.path = path
    }

    /// The folder that holds the route pages.
    package static let folder = "clipkit-pages"

    /// The path of the page of a route's `index`th pattern on one domain (counting from 0): the
    /// first is `clipkit-pages/ROUTE.html`, the next `clipkit-pages/ROUTE-2.html`, and so on.
    /// Route names are identifiers (the manifest's schema), so the path needs no escaping.
    package static func path(route: String, index: Int) -> String {
        index == 0 ? "\(folder)/\(route).html" : "\(folder)/\(route)-\(index + 1).html"
    }

    /// Whether the pattern captures nothing, so matches exactly one path.
    var isStatic: Bool { pattern.captureNames.isEmpty }
}

/// The files that tell each static host how to serve the export: the AASA as JSON, share URLs
/// rewritten to their route's page with status 200, `404.html` for anything else.
///
/// No host rewrites the export's own files: `/.well-known/` (the AASA and any other well-known
/// file), `/apple-app-site-association`, `/index.html`, `/404.html` and `/clipkit-pages/`
/// (``reservedPaths``) are excluded from every rewrite, and where the host can tell, a file that
/// exists is served before any rewrite. A route such as `https://go.bsky.app/{code}` or
/// `https://d/{a}/{b}` would otherwise catch them.
///
/// Each host's rules for a pattern `https://roadflare.app/share/d/{npub}` whose page is
/// `clipkit-pages/driverShare.html`:
/// - Netlify and Cloudflare Pages, `_redirects`: `/share/d/:npub /clipkit-pages/driverShare.html 200`,
///   and the same with a trailing slash (a status of 200 makes the rule a rewrite; Cloudflare
///   proxies only to paths of the same site, which these are).
/// - Vercel, `vercel.json`: `{"source": "/share/d/:npub", "destination": "/clipkit-pages/driverShare.html"}`
///   in `rewrites`, and the trailing-slash form.
/// - Apache, `.htaccess`: `RewriteRule ^share/d/[^/]+/?$ /clipkit-pages/driverShare.html [END]`.
/// - Caddy, `Caddyfile`: a matcher (`path_regexp`, `not path` the reserved paths, `not file`) and a
///   `rewrite` to the page.
///
/// A capture matches one non-empty segment and a literal matches itself, as the router does.
/// Apache and Caddy match the percent-decoded path, so their literals are decoded text with every
/// ASCII character other than a letter or digit written as a `\xHH` escape; Netlify, Cloudflare
/// and Vercel are given percent-encoded literals.
package struct HostingConfiguration: Sendable {
    /// The domain the export serves.
    package let domain: String
    /// The route pages, static patterns first (Cloudflare wants static rules before dynamic ones),
    /// then in the manifest's order.
    package let pages: [StaticRoutePage]

    package init(domain: String, pages: [StaticRoutePage]) {
        self.domain = domain
        self.pages = pages
    }

    /// The `Cache-Control` every host's configuration sets on the AASA file.
    static let associationCacheControl = "public, max-age=3600"

    /// The paths no rewrite touches, each a file of the export or a folder of them (ending in `/`).
    package static let reservedPaths = [
        "/.well-known/", "/apple-app-site-association", "/index.html", "/404.html", "/\(StaticRoutePage.folder)/",
    ]

    /// ``reservedPaths`` as one regular expression over the decoded path without its leading
    /// slash: a folder matches itself and everything in it, a file itself.
    static var reservedPathRegex: String {
        let alternatives = reservedPaths.map { path -> String in
            let name = path.dropFirst()
            return name.hasSuffix("/") ? regexLiteral(String(name.dropLast())) + "(/|$)" : regexLiteral(String(name)) + "$"
        }
        return "^(" + alternatives.joined(separator: "|") + ")"
    }

    // MARK: Netlify and Cloudflare Pages

    /// `_headers` (Netlify, Cloudflare Pages).
    var netlifyHeaders: String {
        """
        /.well-known/apple-app-site-association
          Content-Type: application/json
          Cache-Control: \(Self.associationCacheControl)
          X-Content-Type-Options: nosniff

        """
    }

    /// `_redirects` (Netlify, Cloudflare Pages): one rewrite (status 200) per pattern and its
    /// trailing-slash form, after rules that pass the export's own files through unchanged.
    ///
    /// The topmost matching rule applies. Netlify skips a rule that is not forced when a file
    /// exists at the path, but Cloudflare Pages follows rules whether or not a file exists; so
    /// the reserved paths come first, each rewritten to itself (a splat for a folder): static
    /// rules (files, then the routes' static patterns), then dynamic ones (folders, then the
    /// routes' other patterns), as Cloudflare wants static rules before dynamic ones.
    package var netlifyRedirects: String {
        var lines = [
            "# Share links of \(domain), answered by their route's page with status 200 (Netlify, Cloudflare Pages).",
            "# Written by clipkit site build from clipkit.json.",
            "# The export's own files first, each to itself, so that no share-link rule catches them.",
        ]
        let files = Self.reservedPaths.filter { !$0.hasSuffix("/") }
        let folders = Self.reservedPaths.filter { $0.hasSuffix("/") }
        // The reserved paths are unreserved characters only, so they need no percent-encoding.
        for file in files { lines.append("\(file) \(file) 200") }
        func rules(for page: StaticRoutePage) {
            let source = netlifySource(page.pattern)
            lines.append("\(source) /\(page.path) 200")
            lines.append("\(source)/ /\(page.path) 200")
        }
        pages.filter(\.isStatic).forEach(rules)
        for folder in folders { lines.append("\(folder)* \(folder):splat 200") }
        pages.filter { !$0.isStatic }.forEach(rules)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The pattern's path in `_redirects` syntax: literals percent-encoded, captures as `:name`
    /// placeholders (`:p1`, `:p2`, … for a name that is not letters and digits, or is `splat`).
    func netlifySource(_ pattern: RoutePattern) -> String {
        var captureIndex = 0
        let parts = pattern.segments.map { segment -> String in
            switch segment {
            case .literal(let text):
                return SafeURL.encodedPathSegment(text)
            case .capture(let name):
                captureIndex += 1
                let plain = name != "splat" && name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
                return ":" + (plain ? name : "p\(captureIndex)")
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    // MARK: Vercel

    /// `vercel.json`: the AASA's headers and one rewrite per pattern and its trailing-slash form.
    package var vercel: String {
        let headers: JSONValue = .array([
            .object([
                "source": .string("/.well-known/apple-app-site-association"),
                "headers": .array([
                    .object(["key": .string("Content-Type"), "value": .string("application/json")]),
                    .object(["key": .string("Cache-Control"), "value": .string(Self.associationCacheControl)]),
                ]),
            ]),
        ])
        var rewrites: [JSONValue] = []
        for page in pages {
            let source = vercelSource(page.pattern)
            for form in [source, source + "/"] {
                rewrites.append(.object(["source": .string(form), "destination": .string("/" + page.path)]))
            }
        }
        let document: JSONValue = .object(["headers": headers, "rewrites": .array(rewrites)])
        return String(decoding: document.serialized(layout: .indented), as: UTF8.self) + "\n"
    }

    /// The pattern's path as a Vercel `source` (path-to-regexp): literals percent-encoded (so no
    /// character of theirs is special), captures as `:name`.
    ///
    /// Vercel serves a file that exists before any rewrite and reserves `/.well-known`; still, a
    /// capture in the first segment is kept from matching the first segment of a reserved path
    /// (``reservedPaths``) by a negative lookahead, `:name((?!(?:index\.html|…)(?:/|$))[^/]+)`,
    /// the custom-parameter form Vercel documents.
    package func vercelSource(_ pattern: RoutePattern) -> String {
        let parts = pattern.segments.enumerated().map { index, segment -> String in
            switch segment {
            case .literal(let text): return SafeURL.encodedPathSegment(text)
            case .capture(let name): return ":" + name + (index == 0 ? "(\(Self.vercelFirstSegment))" : "")
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// A first path segment that does not begin a reserved path, as a path-to-regexp parameter
    /// pattern (which allows no capturing group, so every group is `(?:` or a lookahead).
    static var vercelFirstSegment: String {
        let names = Set(reservedPaths.map { String($0.dropFirst().split(separator: "/").first ?? "") })
        let alternatives = names.sorted().map { name in
            name.unicodeScalars.map { scalar in
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" ? String(scalar) : "\\" + String(scalar)
            }.joined()
        }
        return "(?!(?:" + alternatives.joined(separator: "|") + ")(?:/|$))[^/]+"
    }

    // MARK: Apache

    /// `.htaccess`: the AASA as JSON, `404.html` for unknown paths, and a rewrite per pattern
    /// (when mod_rewrite is loaded; without it share URLs fall back to `404.html`).
    package var apache: String {
        var lines = [
            "# The link domain \(domain), written by clipkit site build from clipkit.json.",
            "# Needs AllowOverride FileInfo, mod_mime, mod_headers and mod_rewrite, and Options FollowSymLinks",
            "# (or SymLinksIfOwnerMatch) on this folder for the rewrites.",
            #"<Files "apple-app-site-association">"#,
            "  ForceType application/json",
            #"  Header set Cache-Control "\#(Self.associationCacheControl)""#,
            "</Files>",
            "ErrorDocument 404 /404.html",
        ]
        if !pages.isEmpty {
            lines += [
                "<IfModule mod_rewrite.c>",
                "  RewriteEngine On",
                "  # The export's own files and /.well-known/ are served as they are, never rewritten;",
                "  # so is any file that exists.",
                // In a .htaccess file the pattern sees the path without its leading slash.
                "  RewriteRule \(Self.reservedPathRegex) - [NC,END]",
                "  RewriteCond %{REQUEST_FILENAME} -f",
                "  RewriteRule ^ - [END]",
            ]
            for page in pages {
                // END, not L: in a .htaccess file L starts another round with the new path, which a
                // pattern that captures at the root would rewrite again, and again.
                lines.append("  RewriteRule ^\(Self.regexPath(page.pattern))/?$ /\(page.path) [END]")
            }
            lines.append("</IfModule>")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The pattern's path as a regular expression over the decoded path, without the leading
    /// slash: a capture is `[^/]+`, a literal its decoded text with ASCII punctuation and spaces
    /// as `\xHH` (which PCRE and RE2 both read as that character).
    package static func regexPath(_ pattern: RoutePattern) -> String {
        pattern.segments.map { segment -> String in
            switch segment {
            case .capture: return "[^/]+"
            case .literal(let text): return regexLiteral(text)
            }
        }.joined(separator: "/")
    }

    /// `text` as a regular expression that matches exactly it.
    static func regexLiteral(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII, !(scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) {
                result += String(format: "\\x%02X", scalar.value)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    // MARK: Caddy

    /// `Caddyfile`: a site block for Caddy 2 that serves the export as the other hosts do.
    ///
    /// `CLIPKIT_SITE_ADDRESS` (default: the domain, with Caddy's automatic HTTPS) and
    /// `CLIPKIT_SITE_ROOT` (default `/srv/DOMAIN`) set the site's address and folder when Caddy
    /// reads the file; the host configuration files of the other hosts are hidden.
    package var caddyfile: String {
        var lines = [
            "# The link domain \(domain), written by clipkit site build from clipkit.json.",
            "# Run it with: caddy run --config Caddyfile --adapter caddyfile",
            "# CLIPKIT_SITE_ADDRESS (default \(domain)) and CLIPKIT_SITE_ROOT (default /srv/\(domain), the folder",
            "# clipkit site build wrote) override the site's address and folder.",
            "{$CLIPKIT_SITE_ADDRESS:\(domain)} {",
            "\troot * {$CLIPKIT_SITE_ROOT:/srv/\(domain)}",
            "",
            "\t@association path /.well-known/apple-app-site-association",
            "\theader @association Content-Type application/json",
            "\theader @association Cache-Control \"\(Self.associationCacheControl)\"",
            "\theader @association X-Content-Type-Options nosniff",
        ]
        if !pages.isEmpty {
            lines += [
                "",
                "\t# A share link is rewritten to its route's page unless it is one of the export's own paths",
                "\t# (/.well-known/, the AASA, index.html, 404.html, the route pages) or a file that exists.",
            ]
        }
        // Caddy's path matcher takes `*` at the end as a prefix; a folder is itself or its contents.
        let reserved = Self.reservedPaths.flatMap { $0.hasSuffix("/") ? [String($0.dropLast()), $0 + "*"] : [$0] }
        for (index, page) in pages.enumerated() {
            let matcher = "@share\(index + 1)"
            lines += [
                "\t# \(page.route): \(page.pattern.source)",
                "\t\(matcher) {",
                "\t\tpath_regexp ^/\(Self.regexPath(page.pattern))/?$",
                "\t\tnot path \(reserved.joined(separator: " "))",
                "\t\tnot file",
                "\t}",
                "\trewrite \(matcher) /\(page.path)",
            ]
        }
        lines += [
            "",
            "\tfile_server {",
            "\t\thide .htaccess _headers _redirects vercel.json Caddyfile",
            "\t}",
            "\thandle_errors {",
            "\t\t@notFound expression {http.error.status_code} == 404",
            "\t\thandle @notFound {",
            "\t\t\trewrite * /404.html",
            "\t\t\tfile_server",
            "\t\t}",
            "\t}",
            "}",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}
