import ClipAASA
import ClipKit
import ClipManifestReader
import ClipSite
import ClipTestSupport
import ClipToolingTestSupport
import Foundation
import Testing

/// `clipkit aasa generate|validate|match` as a user runs them, including validation of a file
/// served over real HTTP.
@Suite struct AASACommandTests {
    let bluesky = TestEnvironment.file("Examples/bluesky/clipkit.json").path
    static let wellKnown = AASADocument.wellKnownPath

    func blueskyFile() throws -> Data {
        let manifest = try ManifestLoader().load(contentsOf: TestEnvironment.file("Examples/bluesky/clipkit.json"))
        return try AASAGenerator(manifest: manifest).data(forDomain: "bsky.app")
    }

    @Test func generatePrintsTheDocumentItself() async throws {
        let result = try await ChildProcess.clipkit(["aasa", "generate", "--manifest", bluesky, "--domain", "bsky.app"])
        #expect(result.status == 0)
        #expect(Data(result.standardOutput.utf8) == (try blueskyFile()))
        let json = try await ChildProcess.clipkit(["aasa", "generate", "--manifest", bluesky, "--domain", "go.bsky.app", "--json"])
        #expect(json.status == 0)
        #expect(json.standardOutput.split(separator: "\n").count == 1)
        let object = try #require(try json.json()["document"] as? [String: Any], "--json prints the document as the report's member")
        #expect((object["appclips"] as? [String: [String]])?["apps"] == ["B3LX46C5HS.xyz.blueskyweb.app.AppClip"])
    }

    @Test func generateAsksForADomainWhenTheManifestHasSeveral() async throws {
        let result = try await ChildProcess.clipkit(["aasa", "generate", "--manifest", bluesky, "--json"])
        #expect(result.status == 2)
        #expect(result.standardError.split(separator: "\n").count == 1)
        #expect(result.standardError.contains("--domain"))
        #expect((try result.json()["error"] as? [String: Any])?["message"] is String)
    }

