@_spi(ClipKitTooling) import ClipKit
import ClipSite
import ClipTestSupport
import Foundation
import Testing

/// The generated `_redirects` and `vercel.json`, parsed by the grammar each host documents (no
/// such host runs here), then applied to share URLs of every example with that grammar's matching
/// rules: each share URL must land on its route's page, which must exist in the export, and no
/// other path may be rewritten.
///
/// `_redirects` (Netlify and Cloudflare Pages share the format):
/// - https://docs.netlify.com/routing/redirects/ — one rule a line, `from to [status]`, `#`
///   comments, paths case-sensitive with special characters percent-encoded; `:name` placeholders
///   match one path segment, `*` (a splat) only at the end.
/// - https://docs.netlify.com/routing/redirects/rewrites-proxies/ — status `200` makes a rule a
///   rewrite: the address bar keeps the URL.
/// - https://developers.cloudflare.com/pages/configuration/redirects/ — `[source] [destination]
///   [code?]` a line; at most 2,000 static and 100 dynamic rules, 1,000 characters a rule; static
///   rules before dynamic ones; the topmost matching rule applies; proxying (status 200) only to
///   relative URLs of the same site.
///
/// `vercel.json` (https://vercel.com/docs/rewrites and https://vercel.com/docs/project-configuration):
/// `rewrites` is an array of `{"source", "destination"}`; a source is a path whose `:name`
/// parameters match one segment, or what the regular expression in `:name(…)` matches
/// (path-to-regexp), a destination a path of the project; `/.well-known` is reserved and cannot be
/// rewritten; files are served before rewrites.
///
/// The export's own paths (`/.well-known/…`, `/apple-app-site-association`, `/index.html`,
/// `/404.html`, the route pages) are checked against every example and against routes that
/// capture at the root: no `_redirects` rule may send them anywhere but to themselves (Cloudflare
/// Pages follows rules even where a file exists), and no Vercel source may match them. No Netlify,
/// Cloudflare or Vercel runs here; Apache and Caddy, which do, are in ``StaticHostRewriteTests``.
@Suite struct HostFormatTests {
    /// The examples' domains, and routes that capture at the root, with share URLs of every route
    /// pattern (filled with sample values) and paths that no route serves.
    static let examples = StaticHostRewriteTests.exports

    static let unroutedPaths = ["/", "/share", "/share/d", "/share/d/", "/no/such/page", "/.well-known/apple-app-site-association", "/404.html"]

    struct Export {
        let output: StaticSite
        let pages: [(path: String, page: String)]
        let patterns: [RoutePattern]

        /// Whether a route pattern matches `path` by the router's structure (a capture is one
        /// non-empty segment, one trailing slash tolerated), kinds aside: such a path is a share URL
        /// to the hosts too. On `go.bsky.app`, whose pattern is `/{code}`, `/404.html` is one.
        func isShareShaped(_ path: String) -> Bool {
            var segments = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            if segments.count > 1, segments.last == "" { segments.removeLast() }
            return patterns.contains { pattern in
                pattern.segments.count == segments.count && zip(pattern.segments, segments).allSatisfy { segment, text in
                    switch segment {
                    case .literal(let literal): return literal == text
                    case .capture: return !text.isEmpty
                    }
                }
            }
        }
    }

    /// The export of `domain` and, for each pattern, a share path and the page it must land on.
    static func export(_ example: StaticHostRewriteTests.Export) throws -> Export {
        let builder = StaticSiteBuilder(site: try example.site())
        let output = try builder.build(forDomain: example.domain)
        var pages: [(String, String)] = []
        for page in builder.routePages(domain: example.domain) {
            var values: [String: String] = [:]
            for (index, name) in page.pattern.captureNames.enumerated() { values[name] = "v\(index)-\(name)" }
            let url = try #require(page.pattern.url(filling: values))
            let path = String(url.dropFirst("https://".count + page.pattern.host.count))
            pages.append((path, "/" + page.path))
            pages.append((path + "/", "/" + page.path))
        }
        #expect(!pages.isEmpty, "\(example.domain) has share routes")
        return Export(output: output, pages: pages, patterns: builder.routePages(domain: example.domain).map(\.pattern))
    }

