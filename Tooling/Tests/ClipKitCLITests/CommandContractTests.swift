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

    /// Bluesky's clip takes its starter-pack payload type from its preset (BlueskyKit), and the
    /// example says so in `clipkit-plugin.json` beside its manifest, so a team that validates or
    /// builds the example sees no warning that the plugin wrote no Swift type for it.
    @Test func theBlueskyExampleDeclaresItsOwnPayloadTypeSoValidateDoesNotWarnOfIt() async throws {
        let manifest = TestEnvironment.file("Examples/bluesky/clipkit.json")
        let configuration = try String(contentsOf: TestEnvironment.file("Examples/bluesky/clipkit-plugin.json"), encoding: .utf8)
        #expect(configuration.contains("\"appPayloadTypes\"") && configuration.contains("\"bluesky.starterPack\""))
        let result = try await ChildProcess.clipkit(["manifest", "validate", "--manifest", manifest.path, "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let warnings = try result.json()["warnings"] as? [[String: Any]] ?? []
        #expect(!warnings.contains { $0["code"] as? String == "manifest.no-swift-type" }, "\(warnings)")
        // Without the configuration the same manifest warns: the file is what keeps it quiet.
        let folder = try TemporaryDirectory()
        try FileManager.default.copyItem(at: manifest, to: folder.file("clipkit.json"))
        let bare = try await ChildProcess.clipkit(["manifest", "validate", "--manifest", folder.file("clipkit.json").path, "--json"])
        let bareWarnings = try bare.json()["warnings"] as? [[String: Any]] ?? []
        #expect(bareWarnings.contains { $0["code"] as? String == "manifest.no-swift-type" }, "\(bareWarnings)")
    }

    @Test func manifestValidateWarnsOfAHandoffTypeLeftWithoutASwiftType() async throws {
        let folder = try TemporaryDirectory()
        let file = folder.file("clipkit.json")
        let manifest = """
            {"teamID":"ABCDE12345","app":{"bundleID":"com.museum.App","appStoreID":"12"},
             "clip":{"bundleID":"com.museum.App.Clip","minimumIOS":"16.0","invocations":["physical"]},
             "appGroup":"group.com.museum.App","domains":["museum.example"],
             "routes":[{"name":"exhibit","pattern":"https://museum.example/x/{id}","handledBy":"clip"}],
             "handoff":{"ttlSeconds":3600,"types":[{"name":"com.museum.ticket","required":["ticket"]}]}}
            """
        try Data(manifest.utf8).write(to: file)
        let result = try await ChildProcess.clipkit(["manifest", "validate", "--manifest", file.path, "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let json = try result.json()
        #expect(json["valid"] as? Bool == true)
        let warnings = json["warnings"] as? [[String: Any]] ?? []
        #expect(warnings.count == 1)
        #expect(warnings.first?["code"] as? String == "manifest.no-swift-type")
        #expect(warnings.first?["severity"] as? String == "warning")
        #expect(warnings.first?["path"] as? String == "$.handoff.types[0].required[0]")
        #expect(warnings.first?["line"] as? Int == 5)
        #expect((warnings.first?["message"] as? String)?.contains("'com.museum.ticket' gets no Swift type: member 'ticket' has no kind") == true)
        let text = try await ChildProcess.clipkit(["manifest", "validate", "--manifest", file.path])
        #expect(text.standardOutput.contains("\(file.path): valid\n\(file.path): warning: $.handoff.types[0].required[0]: handoff type 'com.museum.ticket'"))

        // The plugin configuration beside the manifest is read as the plugin reads it.
        try Data(#"{"appPayloadTypes": ["com.museum.ticket"]}"#.utf8).write(to: folder.file("clipkit-plugin.json"))
        let declared = try await ChildProcess.clipkit(["manifest", "validate", "--manifest", file.path, "--json"])
        let declaredJSON = try declared.json()
        #expect((declaredJSON["warnings"] as? [Any])?.isEmpty == true)

        // With a kind the type is generated, and nothing is said.
        try FileManager.default.removeItem(at: folder.file("clipkit-plugin.json"))
        try Data(manifest.replacingOccurrences(of: #""required":["ticket"]"#, with: #""required":["ticket"],"kinds":{"ticket":"string"}"#).utf8).write(to: file)
        let typed = try await ChildProcess.clipkit(["manifest", "validate", "--manifest", file.path, "--json"])
        let typedJSON = try typed.json()
        #expect((typedJSON["warnings"] as? [Any])?.isEmpty == true)
    }
}
