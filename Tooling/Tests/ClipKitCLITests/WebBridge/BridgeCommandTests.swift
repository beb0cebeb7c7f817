import ClipTestSupport
import Foundation
import Testing

/// `clipkit bridge decode MESSAGE`: the decoded command, or the rejection with exit 1.
@Suite struct BridgeCommandTests {
    let bluesky = TestEnvironment.file("Examples/bluesky/clipkit.json").path

    @Test func aStoreMessageDecodesIntoItsHandoff() async throws {
        let message = #"{"action":"store","keyToStoreAs":"starterPackUri","jsonToStore":"https://go.bsky.app/4f1Ab2c"}"#
        let result = try await ChildProcess.clipkit(["bridge", "decode", message, "--manifest", bluesky, "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let json = try result.json()
        #expect(json["accepted"] as? Bool == true)
        let command = try #require(json["command"] as? [String: Any])
        #expect(command["action"] as? String == "store")
        #expect(command["keyToStoreAs"] as? String == "starterPackUri")
        #expect(command["jsonToStore"] as? String == "https://go.bsky.app/4f1Ab2c")
        let handoff = try #require(json["handoff"] as? [String: Any])
        #expect(handoff["type"] as? String == "bluesky.starterPack")
        #expect((handoff["payload"] as? [String: String]) == ["starterPackUri": "https://go.bsky.app/4f1Ab2c"])
        #expect(result.standardOutput.split(separator: "\n").count == 1)
    }

    @Test func presentDecodesFromStandardInput() async throws {
        let result = try await ChildProcess.clipkit(
            ["bridge", "decode", "-", "--manifest", bluesky, "--json"], standardInput: Data("{\"action\":\"present\"}\n".utf8)
        )
        #expect(result.status == 0, "\(result.standardError)")
        #expect((try result.json()["command"] as? [String: String]) == ["action": "present"])
        #expect(try result.json()["handoff"] == nil)
    }

    @Test(arguments: [
        (#"{"action":"store","keyToStoreAs":"token","jsonToStore":"x"}"#, "keyNotAllowed"),
        (#"{"action":"launch"}"#, "unknownAction"),
        (#"{"action":"present","extra":1}"#, "unexpectedField"),
        (#"{"action":"store","keyToStoreAs":"starterPackUri"}"#, "missingField"),
        (#"{"action":"store","keyToStoreAs":"starterPackUri","jsonToStore":7}"#, "wrongFieldType"),
        (#"{"action":"store","keyToStoreAs":"starterPackUri","jsonToStore":""# + String(repeating: "x", count: 5_000) + #""}"#, "valueTooLarge"),
        (#"{"action":"pres"#, "notJSON"),
        (#"["present"]"#, "notAnObject"),
    ])
    func rejectedMessagesExitOneWithTheReason(_ message: String, code: String) async throws {
        let result = try await ChildProcess.clipkit(["bridge", "decode", message, "--manifest", bluesky, "--json"])
        #expect(result.status == 1)
        let json = try result.json()
        #expect(json["accepted"] as? Bool == false)
        #expect(json["code"] as? String == code)
        #expect((json["reason"] as? String)?.isEmpty == false)
        #expect(result.standardError.split(separator: "\n").count == 1)
    }

    @Test func withoutARouteTypeAStoreIsAGenericHandoffAndAnUnknownRouteIsBadInput() async throws {
        let folder = try TemporaryDirectory()
        var manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: TestEnvironment.file("Examples/bluesky/clipkit.json"))) as? [String: Any])
        manifest.removeValue(forKey: "$schema")
        manifest["routes"] = (manifest["routes"] as? [[String: Any]])?.map { route in route.filter { $0.key != "handoff" } }
        try JSONSerialization.data(withJSONObject: manifest).write(to: folder.file("clipkit.json"))
        let message = #"{"action":"store","keyToStoreAs":"starterPackUri","jsonToStore":"https://go.bsky.app/x"}"#
        let result = try await ChildProcess.clipkit(["bridge", "decode", message, "--manifest", folder.file("clipkit.json").path, "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let handoff = try #require(try result.json()["handoff"] as? [String: Any])
        #expect(handoff["type"] as? String == "clipkit.webBridge")
        #expect((handoff["payload"] as? [String: String]) == ["key": "starterPackUri", "value": "https://go.bsky.app/x"])

        let unknown = try await ChildProcess.clipkit(["bridge", "decode", message, "--manifest", bluesky, "--route", "profile", "--json"])
        #expect(unknown.status == 2)
        #expect(unknown.standardError.contains("--route profile") && unknown.standardError.contains("starterPack, starterPackShortLink"))
    }

    @Test func anUnreadableManifestExitsTwo() async throws {
        let result = try await ChildProcess.clipkit(["bridge", "decode", #"{"action":"present"}"#, "--manifest", "/nonexistent/clipkit.json", "--json"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("/nonexistent/clipkit.json"))
    }
}