    /// The export's own paths, which no rule may rewrite elsewhere: the AASA at both paths, the
    /// home and not-found pages, every route page, and other paths under `/.well-known/`.
    static func ownPaths(of export: Export) -> [String] {
        let pages = export.output.paths.filter { $0.hasPrefix(StaticRoutePage.folder + "/") }.map { "/" + $0 }
        return ["/.well-known/apple-app-site-association", "/apple-app-site-association", "/index.html", "/404.html",
                "/.well-known/assetlinks.json", "/.well-known/a/b"] + pages
    }

    // MARK: _redirects

    struct RedirectRule {
        let source: [String]
        let destination: String
        let status: Int
        var isDynamic: Bool { source.contains { $0.hasPrefix(":") || $0 == "*" } }
    }

    /// Parses `_redirects` by the documented grammar; a line that does not fit is a failure.
    static func parseRedirects(_ text: String) throws -> [RedirectRule] {
        var rules: [RedirectRule] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            #expect(line.count <= 1000, "line \(number + 1) is longer than Cloudflare's 1,000 characters")
            let fields = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard fields.count == 3, let status = Int(fields[2]) else {
                throw FormatFailure(description: "line \(number + 1) is not 'from to status': \(line)")
            }
            let source = fields[0]
            guard source.hasPrefix("/") else { throw FormatFailure(description: "line \(number + 1): the source does not start with /") }
            let segments = source.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            for (index, segment) in segments.enumerated() {
                if segment == "*" {
                    #expect(index == segments.count - 1, "line \(number + 1): a splat only ends a path")
                } else if segment.hasPrefix(":") {
                    let name = segment.dropFirst()
                    #expect(!name.isEmpty && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } && name != "splat",
                            "line \(number + 1): placeholder '\(segment)'")
                } else {
                    // A literal: unreserved characters and percent-escapes only.
                    #expect(segment.isEmpty && index == segments.count - 1 || isPercentEncodedLiteral(segment),
                            "line \(number + 1): literal '\(segment)' is not percent-encoded")
                }
            }
            let destination = fields[1]
            #expect(destination.hasPrefix("/") && !destination.hasPrefix("//"), "line \(number + 1): Cloudflare proxies only to relative URLs")
            rules.append(RedirectRule(source: segments, destination: destination, status: status))
        }
        return rules
    }

    static func isPercentEncodedLiteral(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, Hex.byte(high: bytes[index + 1], low: bytes[index + 2]) != nil else { return false }
                index += 3
                continue
            }
            guard byte < 0x80, Character(UnicodeScalar(byte)).isLetter || Character(UnicodeScalar(byte)).isNumber || "-._~".utf8.contains(byte) else {
                return false
            }
            index += 1
        }
        return !bytes.isEmpty
    }

    /// The first rule whose source matches `path` (a placeholder matches one non-empty segment,
    /// a splat the rest), as both hosts apply them.
    static func firstMatch(_ path: String, in rules: [RedirectRule]) -> RedirectRule? {
        let segments = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        return rules.first { rule in
            if rule.source.last == "*" {
                let fixed = rule.source.dropLast()
                return segments.count >= fixed.count && zip(fixed, segments).allSatisfy { matches($0, $1) }
            }
            return rule.source.count == segments.count && zip(rule.source, segments).allSatisfy { matches($0, $1) }
        }
    }

    static func matches(_ pattern: String, _ segment: String) -> Bool {
        pattern.hasPrefix(":") ? !segment.isEmpty : pattern == segment
    }

    /// Where `rule` sends `path` (which it matches): its destination with `:splat` replaced by
    /// what the splat matched.
    static func destination(of rule: RedirectRule, for path: String) -> String {
        guard rule.source.last == "*" else { return rule.destination }
        let fixed = rule.source.dropLast().count
        let rest = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false).dropFirst(fixed).joined(separator: "/")
        return rule.destination.replacingOccurrences(of: ":splat", with: rest)
    }

    @Test func redirectsFollowTheDocumentedFormatAndLandEachShareURLOnItsPage() throws {
        for example in Self.examples {
            let export = try Self.export(example)
            let text = String(decoding: try #require(export.output.files["_redirects"]), as: UTF8.self)
            let rules = try Self.parseRedirects(text)
            let statuses = Set(rules.map(\.status))
            #expect(statuses == [200], "every rule is a rewrite")
            let dynamic = rules.filter(\.isDynamic).count
            #expect(rules.count - dynamic <= 2000 && dynamic <= 100, "Cloudflare's limits")
            if let firstDynamic = rules.firstIndex(where: \.isDynamic) {
                let staticAfterDynamic = rules[firstDynamic...].contains { !$0.isDynamic }
                #expect(!staticAfterDynamic, "\(example.name): static rules come first")
            }
            for rule in rules {
                #expect(Self.passesThrough(rule) || export.output.files[String(rule.destination.dropFirst())] != nil, "\(rule.destination) is not in the export")
            }
            for (path, page) in export.pages {
                #expect(Self.firstMatch(path, in: rules)?.destination == page, "\(example.name)\(path)")
            }
            // The export's own paths go nowhere but to themselves, whatever the routes capture.
            for path in Self.ownPaths(of: export) {
                if let rule = Self.firstMatch(path, in: rules) {
                    #expect(Self.destination(of: rule, for: path) == path, "\(example.name)\(path) is rewritten to \(rule.destination)")
                }
            }
            for path in Self.unroutedPaths where !export.isShareShaped(path) {
                if let rule = Self.firstMatch(path, in: rules) {
                    #expect(Self.destination(of: rule, for: path) == path, "\(example.name)\(path) must not be rewritten")
                }
            }
        }
    }

    /// Whether `rule` rewrites what it matches to the same path (a file, or a folder's splat).
    static func passesThrough(_ rule: RedirectRule) -> Bool {
        let source = "/" + rule.source.joined(separator: "/")
        return rule.source.last == "*" ? rule.destination == source.dropLast() + ":splat" : rule.destination == source
    }

    @Test func redirectsPassTheExportsOwnFilesThroughBeforeAnyRouteRule() throws {
        let example = try #require(Self.examples.first { $0.name == "both at the root" })
        let export = try Self.export(example)
        let rules = try Self.parseRedirects(String(decoding: try #require(export.output.files["_redirects"]), as: UTF8.self))
        let routeRules = rules.filter { !Self.passesThrough($0) }
        // Without the pass-through rules a route's rule would catch each of these paths (of one or two segments).
        for path in Self.ownPaths(of: export) where path.split(separator: "/").count <= 2 {
            #expect(Self.firstMatch(path, in: routeRules) != nil, "\(path) has the shape of a share link here")
            let rule = try #require(Self.firstMatch(path, in: rules))
            #expect(Self.passesThrough(rule), "\(path) is rewritten to \(rule.destination)")
        }
        let firstRoute = try #require(rules.firstIndex { !Self.passesThrough($0) })
        let lastPassThrough = try #require(rules.lastIndex(where: Self.passesThrough))
        #expect(lastPassThrough < firstRoute, "every pass-through rule comes before the routes' rules")
    }

    @Test func aLiteralWithSpecialCharactersIsEncodedForEveryHost() throws {
        let pattern = try RoutePattern(parsing: "https://shop.example/caf%C3%A9/a:b(c)!/{item}")
        let hosting = HostingConfiguration(domain: "shop.example", pages: [StaticRoutePage(route: "item", pattern: pattern, path: "clipkit-pages/item.html")])
        let rules = try Self.parseRedirects(hosting.netlifyRedirects).filter { !Self.passesThrough($0) }
        #expect(rules.first?.source == ["caf%C3%A9", "a%3Ab%28c%29%21", ":item"])
        #expect(Self.firstMatch("/caf%C3%A9/a%3Ab%28c%29%21/latte", in: rules)?.destination == "/clipkit-pages/item.html")
        #expect(hosting.vercelSource(pattern) == "/caf%C3%A9/a%3Ab%28c%29%21/:item")
        #expect(HostingConfiguration.regexPath(pattern) == #"café/a\x3Ab\x28c\x29\x21/[^/]+"#)
    }

    // MARK: vercel.json

    @Test func vercelRewritesFollowTheDocumentedFormatAndLandEachShareURLOnItsPage() throws {
        for example in Self.examples {
            let export = try Self.export(example)
            let document = try JSONValue(strictlyParsing: try #require(export.output.files["vercel.json"]))
            guard case .object(let members) = document else { throw FormatFailure(description: "vercel.json is not an object") }
            #expect(Set(members.keys) == ["headers", "rewrites"])
            let headers = try #require(members["headers"]?.arrayValue)
            #expect(headers.contains { $0["source"]?.stringValue == "/.well-known/apple-app-site-association" })
            var rules: [(NSRegularExpression, String)] = []
            for rewrite in try #require(members["rewrites"]?.arrayValue) {
                guard case .object(let fields) = rewrite else { throw FormatFailure(description: "a rewrite is not an object") }
                #expect(Set(fields.keys) == ["source", "destination"])
                let source = try #require(fields["source"]?.stringValue)
                let destination = try #require(fields["destination"]?.stringValue)
                #expect(source.hasPrefix("/") && !source.hasPrefix("/.well-known"), "\(source): /.well-known is reserved")
                // path-to-regexp: `:name` (word characters) is a parameter; ( ) * + ? { } and : elsewhere
                // are syntax, so literals must not carry them.
                let expression = try Self.vercelExpression(source)
                #expect(destination.hasPrefix("/") && export.output.files[String(destination.dropFirst())] != nil, "\(destination)")
                rules.append((expression, destination))
            }
            func firstMatch(_ path: String) -> String? {
                rules.first { $0.0.firstMatch(in: path, range: NSRange(path.startIndex..., in: path)) != nil }?.1
            }
            for (path, page) in export.pages {
                #expect(firstMatch(path) == page, "\(example.name)\(path)")
            }
            // No source matches the export's own paths, whatever the routes capture.
            for path in Self.ownPaths(of: export) {
                #expect(firstMatch(path) == nil, "\(example.name)\(path) is rewritten to \(firstMatch(path) ?? "")")
            }
            for path in Self.unroutedPaths where !export.isShareShaped(path) {
                #expect(firstMatch(path) == nil, "\(example.name)\(path) must not be rewritten")
            }
        }
    }

    /// A Vercel `source` as the regular expression path-to-regexp makes of it, anchored at both
    /// ends: a literal segment matches itself, `:name` one segment, `:name(pattern)` what the
    /// pattern matches. Literals must be percent-encoded and carry none of path-to-regexp's syntax
    /// characters, names must be word characters, and a pattern may hold no capturing group.
    static func vercelExpression(_ source: String) throws -> NSRegularExpression {
        #expect(source.hasPrefix("/"), "\(source)")
        var expression = "^"
        let segments = source.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        var index = 0
        while index < segments.count {
            var segment = segments[index]
            if segment.hasPrefix(":") {
                // A custom pattern may hold `/`, which split the segment; join it back up to the ')' that closes it.
                if let open = segment.firstIndex(of: "(") {
                    while segment.filter({ $0 == "(" }).count != segment.filter({ $0 == ")" }).count, index + 1 < segments.count {
                        index += 1
                        segment += "/" + segments[index]
                    }
                    let name = segment[segment.index(after: segment.startIndex)..<open]
                    #expect(!name.isEmpty && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }, "\(source)")
                    #expect(segment.hasSuffix(")"), "\(source): '\(segment)'")
                    let pattern = String(segment[segment.index(after: open)..<segment.index(before: segment.endIndex)])
                    let groups = pattern.indices.filter { pattern[$0] == "(" && pattern[pattern.index(after: $0)...].first != "?" }
                    #expect(groups.isEmpty, "\(source): path-to-regexp allows no capturing group in a parameter's pattern")
                    expression += "/(?:" + pattern + ")"
                } else {
                    #expect(segment.dropFirst().allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") } && segment.count > 1, "\(source)")
                    expression += "/[^/]+"
                }
            } else {
                #expect(segment.isEmpty && index == segments.count - 1 || Self.isPercentEncodedLiteral(segment), "\(source): '\(segment)'")
                expression += "/" + NSRegularExpression.escapedPattern(for: segment)
            }
            index += 1
        }
        return try NSRegularExpression(pattern: expression + "$")
    }

    struct FormatFailure: Error, CustomStringConvertible {
        let description: String
    }
}
