import ClipAASA
import ClipKit
import ClipKitCLI
import ClipManifestReader
import ClipSite
import ClipTestSupport
import ClipToolingTestSupport
import Foundation
import Testing

/// `clipkit aasa validate --cdn` as a user runs it.
///
/// Apple's CDN cannot be reached from the tests: a real HTTP server on the loopback interface
/// stands in for it, serving copies at `/a/v1/<domain>`.
@Suite struct AASACDNCommandTests {
    let roadflare = TestEnvironment.file("Examples/roadflare/clipkit.json").path
    static let json = [("Content-Type", "application/json")]

    func roadflareFile() throws -> Data {
        let manifest = try ManifestLoader(parameterKinds: CommandEnvironment.parameterKinds).load(contentsOf: TestEnvironment.file("Examples/roadflare/clipkit.json"))
        return try AASAGenerator(manifest: manifest).data()
    }

    @Test func validateWithCDNReportsAStaleCopyInJSON() async throws {
        let older = Data(#"{"applinks":{"details":[{"appIDs":["6Y98438M9X.com.roadflare.RoadFlare"],"components":[{"/":"/s/*"}]}]},"appclips":{"apps":["6Y98438M9X.com.roadflare.RoadFlare.Clip"]}}"#.utf8)
        let domain = try LoopbackHTTPServer(routes: [AASADocument.wellKnownPath: .init(headers: Self.json, body: try roadflareFile())])
        let cdn = try LoopbackHTTPServer(routes: ["/a/v1/roadflare.app": .init(headers: Self.json, body: older)])
        defer { domain.stop(); cdn.stop() }
        let result = try await ChildProcess.clipkit(["aasa", "validate", domain.baseURL, "--manifest", roadflare, "--domain", "roadflare.app",
                                                     "--cdn", "--cdn-base-url", cdn.baseURL + "/a/v1/", "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let object = try result.json()
        let entries = try #require(object["cdn"] as? [[String: Any]])
        #expect(entries.count == 1)
        #expect(entries.first?["domain"] as? String == "roadflare.app")
        #expect(entries.first?["status"] as? String == "stale")
        let differences = try #require(entries.first?["differences"] as? [[String: Any]])
        #expect(differences.contains { $0["kind"] as? String == "componentRemoved" && $0["subject"] as? String == #"{"/":"/s/*"}"# })
        #expect(differences.contains { $0["kind"] as? String == "routeChanged" && ($0["subject"] as? String)?.contains("/share/d/") == true })
        let warnings = try #require(object["warnings"] as? [[String: String]])
        #expect(warnings.contains { $0["code"] == "aasa.cdn.stale" })
    }

    @Test func validateWithCDNExitsOneWhenTheCopyIsMissing() async throws {
        let folder = try TemporaryDirectory()
        let file = folder.file("aasa.json")
        try roadflareFile().write(to: file)
        let cdn = try LoopbackHTTPServer(routes: [:])
        defer { cdn.stop() }
        let result = try await ChildProcess.clipkit(["aasa", "validate", file.path, "--manifest", roadflare, "--cdn", "--cdn-base-url", cdn.baseURL + "/a/v1", "--json"])
        #expect(result.status == 1)
        let object = try result.json()
        #expect((object["cdn"] as? [[String: Any]])?.first?["status"] as? String == "missing")
        #expect(cdn.requests == ["GET /a/v1/roadflare.app HTTP/1.1"])
    }

    @Test func aCDNBaseOverPlainHTTPElsewhereIsRefused() async throws {
        let folder = try TemporaryDirectory()
        let file = folder.file("aasa.json")
        try roadflareFile().write(to: file)
        let result = try await ChildProcess.clipkit(["aasa", "validate", file.path, "--manifest", roadflare, "--cdn", "--cdn-base-url", "http://cdn.example.com/a/v1/"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("loopback") || result.standardError.contains("127.0.0.1"))
    }
}
