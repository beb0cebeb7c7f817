import ClipAASA
import ClipKit
import ClipSite
import ClipToolingTestSupport
import Foundation
import Testing

/// The one reading of a request's path and `Host` that `clipkit serve` answers from, and the
/// per-domain values the static export writes.
@Suite struct LinkDomainSiteResourceTests {
    let domains = ["bsky.app", "go.bsky.app"]

    @Test func hostsMatchIgnoringCasePortAndFinalDot() {
        #expect(HostMatch.index(of: "bsky.app", among: domains) == 0)
        #expect(HostMatch.index(of: "GO.BSKY.APP:443", among: domains) == 1)
        #expect(HostMatch.index(of: "bsky.app.", among: domains) == 0)
        #expect(HostMatch.index(of: "evil.bsky.app", among: domains) == nil)
        #expect(HostMatch.index(of: "bsky.app.evil", among: domains) == nil)
        #expect(HostMatch.index(of: "[::1]:8080", among: domains) == nil)
        #expect(HostMatch.index(of: "", among: domains) == nil)
    }

    /// Each domain is one value: its own AASA document, and a home page and not-found page that
    /// name it, not the manifest's first domain.
    @Test func eachDomainIsOneValueNamingItself() throws {
        let site = try SiteFixtures.site("bluesky")
        #expect(site.servedDomains.map(\.name) == domains)
        for domain in site.servedDomains {
            #expect(domain.associationFile == SiteFixtures.associationFiles(for: site.manifest)[domain.name])
            #expect(domain.homePage.contains(#"<link rel="canonical" href="https://\#(domain.name)/">"#), "\(domain.name)")
            #expect(domain.notFoundPage.contains("https://\(domain.name)/"), "\(domain.name)")
        }
        #expect(site.servedDomain(named: "GO.bsky.app")?.name == "go.bsky.app")
        #expect(site.servedDomain(named: "example.com") == nil)
    }

    /// A clip with no domain of its own (the food truck) has no link domain: building its site is
    /// refused, so `serve`, `site build` and the demo never serve an AASA file for a host nobody named.
    @Test func aManifestWithNoDomainsBuildsNoSite() throws {
        let manifest = try ExampleManifest.load("food-truck")
        #expect(manifest.domains.isEmpty)
        let error = #expect(throws: LinkDomainSiteError.self) { try LinkDomainSite(manifest: manifest) }
        guard case .associationFile(.noDomains)? = error else {
            Issue.record("expected the no-domains refusal, got \(String(describing: error))")
            return
        }
        #expect(error?.description.hasPrefix("the manifest lists no domains") == true)
    }

    @Test func fixedPathsLeadToTheDomainTheHostNames() throws {
        let site = try SiteFixtures.site("bluesky")
        let short = try #require(site.servedDomains.firstIndex { $0.name == "go.bsky.app" })
        let main = try #require(site.servedDomains.firstIndex { $0.name == "bsky.app" })
        #expect(site.domainIndex(forHost: "Go.Bsky.App.") == short)
        for path in LinkDomainSite.associationFilePaths {
            #expect(site.resource(at: path, target: path, host: "go.bsky.app:443") == .associationFile(domain: short))
            #expect(site.resource(at: path, target: path, host: "BSKY.APP") == .associationFile(domain: main))
            // Any other host (a server reached by its address) gets the first domain's.
            #expect(site.resource(at: path, target: path, host: "127.0.0.1:8080") == .associationFile(domain: main))
            #expect(site.resource(at: path, target: path, host: nil) == .associationFile(domain: main))
        }
        for path in LinkDomainSite.homePagePaths {
            #expect(site.resource(at: path, target: path, host: "go.bsky.app") == .homePage(domain: short))
        }
        // A path under the AASA's with more after it is no AASA.
        let slashed: Substring = "/.well-known/apple-app-site-association/"
        #expect(site.resource(at: slashed, target: slashed, host: "bsky.app") == .sharePage(domain: main, target: slashed))
        let share: Substring = "/start/alice.bsky.social/3kabc"
        #expect(site.resource(at: share, target: share + "?x=1", host: "[::1]:8080") == .sharePage(domain: nil, target: share))
    }

    /// The static export writes, for each domain, the AASA document and home page the server
    /// answers that domain's `Host` with.
    @Test func theStaticExportWritesEachDomainsValues() throws {
        let site = try SiteFixtures.site("bluesky")
        for domain in site.servedDomains {
            let files = try StaticSiteBuilder(site: site).build(forDomain: domain.name).files
            #expect(files[StaticSiteBuilder.associationFilePath] == domain.associationFile, "\(domain.name)")
            #expect(files["index.html"] == Data(domain.homePage.utf8), "\(domain.name)")
        }
    }
}
