import ClipKit
import ClipKitCLI
import ClipManifestReader
import ClipNostr
import ClipTestSupport
import Foundation
import Testing

/// The RoadFlare example manifest: driver shares open the clip, rider shares only the full app,
/// and a path segment that is not a valid npub never matches.
@Suite struct RoadFlareRoutingTableTests {
    static let npub = "npub180cvv07tjdrrgpa0j7j7tmnyl2yr6yr7l8j4s3evf6u64th6gkwsyjh6w6"
    let router: InvocationRouter

    init() throws {
        let kinds = CommandEnvironment.parameterKinds
        let manifest = try ManifestLoader(parameterKinds: kinds).load(contentsOf: TestEnvironment.file("Examples/roadflare/clipkit.json"))
        router = try InvocationRouter(manifest: manifest, parameterKinds: kinds)
    }

    @Test(arguments: [
        ("https://roadflare.app/share/d/\(npub)", "driverShare", ClipManifest.Handler.clip),
        ("https://roadflare.app/share/d/\(npub)/", "driverShare", .clip),
        ("https://RoadFlare.App/share/d/\(npub)?utm_source=x", "driverShare", .clip),
        ("https://roadflare.app/share/d/\(npub.uppercased())", "driverShare", .clip),
        ("https://roadflare.app/share/r/\(npub)", "riderShare", .app),
    ])
    func matches(url: String, route: String, handler: ClipManifest.Handler) throws {
        let match = try router.route(url).get()
        #expect(match.route == route)
        #expect(match.handledBy == handler)
        #expect(match.parameters == ["npub": Self.npub])
    }

    @Test(arguments: [
        "https://roadflare.app/share/d/",
        "https://roadflare.app/share/d/\(npub)/extra",
        "https://roadflare.app/share/x/\(npub)",
        "https://roadflare.app/Share/d/\(npub)",
        "https://roadflare.app/",
    ])
    func pathsThatDoNotMatch(url: String) {
        guard case .failure(.noPatternMatches) = router.route(url) else {
            Issue.record("\(url) must not match")
            return
        }
    }

    @Test(arguments: [
        "https://roadflare.app/share/d/npub1invalid",
        "https://roadflare.app/share/d/\(String(npub.dropLast()))x",
        "https://roadflare.app/share/d/3bf0c63fcb93463407af97a5e5ee64fa883d107ef9e558472c4eb9aaaefa459d",
        "https://roadflare.app/share/d/note1xyz",
        "https://roadflare.app/share/d/%3Cscript%3E",
    ])
    func badNpubsAreRejectedWithAReason(url: String) {
        guard case .failure(.parameterRejected(route: "driverShare", parameter: "npub", kind: "npub", let reason)) = router.route(url) else {
            Issue.record("\(url) must be rejected for its npub")
            return
        }
        #expect(!reason.isEmpty)
    }

    @Test(arguments: [
        "https://roadflare.app.evil.com/share/d/\(npub)",
        "https://www.roadflare.app/share/d/\(npub)",
        "https://roadflare.app@evil.com/share/d/\(npub)",
        "http://roadflare.app/share/d/\(npub)",
        "roadflared://share/d/\(npub)",
    ])
    func hostAndSchemeTricksNeverMatch(url: String) {
        if case .success = router.route(url) { Issue.record("\(url) must not match") }
    }
}
