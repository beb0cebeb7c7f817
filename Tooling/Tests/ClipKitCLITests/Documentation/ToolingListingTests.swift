import ClipAASA
import ClipDoctor
import ClipKit
import ClipKitGeneration
import ClipLoopback
import ClipManifestReader
import ClipServer
import ClipTestSupport
import Foundation
import Testing

/// The code listings of the modules that run off the phone — the tooling modules, and
/// ClipKitGeneration's compiler — are the files in `Documentation/Listings/`, compiled with this test
/// target; their landing pages' and articles' Swift blocks are runs of their lines
/// (``DocumentationListingTests``). These tests run each listing on the examples, so the
/// documentation shows code that works, not only code that compiles.
@Suite(.timeLimit(.minutes(3)))
struct ToolingListingTests {
    static let coffeeShop = TestEnvironment.file("Examples/coffee-shop/clipkit.json")
    static let roadflare = TestEnvironment.file("Examples/roadflare/clipkit.json")

    @Test func theGeneratedAASAFileOpensATableLinkInTheFullApp() throws {
        let result = try whichAppOpens("https://brew.example/s/soho/t/12", manifestAt: Self.coffeeShop)
        #expect(result.outcome == .match)
        #expect(result.appID == "7QF4K2M9XA.com.example.Brew")
    }

    @Test func theStaticExportWritesTheAASAFileAndTheNotFoundPage() throws {
        let folder = try TemporaryDirectory(prefix: "clipkit-docs-site")
        let paths = try exportLinkDomain(manifestAt: Self.coffeeShop, to: folder.url)
        #expect(paths.contains(".well-known/apple-app-site-association"))
        #expect(paths.contains("404.html"))
        #expect(FileManager.default.fileExists(atPath: folder.file(".well-known/apple-app-site-association").path))
    }

    @Test func theServerAnswersWithTheAASAFileAndStopsWhenAsked() async throws {
        let manifest = try ManifestLoader(parameterKinds: .standardWithNostr).load(contentsOf: Self.roadflare)
        let port = try LoopbackPort.free()
        let shutdown = ServerShutdown()
        let (addresses, continuation) = AsyncStream<ListeningAddress>.makeStream()
        let serving = Task {
            defer { continuation.finish() }       // a server that fails to start ends the wait below
            try await serveLinkDomain(manifest: manifest, port: port, shutdown: shutdown) { continuation.yield($0) }
        }
        defer { shutdown.request() }
        var listening: ListeningAddress?
        for await address in addresses {
            listening = address
            break
        }
        guard listening?.port == port else {
            _ = try await serving.value
            Issue.record("the server did not listen on port \(port)")
            return
        }
        let fetched = try await ChildProcess.run(try TestEnvironment.systemTool("curl"), arguments: [
            "--silent", "--include", "--max-time", "20", "http://127.0.0.1:\(port)/.well-known/apple-app-site-association",
        ])
        #expect(fetched.standardOutput.hasPrefix("HTTP/1.1 200"), "\(fetched.standardOutput.prefix(300))")
        #expect(fetched.standardOutput.contains("com.roadflare.RoadFlare"))
        shutdown.request()
        try await serving.value
    }

    @Test func doctorPassesTheExampleClipAndFailsAnotherAppsManifest() async throws {
        let entitlements = TestEnvironment.file("Examples/coffee-shop/ios/AppClip.entitlements").path
        let infoPlist = TestEnvironment.file("Examples/coffee-shop/ios/AppClip-Info.plist").path
        let own = try await checkClipWiring(manifestAt: Self.coffeeShop, clipEntitlements: entitlements, clipInfoPlist: infoPlist)
        #expect(own.isOK, "\(own.findings)")
        let bluesky = TestEnvironment.file("Examples/bluesky/clipkit.json")
        let other = try await checkClipWiring(manifestAt: bluesky, clipEntitlements: entitlements, clipInfoPlist: infoPlist)
        #expect(!other.isOK)
        #expect(other.count(of: .error) == 4)
        #expect(other.findings.contains { $0.code == "clip.entitlements.parent-identifier" })
        #expect(other.findings.contains { $0.code == "clip.entitlements.app-group" })
    }

    @Test @MainActor func theSimulatedTableLinkPassesEveryScenario() async throws {
        let manifest = try ManifestLoader().load(contentsOf: Self.coffeeShop)
        let folder = try TemporaryDirectory(prefix: "clipkit-docs-simulate")
        let report = try await simulate("https://brew.example/s/soho/t/12", manifest: manifest, container: folder.url)
        #expect(report.passed, "\(report.failureReason ?? "")")
        #expect(report.scenarios.count == 4)
    }

    @Test func theCoffeeShopPlansAnExperiencePerClipRouteAndPlace() throws {
        let experiences = try plannedExperiences(manifestAt: Self.coffeeShop)
        #expect(experiences.map(\.link) == ["https://brew.example/s/", "https://brew.example/s/soho"])
        #expect(experiences.last?.place?.name == "Brew SoHo")
    }

    @Test func aProfileFetchFromARelayThatDoesNotAnswerEndsWithoutAProfile() async throws {
        let relay = "ws://127.0.0.1:\(try LoopbackPort.free())"
        let profile = try await newestProfile(of: "npub180cvv07tjdrrgpa0j7j7tmnyl2yr6yr7l8j4s3evf6u64th6gkwsyjh6w6", relays: [relay])
        #expect(profile == nil)
    }

    @Test func generatedSwiftIsWrittenOnceAndABrokenManifestNamesItsPath() throws {
        let folder = try TemporaryDirectory(prefix: "clipkit-docs-generate")
        let file = try generateSwift(manifestAt: Self.roadflare, into: folder.url)
        let source = try String(contentsOf: file, encoding: .utf8)
        #expect(source.contains("enum ClipRoute"))
        #expect(source.contains("case driverShare(npub: String)"))
        let broken = folder.file("clipkit.json")
        let text = try String(contentsOf: Self.roadflare, encoding: .utf8).replacingOccurrences(of: "\"https://roadflare.app/share/d/", with: "\"https://roadflare.ap/share/d/")
        try Data(text.utf8).write(to: broken)
        #expect {
            _ = try generateSwift(manifestAt: broken, into: folder.url)
        } throws: { error in
            (error as? GenerationFailure)?.diagnostics.contains { $0.path?.hasPrefix("$.routes[") == true && $0.line != nil } == true
        }
    }
}
