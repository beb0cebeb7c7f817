@_spi(ClipKitTooling) import ClipKit
@_spi(ClipKitTooling) import ClipManifestReader
import ClipTestSupport
import Foundation
import Testing

/// The paths where iOS reads a domain's AASA file belong to the file: the checker refuses a route
/// under `/.well-known/`, warns about a route whose captures can match an AASA path, and the router
/// never matches those paths, as the link domain's server and static hosts serve the file there.
@Suite struct AssociationFilePathTests {
    let bluesky: String

    init() throws {
        bluesky = try String(contentsOf: TestEnvironment.file("Examples/bluesky/clipkit.json"), encoding: .utf8)
    }

    /// The Bluesky manifest with its short-link pattern replaced by `pattern`, whose captures are strings.
    func manifest(shortLink pattern: String) throws -> JSONValue {
        #expect(bluesky.contains("\"https://go.bsky.app/{code}\"") && bluesky.contains("\"params\": { \"code\": \"slug\" },"))
        let text = bluesky.replacingOccurrences(of: "\"https://go.bsky.app/{code}\"", with: "\"\(pattern)\"")
            .replacingOccurrences(of: "\"params\": { \"code\": \"slug\" },", with: "")
        return try JSONValue(strictlyParsing: Data(text.utf8))
    }

    @Test func theExamplesHaveNoWarningsButGoBskyAppsRootCapture() throws {
        let validator = ManifestValidator(parameterKinds: .standard.registering(ParameterKind(name: "npub") { .accepted($0) }))
        for example in ["roadflare", "coffee-shop"] {
            let document = try JSONValue(strictlyParsing: try Data(contentsOf: TestEnvironment.file("Examples/\(example)/clipkit.json")))
            #expect(validator.warnings(in: document).isEmpty, "\(example)")
        }
        // go.bsky.app/{code} captures the root's one segment, so it matches /apple-app-site-association.
        let warnings = validator.warnings(in: try JSONValue(strictlyParsing: Data(bluesky.utf8)))
        #expect(warnings.map(\.path) == ["$.routes[1].pattern"])
        #expect(warnings.first?.message.contains("https://go.bsky.app/apple-app-site-association") == true, "\(warnings)")
        #expect(validator.issues(in: try JSONValue(strictlyParsing: Data(bluesky.utf8))).isEmpty, "a warning keeps the manifest valid")
    }

    @Test(arguments: ["https://go.bsky.app/.well-known/{x}", "https://go.bsky.app/.well-known/apple-app-site-association", "https://go.bsky.app/.well-known/a/{b}"])
    func aRouteUnderWellKnownIsRefused(_ pattern: String) throws {
        let issues = ManifestValidator().issues(in: try manifest(shortLink: pattern))
        #expect(issues.map(\.path) == ["$.routes[1].pattern"], "\(issues)")
        let message = try #require(issues.first?.message)
        #expect(message.contains("lies under /.well-known/"), "\(message)")
        #expect(message.contains("apple-app-site-association file iOS reads at /.well-known/apple-app-site-association"), "\(message)")
        #expect(message.contains("move the route to a path of its own"), "\(message)")
        #expect(throws: ManifestError.self) { try ManifestLoader().load(data: Data(try manifest(shortLink: pattern).serialized())) }
    }

    @Test func capturesThatCanMatchAnAASAPathAreAWarning() throws {
        let cases: [(pattern: String, matched: [String])] = [
            ("https://go.bsky.app/{a}/{b}", ["https://go.bsky.app/.well-known/apple-app-site-association"]),
            ("https://go.bsky.app/{a}/apple-app-site-association", ["https://go.bsky.app/.well-known/apple-app-site-association"]),
            ("https://go.bsky.app/{code}", ["https://go.bsky.app/apple-app-site-association"]),
            ("https://go.bsky.app/apple-app-site-association", ["https://go.bsky.app/apple-app-site-association"]),
            ("https://go.bsky.app/s/{code}", []),
            ("https://go.bsky.app/{a}/{b}/{c}", []),
            ("https://go.bsky.app/{a}/b", []),
        ]
        for (pattern, matched) in cases {
            let document = try manifest(shortLink: pattern)
            #expect(ManifestValidator().issues(in: document).isEmpty, "\(pattern)")
            let warnings = ManifestValidator().warnings(in: document)
            #expect(warnings.count == (matched.isEmpty ? 0 : 1), "\(pattern): \(warnings)")
            guard let warning = warnings.first else { continue }
            #expect(warning.path == "$.routes[1].pattern")
            for url in matched { #expect(warning.message.contains("also matches \(url),"), "\(warning.message)") }
            #expect(warning.message.contains("gets the AASA file, not the route's page"), "\(warning.message)")
        }
    }

    @Test func theRouterNeverMatchesTheAASAPathsAndSaysWhy() throws {
        let manifest = try ManifestLoader().load(data: Data(try manifest(shortLink: "https://go.bsky.app/{a}/{b}").serialized()))
        var rootCode = manifest
        rootCode.routes[1].patterns = ["https://go.bsky.app/{code}"]
        for (model, url) in [
            (manifest, "https://go.bsky.app/.well-known/apple-app-site-association"),
            (manifest, "https://go.bsky.app/.well-known/apple-app-site-association/"),
            (manifest, "https://go.bsky.app/%2Ewell-known/apple-app-site-association"),
            (manifest, "https://go.bsky.app/.well-known/assetlinks.json"),
            (rootCode, "https://go.bsky.app/apple-app-site-association"),
            (rootCode, "https://go.bsky.app/.well-known"),
        ] {
            let router = try InvocationRouter(manifest: model)
            guard case .failure(let failure) = router.route(url) else {
                Issue.record("\(url) matched a route")
                continue
            }
            #expect(failure.description.contains("iOS reads the domain's apple-app-site-association file"), "\(failure.description)")
            #expect(failure.description.contains("never a route's page"), "\(failure.description)")
        }
        // Paths of the same shape that are not the AASA's still match.
        #expect((try? InvocationRouter(manifest: manifest).route("https://go.bsky.app/well-known/apple-app-site-association").get())?.route == "starterPackShortLink")
        #expect((try? InvocationRouter(manifest: rootCode).route("https://go.bsky.app/abc123").get())?.route == "starterPackShortLink")
        // Other paths that match nothing keep the plain reason.
        guard case .failure(let other) = try InvocationRouter(manifest: rootCode).route("https://go.bsky.app/a/b/c") else {
            Issue.record("matched")
            return
        }
        #expect(other.description == "no route matches the path '/a/b/c'")
    }
}