    @Test func validateAFileListsCodedFindingsAndExitsOneWhenNotValid() async throws {
        let folder = try TemporaryDirectory()
        let good = folder.file("good")
        try blueskyFile().write(to: good)
        let valid = try await ChildProcess.clipkit(["aasa", "validate", good.path, "--manifest", bluesky, "--domain", "bsky.app", "--json"])
        #expect(valid.status == 0)
        let validJSON = try valid.json()
        #expect(validJSON["valid"] as? Bool == true)
        #expect((validJSON["errors"] as? [Any])?.isEmpty == true)
        #expect((validJSON["warnings"] as? [Any])?.isEmpty == true)

        let bad = folder.file("bad")
        try Data(#"{"applinks":{"details":[{"appIDs":["B3LX46C5HS.xyz.blueskyweb.app"],"components":[{"/":"/*"},{"/":"/settings/*","exclude":true}]}]}}"#.utf8).write(to: bad)
        let invalid = try await ChildProcess.clipkit(["aasa", "validate", bad.path, "--manifest", bluesky, "--domain", "bsky.app", "--json"])
        #expect(invalid.status == 1)
        #expect(invalid.standardError.split(separator: "\n").count == 1)
        let json = try invalid.json()
        #expect(json["valid"] as? Bool == false)
        let errors = try #require(json["errors"] as? [[String: String]])
        #expect(Set(errors.compactMap { $0["code"] }) == ["aasa.appclips.clipMissing"])
        for error in errors {
            #expect(error["message"] != nil && error["path"] != nil && error["fix"] != nil)
        }
        // An exclude after a catch-all is never reached: iOS uses the file, so it is a warning that says what it costs.
        let warnings = try #require(json["warnings"] as? [[String: String]])
        #expect(warnings.contains { $0["code"] == "aasa.component.shadowed" && $0["path"] == "$.applinks.details[0].components[1]" && $0["message"]?.contains("open the app") == true })
    }

    @Test func validateUsesTheManifestInTheCurrentFolderWhenThereIsOne() async throws {
        let folder = try TemporaryDirectory()
        try Data(contentsOf: URL(fileURLWithPath: bluesky)).write(to: folder.file("clipkit.json"))
        try Data(#"{"applinks":{"details":[]}}"#.utf8).write(to: folder.file("aasa"))
        let withManifest = try await ChildProcess.clipkit(["aasa", "validate", "aasa", "--domain", "bsky.app", "--json"], currentDirectory: folder.url)
        #expect(withManifest.status == 1)
        let codes = ((try withManifest.json()["errors"] as? [[String: String]]) ?? []).compactMap { $0["code"] }
        #expect(codes.contains("aasa.route.notOpened") && codes.contains("aasa.appclips.clipMissing"))
        try FileManager.default.removeItem(at: folder.file("clipkit.json"))
        let without = try await ChildProcess.clipkit(["aasa", "validate", "aasa", "--json"], currentDirectory: folder.url)
        #expect(without.status == 0)
    }

    @Test func validateAFileServedOverHTTP() async throws {
        let server = try LoopbackHTTPServer(routes: [Self.wellKnown: .init(headers: [("Content-Type", "application/json")], body: try blueskyFile())])
        defer { server.stop() }
        let result = try await ChildProcess.clipkit(["aasa", "validate", server.baseURL, "--manifest", bluesky, "--domain", "bsky.app", "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let json = try result.json()
        #expect(json["valid"] as? Bool == true)
        #expect((json["warnings"] as? [[String: String]])?.compactMap { $0["code"] } == ["aasa.hosting.loopbackHTTP"])
        #expect(server.requests == ["GET \(Self.wellKnown) HTTP/1.1"])
    }

    @Test func validateReportsARedirectingServer() async throws {
        let server = try LoopbackHTTPServer(routes: [
            Self.wellKnown: .init(status: 302, headers: [("Location", "https://cdn.example.com/aasa.json")]),
        ])
        defer { server.stop() }
        let result = try await ChildProcess.clipkit(["aasa", "validate", server.baseURL + Self.wellKnown, "--json"])
        #expect(result.status == 1)
        let errors = try #require(try result.json()["errors"] as? [[String: String]])
        #expect(errors.compactMap { $0["code"] } == ["aasa.hosting.redirect"])
        #expect(errors.first?["message"]?.contains("cdn.example.com") == true)
    }

    @Test func validateRejectsUnreadableInputWithExitTwo() async throws {
        let missing = try await ChildProcess.clipkit(["aasa", "validate", "/nonexistent/aasa", "--json"])
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("/nonexistent/aasa"))
        #expect(missing.standardError.split(separator: "\n").count == 1)
        let badManifest = try await ChildProcess.clipkit(["aasa", "validate", "/nonexistent/aasa", "--manifest", "/nonexistent/clipkit.json"])
        #expect(badManifest.status == 2)
        #expect(badManifest.standardError.contains("/nonexistent/clipkit.json"))
    }

    @Test func matchAnswersLikeSwcutil() async throws {
        let folder = try TemporaryDirectory()
        let file = folder.file("aasa")
        try Data(#"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/help/website/*","exclude":true},{"/":"/help/*"}]}]}}"#.utf8).write(to: file)
        let match = try await ChildProcess.clipkit(["aasa", "match", file.path, "https://example.com/help/x", "--app-id", "ABCDE12345.com.example.app", "--json"])
        #expect(match.status == 0)
        let json = try match.json()
        #expect(json["result"] as? String == "match")
        #expect(json["appID"] as? String == "ABCDE12345.com.example.app")
        #expect(json["componentIndex"] as? Int == 1)

        let block = try await ChildProcess.clipkit(["aasa", "match", file.path, "https://example.com/help/website/x", "--json"])
        #expect(block.status == 1)
        #expect(try block.json()["result"] as? String == "block")
        #expect(try block.json()["componentIndex"] as? Int == 0)

        let unset = try await ChildProcess.clipkit(["aasa", "match", file.path, "https://example.com/buy", "--json"])
        #expect(unset.status == 1)
        let unsetJSON = try unset.json()
        #expect(unsetJSON["result"] as? String == "unset")
        #expect(unsetJSON["appID"] is NSNull)
        #expect(unset.standardError.split(separator: "\n").count == 1)
    }

    @Test func matchRejectsBadFilesAndURLsWithExitTwo() async throws {
        let folder = try TemporaryDirectory()
        let file = folder.file("aasa")
        try Data([0xEF, 0xBB, 0xBF] + Array("{}".utf8)).write(to: file)
        let bom = try await ChildProcess.clipkit(["aasa", "match", file.path, "https://example.com/", "--json"])
        #expect(bom.status == 2)
        #expect(bom.standardError.contains("byte-order mark"))
        try Data("{}".utf8).write(to: file)
        let badURL = try await ChildProcess.clipkit(["aasa", "match", file.path, "example.com/x"])
        #expect(badURL.status == 2)
        #expect(badURL.standardError.split(separator: "\n").count == 1)
    }
}
