import ClipKit
import ClipManifestReader
import ClipServer
import ClipSite
import ClipTestSupport
import Foundation
import Testing

/// Share pages of routes that read query items, over real HTTP (curl): the query takes part in the
/// routing, as it does in the clip, so a link the clip refuses gets no page and each query its own.
@Suite struct QueryItemSharePageTests {
    @Test func aRouteThatReadsQueryItemsIsRoutedWithTheQuery() async throws {
        var manifest = try ManifestLoader().load(contentsOf: TestEnvironment.file("Tests/Fixtures/museum/clipkit.json"))
        manifest.routes[0].query["lang"] = ClipManifest.QueryItem(kind: "slug", isRequired: true)
        let site = try LinkDomainSite(manifest: manifest, associationFiles: ["museum.example": Data(#"{"applinks":{"details":[]}}"#.utf8)])
        #expect(site.readsQuery)
        #expect(site.match(path: "/x/42?lang=fr", host: "museum.example")?.parameters == ["exhibit": "42", "lang": "fr"])
        let server = try await RunningServer(site: site)
        let french = try await Curl.request(server.baseURL + "/x/42?lang=fr")
        #expect(french.status == 200)
        #expect(french.body.contains("https://museum.example/x/42?lang=fr"), "the page is the link's, query included")
        // The route's preview text from the manifest is the page's title and description.
        #expect(french.body.contains("<title>An exhibit at the Museum</title>"), "\(french.body.prefix(1500))")
        #expect(french.body.contains("Read about this exhibit in your language, and hear its audio-tour stop."))
        // A route without one keeps the generic text.
        let ticket = try await Curl.request(server.baseURL + "/t/0f8d2c5a-3b7e-4e21-9c4d-5a6b7c8d9e0f")
        #expect(ticket.status == 200)
        #expect(!ticket.body.contains("An exhibit at the Museum"))
        // Each query its own page: the second language is not served the first one's cached page.
        let german = try await Curl.request(server.baseURL + "/x/42?lang=de")
        #expect(german.status == 200)
        #expect(german.body.contains("https://museum.example/x/42?lang=de") && !german.body.contains("lang=fr"))
        // A link the clip would refuse gets no share page: the required item missing, a wrong kind, out of range.
        for path in ["/x/42", "/x/42?lang=fr&tour=abc", "/x/42?lang=fr&tour=13"] {
            #expect(try await Curl.request(server.baseURL + path).status == 404, "\(path)")
        }
        await server.stop()
    }

    /// Anyone can add query items to a link: only the ones a route declares make a page of their own,
    /// so junk items cannot fill the page cache with copies of one page.
    @Test func onlyDeclaredQueryItemsMakeAPageOfTheirOwn() throws {
        let manifest = try ManifestLoader().load(contentsOf: TestEnvironment.file("Tests/Fixtures/museum/clipkit.json"))
        let site = try LinkDomainSite(manifest: manifest, associationFiles: ["museum.example": Data(#"{"applinks":{"details":[]}}"#.utf8)])
        #expect(site.pageTarget(of: "/x/42?x=1&lang=fr&y=2") == "/x/42?lang=fr")
        #expect(site.pageTarget(of: "/x/42?tour=3&utm_source=a&lang=fr") == "/x/42?lang=fr&tour=3")
        #expect(site.pageTarget(of: "/x/42?utm_source=a") == "/x/42")
        #expect(site.pageTarget(of: "/t/0f8d2c5a-3b7e-4e21-9c4d-5a6b7c8d9e0f") == "/t/0f8d2c5a-3b7e-4e21-9c4d-5a6b7c8d9e0f")
    }
}
