import ClipAASA
@_spi(ClipKitTooling) import ClipKit
import ClipSite
import ClipToolingTestSupport
import Foundation
import Testing

/// A signed profile in a share link's fragment changes neither which app the AASA file sends the
/// link to nor which App Clip experience serves it.
@Suite struct SignedLinkMatchingTests {
    static let npub = "npub1edvuw7sx35krakezgvkf40vf9pap3swtp5c3jfe5kl2fh5cgg29q0v85s8"
    static let fragments = ["", "#", "#ActZx3oGjSw-2yJDLJq9iSh6GMHLDTEZJzS31JvTCEKKgPLWygYAmzEDpG-_gsF-Ek", "#" + String(repeating: "A", count: 2_731)]

    @Test(arguments: fragments)
    func theAASAFileDecidesAsWithoutTheFragment(fragment: String) throws {
        let manifest = try ExampleManifest.load("roadflare")
        let matcher = AASAMatcher(document: try AASAGenerator(manifest: manifest).document())
        let plain = "https://roadflare.app/share/d/\(Self.npub)"
        for appID in [manifest.clipIdentifier, manifest.appIdentifier] {
            let without = try matcher.match(plain, appID: appID)
            let with = try matcher.match(plain + fragment, appID: appID)
            #expect(with.outcome == without.outcome, "\(appID)")
            #expect(with.componentIndex == without.componentIndex)
        }
        #expect(try matcher.match(plain + fragment, appID: manifest.appIdentifier).outcome == .match)
    }

    @Test(arguments: fragments)
    func theExperiencePrefixIgnoresTheFragment(fragment: String) throws {
        let selector = AppClipExperienceSelector(experiences: [
            .init(identifier: "default", url: try #require(URL(string: "https://roadflare.app/"))),
            .init(identifier: "drivers", url: try #require(URL(string: "https://roadflare.app/share/d"))),
        ])
        let url = try #require(URL(string: "https://roadflare.app/share/d/\(Self.npub)\(fragment)"))
        #expect(selector.experience(for: url)?.identifier == "drivers")
    }
}
