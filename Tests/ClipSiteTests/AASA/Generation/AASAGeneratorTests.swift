import ClipKit
import ClipSite
import ClipTestSupport
import Foundation
import Testing

@Suite struct AASAGeneratorTests {
    func bluesky() throws -> ClipManifest {
        try ManifestLoader().load(contentsOf: TestEnvironment.file("Examples/bluesky/clipkit.json"))
    }

    @Test func eachDomainGetsOnlyItsOwnRoutes() throws {
        let generator = AASAGenerator(manifest: try bluesky())
        let main = try generator.document(forDomain: "bsky.app")
        let short = try generator.document(forDomain: "go.bsky.app")
        #expect(main.appLinks?.details.first?.components?.map(\.path) == ["/start/*/*", "/starter-pack/*/*"])
        #expect(short.appLinks?.details.first?.components?.map(\.path) == ["/*"])
        #expect(main.appClips?.apps == ["B3LX46C5HS.xyz.blueskyweb.app.AppClip"])
        #expect(main.webCredentials?.apps == ["B3LX46C5HS.xyz.blueskyweb.app"])
    }

    @Test func severalDomainsNeedOneNamed() throws {
        #expect(throws: AASAGenerationError.domainRequired(domains: ["bsky.app", "go.bsky.app"])) {
            try AASAGenerator(manifest: try bluesky()).document()
        }
    }
}
