import ClipTestSupport
import Foundation
import Testing

/// The command-line contract: `--json` prints exactly one JSON object; exit 0 success, 1 a
/// negative answer, 2 bad usage or unreadable input with one clear line on standard error.
@Suite struct CommandContractTests {
    let bluesky = TestEnvironment.file("Examples/bluesky/clipkit.json").path

    @Test func routeMatchPrintsOneJSONObject() async throws {
        let result = try await ChildProcess.clipkit(["route", "https://go.bsky.app/abc", "--manifest", bluesky, "--json"])
        #expect(result.status == 0)
        let json = try result.json()
        #expect(json["matched"] as? Bool == true)
        #expect(json["route"] as? String == "starterPackShortLink")
        #expect(json["handledBy"] as? String == "clip")
        #expect((json["params"] as? [String: String]) == ["code": "abc"])
        #expect(result.standardOutput.split(separator: "\n").count == 1)
    }

    @Test func noRouteExitsOneWithAReason() async throws {
        let result = try await ChildProcess.clipkit(["route", "https://bsky.app/profile/x", "--manifest", bluesky, "--json"])
        #expect(result.status == 1)
        let json = try result.json()
        #expect(json["matched"] as? Bool == false)
        #expect((json["reason"] as? String)?.contains("/profile/x") == true)
        #expect(result.standardError.split(separator: "\n").count == 1)
    }

    @Test func missingManifestExitsTwoNamingTheFile() async throws {
        let result = try await ChildProcess.clipkit(["route", "https://go.bsky.app/abc", "--manifest", "/nonexistent/clipkit.json", "--json"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("/nonexistent/clipkit.json"))
        #expect(result.standardError.split(separator: "\n").count == 1)
        #expect((try result.json()["error"] as? [String: Any])?["message"] is String)
    }

    @Test func badUsageExitsTwo() async throws {
        let result = try await ChildProcess.clipkit(["route", "--no-such-flag"])
        #expect(result.status == 2)
        #expect(result.standardError.split(separator: "\n").count == 1)
    }

    @Test func manifestValidateListsEveryProblemWithItsPath() async throws {
        let folder = try TemporaryDirectory()
        let file = folder.file("clipkit.json")
        try Data("""
        {"teamID":"lower","app":{"bundleID":"com.example.App","appStoreID":"12"},
         "clip":{"bundleID":"com.other.Clip","minimumIOS":"16.0","invocations":["digital"]},
         "appGroup":"com.example","domains":["example.com"],
         "routes":[{"name":"a","pattern":"https://example.com/x/{id}","handledBy":"clip"}],
         "handoff":{"ttlSeconds":10}}
        """.utf8).write(to: file)
        let result = try await ChildProcess.clipkit(["manifest", "validate", "--manifest", file.path, "--json"])
        #expect(result.status == 1)
        let json = try result.json()
        #expect(json["valid"] as? Bool == false)
        let errors = json["errors"] as? [[String: Any]] ?? []
        let paths = Set(errors.compactMap { $0["path"] as? String })
        #expect(paths == ["$.teamID", "$.clip.bundleID", "$.appGroup", "$.handoff.ttlSeconds"])
        // The one diagnostic shape, with each problem's line in the file.
        var lines: [String: Int] = [:]
        for error in errors {
            #expect(error["code"] as? String == "manifest.invalid" && error["severity"] as? String == "error" && error["file"] as? String == file.path)
            if let path = error["path"] as? String { lines[path] = error["line"] as? Int }
        }
        #expect(lines == ["$.teamID": 1, "$.clip.bundleID": 2, "$.appGroup": 3, "$.handoff.ttlSeconds": 5])
    }
}
