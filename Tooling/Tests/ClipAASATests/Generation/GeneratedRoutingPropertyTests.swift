import ClipAASA
@_spi(ClipKitTooling) import ClipKit
import ClipTestSupport
import Foundation
import Testing

/// For every route of both example manifests, the generated AASA file sends the route's URLs (with
/// random, awkward parameter values) to the full app and to no other app, and leaves URLs outside
/// the routes unset. The invocation router is the oracle for which URLs belong to a route.
@Suite struct GeneratedRoutingPropertyTests {
    static let samplesPerPattern = 300

    struct Case {
        let manifest: ClipManifest
        let domain: String
        let matcher: AASAMatcher
        let router: InvocationRouter
    }

    static func cases() throws -> [Case] {
        var result: [Case] = []
        for manifest in [try ExampleManifests.roadflare(), try ExampleManifests.bluesky()] {
            let router = try InvocationRouter(manifest: manifest, parameterKinds: ExampleManifests.kinds)
            for (domain, document) in try AASAGenerator(manifest: manifest).documentsByDomain().sorted(by: { $0.key < $1.key }) {
                // Match against the bytes a server would serve, parsed back.
                let served = try AASADocument(parsing: document.encoded())
                result.append(Case(manifest: manifest, domain: domain, matcher: AASAMatcher(document: served), router: router))
            }
        }
        return result
    }

