@_spi(ClipKitTooling) import ClipKit
import Foundation

/// A route pattern of the exported domain and the static page that answers its share URLs.
struct StaticRoutePage: Sendable, Equatable {
    /// The route's name.
    let route: String
    /// The pattern whose URLs the page answers.
    let pattern: RoutePattern
    /// The page's path in the export, without a leading `/`, such as `clipkit-pages/driverShare.html`.
    let path: String

    /// The folder that holds the route pages.
    static let folder = "clipkit-pages"

    /// The path of the page of a route's `index`th pattern on one domain (counting from 0): the
    /// first is `clipkit-pages/ROUTE.html`, the next `clipkit-pages/ROUTE-2.html`, and so on.
    /// Route names are identifiers (the manifest's schema), so the path needs no escaping.
    static func path(route: String, index: Int) -> String {
        index == 0 ? "\(folder)/\(route).html" : "\(folder)/\(route)-\(index + 1).html"
    }

    /// Whether the pattern captures nothing, so matches exactly one path.
    var isStatic: Bool { pattern.captureNames.isEmpty }
}

/// The files that tell each static host how to serve the export: the AASA as JSON, share URLs
/// rewritten to their route's page with status 200, `404.html` for anything else.
///
/// Each host's rules for a pattern `https://roadflare.app/share/d/{npub}` whose page is
/// `clipkit-pages/driverShare.html`:
/// - Netlify and Cloudflare Pages, `_redirects`: `/share/d/:npub /clipkit-pages/driverShare.html 200`,
///   and the same with a trailing slash (a status of 200 makes the rule a rewrite; Cloudflare
///   proxies only to paths of the same site, which these are).
/// - Vercel, `vercel.json`: `{"source": "/share/d/:npub", "destination": "/clipkit-pages/driverShare.html"}`
///   in `rewrites`, and the trailing-slash form.
/// - Apache, `.htaccess`: `RewriteRule ^share/d/[^/]+/?$ /clipkit-pages/driverShare.html [L]`.
/// - Caddy, `Caddyfile`: a `path_regexp` matcher and a `rewrite` to the page.
///
/// A capture matches one non-empty segment and a literal matches itself, as the router does.
/// Apache and Caddy match the percent-decoded path, so their literals are decoded text with every
/// ASCII character other than a letter or digit written as a `\xHH` escape; Netlify, Cloudflare
/// and Vercel are given percent-encoded literals.
struct HostingConfiguration: Sendable {
    /// The domain the export serves.
    let domain: String
    /// The route pages, static patterns first (Cloudflare wants static rules before dynamic ones),
    /// then in the manifest's order.
    let pages: [StaticRoutePage]

    /// The `Cache-Control` every host's configuration sets on the AASA file.
    static let associationCacheControl = "public, max-age=3600"

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
    /// trailing-slash form.
    var netlifyRedirects: String {
        var lines = [
            "# Share links of \(domain), answered by their route's page with status 200 (Netlify, Cloudflare Pages).",
            "# Written by clipkit site build from clipkit.json.",
        ]
        for page in pages {
            let source = netlifySource(page.pattern)
            lines.append("\(source) /\(page.path) 200")
            lines.append("\(source)/ /\(page.path) 200")
        }
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
    var vercel: String {
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
    func vercelSource(_ pattern: RoutePattern) -> String {
        let parts = pattern.segments.map { segment -> String in
            switch segment {
            case .literal(let text): return SafeURL.encodedPathSegment(text)
            case .capture(let name): return ":" + name
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    // MARK: Apache

    /// `.htaccess`: the AASA as JSON, `404.html` for unknown paths, and a rewrite per pattern
    /// (when mod_rewrite is loaded; without it share URLs fall back to `404.html`).
    var apache: String {
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
            lines.append("<IfModule mod_rewrite.c>")
            lines.append("  RewriteEngine On")
            for page in pages {
                // In a .htaccess file the pattern sees the path without its leading slash.
                lines.append("  RewriteRule ^\(Self.regexPath(page.pattern))/?$ /\(page.path) [L]")
            }
            lines.append("</IfModule>")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The pattern's path as a regular expression over the decoded path, without the leading
    /// slash: a capture is `[^/]+`, a literal its decoded text with ASCII punctuation and spaces
    /// as `\xHH` (which PCRE and RE2 both read as that character).
    static func regexPath(_ pattern: RoutePattern) -> String {
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
    var caddyfile: String {
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
        if !pages.isEmpty { lines.append("") }
        for (index, page) in pages.enumerated() {
            let matcher = "@share\(index + 1)"
            lines.append("\t# \(page.route): \(page.pattern.source)")
            lines.append("\t\(matcher) path_regexp ^/\(Self.regexPath(page.pattern))/?$")
            lines.append("\trewrite \(matcher) /\(page.path)")
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
