import ClipAASA
@_spi(ClipKitTooling) import ClipKit
import ClipTestSupport
import Foundation
import Testing

@Suite struct AASAGeneratorTests {
    /// The AASA file RoadFlare intends to serve, from its App Clip issue.
    static let roadflareIntended = #"""
    {
      "appclips": { "apps": ["6Y98438M9X.com.roadflare.RoadFlare.Clip"] },
      "applinks": {
        "details": [
          {
            "appIDs": ["6Y98438M9X.com.roadflare.RoadFlare"],
            "components": [
              { "/": "/share/d/?*", "comment": "Driver profile share" },
              { "/": "/share/r/?*", "comment": "Rider profile share" }
            ]
          }
        ]
      },
      "webcredentials": { "apps": ["6Y98438M9X.com.roadflare.RoadFlare"] }
    }
    """#

    func withoutComments(_ document: AASADocument) -> AASADocument {
        var copy = document
        if var links = copy.appLinks {
            links.details = links.details.map { detail in
                var detail = detail
                detail.components = detail.components?.map { component in
                    var component = component
                    component.comment = nil
                    return component
                }
                return detail
            }
            copy.appLinks = links
        }
        return copy
    }

    @Test func roadflareGetsTheFileItIntendsToServe() throws {
        let generated = try AASAGenerator(manifest: try ExampleManifests.roadflare()).document()
        var intended = try AASAFixture.document(Self.roadflareIntended)
        // RoadFlare's file also grants its app the domain's shared web credentials, which its
        // manifest does not ask for (clipkit.json has no field for it): ClipKit writes all the rest.
        #expect(intended.webCredentials != nil && generated.webCredentials == nil)
        intended.webCredentials = nil
        #expect(withoutComments(generated) == withoutComments(intended))
    }

    @Test func bothTheClipsAndTheAppsRoutesGoToTheFullApp() throws {
        let manifest = try ExampleManifests.roadflare()
        let document = try AASAGenerator(manifest: manifest).document()
        let detail = try #require(document.appLinks?.details.first)
        #expect(detail.appIDs == [manifest.appIdentifier])
        #expect(detail.components?.count == manifest.routes.count)
        #expect(document.appLinks?.details.count == 1)
        #expect(document.appClips?.apps == [manifest.clipIdentifier])
    }

    @Test func eachDomainGetsOnlyItsOwnRoutes() throws {
        let generator = AASAGenerator(manifest: try ExampleManifests.bluesky())
        let main = try generator.document(forDomain: "bsky.app")
        let short = try generator.document(forDomain: "go.bsky.app")
        #expect(main.appLinks?.details.first?.components?.map(\.path) == ["/start/?*/?*", "/starter-pack/?*/?*"])
        #expect(short.appLinks?.details.first?.components?.map(\.path) == ["/?*"])
        #expect(main.appClips?.apps == ["B3LX46C5HS.xyz.blueskyweb.app.AppClip"])
        // Shared web credentials are not granted: the manifest never asks for them.
        #expect(main.webCredentials == nil && short.webCredentials == nil)
        #expect(try generator.documentsByDomain().keys.sorted() == ["bsky.app", "go.bsky.app"])
    }

    @Test func severalDomainsNeedOneNamed() throws {
        let generator = AASAGenerator(manifest: try ExampleManifests.bluesky())
        #expect(throws: AASAGenerationError.domainRequired(domains: ["bsky.app", "go.bsky.app"])) { try generator.document() }
        #expect(throws: AASAGenerationError.unknownDomain("example.com", domains: ["bsky.app", "go.bsky.app"])) {
            try generator.document(forDomain: "example.com")
        }
        #expect(try generator.document(forDomain: "BSKY.app").appLinks != nil)
    }

    @Test func outputIsDeterministicCanonicalJSON() throws {
        let manifest = try ExampleManifests.bluesky()
        let first = try AASAGenerator(manifest: manifest).data(forDomain: "bsky.app")
        let second = try AASAGenerator(manifest: manifest).data(forDomain: "bsky.app")
        #expect(first == second)
        let text = String(decoding: first, as: UTF8.self)
        #expect(text.hasPrefix("{\n  \"appclips\": {\n    \"apps\": [\n      \"B3LX46C5HS.xyz.blueskyweb.app.AppClip\"\n"))
        #expect(text.hasSuffix("}\n"))
        let keys = text.split(separator: "\n").filter { $0.hasPrefix("  \"") }.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(keys == ["\"appclips\": {", "\"applinks\": {"])
        // It parses back to the same document.
        #expect(try AASADocument(parsing: first) == AASAGenerator(manifest: manifest).document(forDomain: "bsky.app"))
    }

    @Test func generatedFilesPassTheValidatorWithoutFindings() throws {
        for manifest in [try ExampleManifests.roadflare(), try ExampleManifests.bluesky()] {
            for (domain, document) in try AASAGenerator(manifest: manifest).documentsByDomain() {
                let report = AASAValidator(manifest: manifest, domain: domain, parameterKinds: ExampleManifests.kinds)
                    .validate(data: document.encoded())
                #expect(report.findings.isEmpty, "\(domain): \(report.findings)")
            }
        }
    }

    @Test func literalSegmentsAreEncodedAndPatternCharactersNeutralized() throws {
        let pattern = try RoutePattern(parsing: "https://example.com/caf%C3%A9/a%20b/%2A%3F%24(x)/{id}/end")
        #expect(AASAGenerator.pathPattern(for: pattern) == "/caf%C3%A9/a%20b/???(x)/?*/end")
        #expect(AASAGenerator.pathPattern(for: try RoutePattern(parsing: "https://example.com")) == "/")
    }

    @Test func aPatternCoveredByAnEarlierOneIsLeftOut() throws {
        let manifest = ClipManifest(
            teamID: "ABCDE12345", app: .init(bundleID: "com.example.app", appStoreID: "123"),
            clip: .init(bundleID: "com.example.app.Clip", minimumIOS: "16.0", invocations: [.digital]),
            appGroup: "group.com.example", domains: ["example.com"],
            routes: [
                .init(name: "item", patterns: ["https://example.com/i/{id}"], handledBy: .clip),
                .init(name: "itemPart", patterns: ["https://example.com/i/{id}/{part}"], handledBy: .app),
                .init(name: "other", patterns: ["https://example.com/o/{id}"], handledBy: .app),
            ],
            handoff: .init(ttlSeconds: 3600)
        )
        let document = try AASAGenerator(manifest: manifest).document()
        #expect(document.appLinks?.details.first?.components?.map(\.path) == ["/i/?*", "/o/?*"])
    }
}
