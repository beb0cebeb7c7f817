import ClipAppStoreConnect
import ClipKit
import ClipManifestReader
import ClipTestSupport
import ClipToolingTestSupport
import Foundation
import Testing

/// The Local Experiences a manifest gives: one row per clip route's prefix and one for the default
/// App Clip link, each with an `_XCAppClipURL` that routes to its own route.
@Suite struct LocalExperiencePlanTests {
    @Test func eachRouteGetsASampleThatRoutesToItEvenWhenAnEarlierRouteTakesTheFirstSample() throws {
        var manifest = try ExampleManifest.load("coffee-shop")
        // An app route listed first takes the first sample URL of `table` (its store captured as "clipkit-sample").
        manifest.routes.insert(
            ClipManifest.RouteDefinition(name: "kiosk", patterns: ["https://brew.example/s/clipkit-sample/t/{table}"], handledBy: .app, params: ["table": "integer"]),
            at: 0
        )
        let plan = LocalExperiencePlan(manifest: manifest)
        #expect(plan.rows.map(\.source) == ["route table", "route store", "default link"])
        let router = try InvocationRouter(manifest: manifest)
        for (row, route) in zip(plan.rows, ["table", "store"]) {
            let match = try router.route(row.xcodeAppClipURL).get()
            #expect(match.route == route, "\(row.xcodeAppClipURL)")
            #expect(row.xcodeAppClipURL.hasPrefix(row.urlPrefix))
            #expect(row.bundleID == "com.example.Brew.Clip" && row.action == "Open" && row.title == "Brew")
        }
        #expect(!plan.rows[0].xcodeAppClipURL.contains("/s/clipkit-sample/"), "\(plan.rows[0].xcodeAppClipURL)")
        #expect(plan.rows.last?.urlPrefix == "https://appclip.apple.com/id?p=com.example.Brew.Clip")
    }

    /// A manifest that names demo links gets a row for each, whose URL routes to the default experience.
    @Test func theDemoLinkGetsARowThatRoutes() throws {
        let manifest = try ManifestLoader().load(contentsOf: TestEnvironment.file("Tests/Fixtures/ticketing/clipkit.json"))
        let plan = LocalExperiencePlan(manifest: manifest)
        #expect(plan.rows.suffix(3).map(\.source) == ["default link", "demo link", "demo link"])
        let demos = plan.rows.suffix(2)
        #expect(demos.map(\.urlPrefix) == manifest.clip.demoLinks && demos.map(\.xcodeAppClipURL) == manifest.clip.demoLinks)
        for demo in demos {
            #expect(try InvocationRouter(manifest: manifest).route(demo.xcodeAppClipURL).get().route == "boxOffice")
        }
        // Without one, there is no such row.
        #expect(!LocalExperiencePlan(manifest: try ExampleManifest.load("coffee-shop")).rows.contains { $0.source == "demo link" })
    }

    @Test func appRoutesGiveNoRow() throws {
        let manifest = try ExampleManifest.load("coffee-shop")
        #expect(!LocalExperiencePlan(manifest: manifest).rows.contains { $0.source == "route receipt" })
    }
}