    @Test func routeURLsOpenTheFullAppAndNoOtherApp() throws {
        var random = SeededGenerator(seed: 0xA5A5_0001)
        var checked = 0
        for item in try Self.cases() {
            let app = item.manifest.appIdentifier
            for route in item.manifest.routes {
                for source in route.patterns {
                    let pattern = try RoutePattern(parsing: source)
                    guard pattern.host == item.domain else { continue }
                    for _ in 0..<Self.samplesPerPattern {
                        let url = RandomURLs.url(for: pattern, route: route, using: &random)
                        guard case .success(let routed) = item.router.route(url) else {
                            Issue.record("the sample \(url) does not route; the generator of samples is wrong")
                            continue
                        }
                        #expect(routed.route == route.name, "\(url)")
                        let forApp = try item.matcher.match(url, appID: app)
                        #expect(forApp.outcome == .match, "\(url) should open \(app)")
                        #expect(try item.matcher.match(url, appID: item.manifest.clipIdentifier).outcome == .unset, "\(url)")
                        #expect(try item.matcher.match(url, appID: Apps.other).outcome == .unset, "\(url)")
                        #expect(try item.matcher.match(url).appID == app, "\(url)")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked == 4 * Self.samplesPerPattern + 1 * Self.samplesPerPattern)
    }

    @Test func urlsOutsideTheRoutesAreUnset() throws {
        var random = SeededGenerator(seed: 0xA5A5_0002)
        var checked = 0
        for item in try Self.cases() {
            let app = item.manifest.appIdentifier
            let patterns = item.manifest.routes.flatMap { route in
                route.patterns.compactMap { try? RoutePattern(parsing: $0) }.filter { $0.host == item.domain }.map { (route, $0) }
            }
            // A domain whose only pattern starts with a capture (go.bsky.app/{code}) has no outside.
            let firstLiterals = patterns.compactMap { _, pattern -> String? in
                if case .literal(let text)? = pattern.segments.first { return text }
                return nil
            }
            guard firstLiterals.count == patterns.count else { continue }
            for _ in 0..<Self.samplesPerPattern {
                let (_, pattern) = patterns[Int.random(in: 0..<patterns.count, using: &random)]
                let outside = RandomURLs.outside(of: pattern, firstLiterals: Set(firstLiterals), using: &random)
                if case .success(let routed) = item.router.route(outside) {
                    Issue.record("\(outside) routes to \(routed.route); the outside generator is wrong")
                    continue
                }
                #expect(try item.matcher.match(outside, appID: app).outcome == .unset, "\(outside) should open no app")
                #expect(try item.matcher.match(outside).outcome == .unset, "\(outside)")
                checked += 1
            }
        }
        #expect(checked == 2 * Self.samplesPerPattern)
    }

    /// The generated file is never narrower than the router: every URL the router accepts opens the app.
    @Test func everyURLTheRouterAcceptsOpensTheApp() throws {
        var random = SeededGenerator(seed: 0xA5A5_0003)
        var routedCount = 0
        for item in try Self.cases() {
            let literals = item.manifest.routes.flatMap(\.patterns).compactMap { try? RoutePattern(parsing: $0) }
                .filter { $0.host == item.domain }
                .flatMap(\.segments).compactMap { segment -> String? in
                    if case .literal(let text) = segment { return text }
                    return nil
                }
            for _ in 0..<2_000 {
                let depth = Int.random(in: 0...4, using: &random)
                var path = ""
                for _ in 0..<depth {
                    let choice = Int.random(in: 0..<10, using: &random)
                    let segment: String
                    if choice < 5, let literal = literals.randomElement(using: &random) {
                        segment = literal
                    } else if choice < 8 {
                        segment = RandomURLs.value(kind: ["npub", "slug", "recordKey", "atIdentifier"].randomElement(using: &random) ?? "slug", using: &random)
                    } else {
                        segment = RandomURLs.awkwardText(using: &random)
                    }
                    path += "/" + RandomURLs.encodeSegment(segment, canonical: true, using: &random)
                }
                let url = "https://\(item.domain)\(path.isEmpty ? "/" : path)"
                guard case .success = item.router.route(url) else { continue }
                routedCount += 1
                #expect(try item.matcher.match(url, appID: item.manifest.appIdentifier).outcome == .match, "\(url)")
            }
        }
        #expect(routedCount > 100)
    }
}

/// Random URLs for route patterns, with awkward but valid parameter values.
enum RandomURLs {
    static let awkwardCharacters: [String] = [
        "a", "Z", "0", "-", "_", ".", "~", " ", "é", "日本", "🚗", "!", "$", "&", "'", "(", ")", "*", "+", ",", ";", "=",
        ":", "@", "%", "/", "?", "#", "[", "]", "\"", "<", ">", "\\", "^", "`", "{", "|", "}",
    ]

    static func awkwardText<G: RandomNumberGenerator>(using random: inout G) -> String {
        let count = Int.random(in: 1...12, using: &random)
        var text = ""
        for _ in 0..<count { text += awkwardCharacters.randomElement(using: &random) ?? "a" }
        return text == "." || text == ".." ? "a" + text : text
    }

    static func characters<G: RandomNumberGenerator>(_ alphabet: String, count: ClosedRange<Int>, using random: inout G) -> String {
        let pool = Array(alphabet)
        return String((0..<Int.random(in: count, using: &random)).compactMap { _ in pool.randomElement(using: &random) })
    }

    static func value<G: RandomNumberGenerator>(kind: String, using random: inout G) -> String {
        switch kind {
        case "npub":
            return "npub1" + characters(String(ExampleManifests.bech32Alphabet), count: 58...58, using: &random)
        case "slug":
            return characters("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_", count: 1...24, using: &random)
        case "recordKey":
            let key = characters("abcdefghijklmnopqrstuvwxyz234567ABCXYZ.-_:~", count: 1...20, using: &random)
            return key == "." || key == ".." ? "k" + key : key
        case "atIdentifier":
            if Bool.random(using: &random) {
                return "did:plc:" + characters("abcdefghijklmnopqrstuvwxyz234567", count: 24...24, using: &random)
            }
            let label = characters("abcdefghijklmnopqrstuvwxyz0123456789", count: 1...12, using: &random)
            return "\(label).bsky.social"
        default:
            return awkwardText(using: &random)
        }
    }

    /// A path segment as a URL carries it: characters outside unreserved and sub-delims escaped,
    /// and, at random, some unreserved ones escaped too (with random hex case).
    /// `text` written for a URL. A canonical segment is written as iOS writes URLs (unreserved
    /// characters as they are, escapes in upper case); otherwise unreserved characters are escaped
    /// at random and hex digits take either case, which only a wildcard still matches, because iOS
    /// compares the URL as written.
    static func encodeSegment<G: RandomNumberGenerator>(_ text: String, canonical: Bool = false, using random: inout G) -> String {
        let unreserved = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~".unicodeScalars)
        let subDelims = Set("!$&'()*+,;=:@".unicodeScalars)
        var result = ""
        for scalar in text.unicodeScalars {
            let keep = unreserved.contains(scalar) ? canonical || Int.random(in: 0..<8, using: &random) != 0 : subDelims.contains(scalar)
            if keep {
                result.unicodeScalars.append(scalar)
            } else {
                for byte in String(scalar).utf8 {
                    let hex = String(byte, radix: 16, uppercase: canonical || Bool.random(using: &random))
                    result += "%" + (hex.count == 1 ? "0" + hex : hex)
                }
            }
        }
        return result
    }

    static func url<G: RandomNumberGenerator>(for pattern: RoutePattern, route: ClipManifest.RouteDefinition, using random: inout G) -> String {
        var path = ""
        for segment in pattern.segments {
            switch segment {
            case .literal(let text): path += "/" + encodeSegment(text, canonical: true, using: &random)
            case .capture(let name): path += "/" + encodeSegment(value(kind: route.params[name] ?? "string", using: &random), using: &random)
            }
        }
        if Int.random(in: 0..<5, using: &random) == 0 { path += "/" }
        var url = "https://\(pattern.host)\(path.isEmpty ? "/" : path)"
        if Bool.random(using: &random) {
            url += "?" + encodeSegment(awkwardText(using: &random), using: &random) + "=" + encodeSegment(awkwardText(using: &random), using: &random)
        }
        if Int.random(in: 0..<3, using: &random) == 0 { url += "#" + encodeSegment(awkwardText(using: &random), using: &random) }
        return url
    }

    /// A URL near the pattern's that no route of the domain accepts: a literal changed in case or
    /// spelling, the captures dropped, or a path that starts with no route's first literal.
    static func outside<G: RandomNumberGenerator>(of pattern: RoutePattern, firstLiterals: Set<String>, using random: inout G) -> String {
        let literals = pattern.segments.enumerated().compactMap { index, segment -> (Int, String)? in
            if case .literal(let text) = segment { return (index, text) }
            return nil
        }
        var segments = pattern.segments.map { segment -> String in
            switch segment {
            case .literal(let text): return text
            case .capture: return "x1"
            }
        }
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
            if let (index, text) = literals.randomElement(using: &random) { segments[index] = text.uppercased() }
        case 1:
            if let (index, text) = literals.randomElement(using: &random) { segments[index] = text + characters("xyz", count: 1...2, using: &random) }
        case 2:
            segments = literals.map(\.1)
        default:
            var word = characters("abcdefghijklmnopqrstuvwxyz", count: 1...8, using: &random)
            while firstLiterals.contains(word) { word += "q" }
            segments = [word] + segments.dropFirst()
        }
        return "https://\(pattern.host)/" + segments.joined(separator: "/")
    }
}
