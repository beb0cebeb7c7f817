import ClipTestSupport
import Foundation
import Testing

/// `clipkit notify process|badge`: one JSON object with `--json`, exit 0 / 1 / 2.
@Suite struct NotifyCommandTests {
    static let chat = #"""
    {"aps":{"alert":{"title":"Alice","body":"hi"},"mutable-content":1},"reason":"chat-message",
     "senderDisplayName":"Alice","convoId":"3kconvo","senderAvatarUrl":"https://cdn.bsky.app/img/avatar/plain/did:plc:a/b@jpeg"}
    """#
    static let like = #"{"aps":{"alert":"Bob liked your post","badge":9},"reason":"like"}"#

    func write(_ text: String, to file: URL) throws -> String {
        try Data(text.utf8).write(to: file)
        return file.path
    }

    @Test func chatMessagePlaysTheDMSoundAndCarriesTheSender() async throws {
        let folder = try TemporaryDirectory()
        let payload = try write(Self.chat, to: folder.file("chat.json"))
        let prefs = try write(#"{"playSoundChat": true}"#, to: folder.file("prefs.json"))
        let result = try await ChildProcess.clipkit(["notify", "process", payload, "--container", folder.url.path, "--prefs", prefs, "--policy", "bluesky", "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.split(separator: "\n").count == 1)
        let json = try result.json()
        #expect(json["policy"] as? String == "bluesky")
        #expect(json["sound"] as? String == "dm.aiff")
        #expect(json["badge"] == nil)
        #expect(json["delivered"] as? String == "modified")
        #expect(json["payloadReason"] as? String == "chat-message")
        let communication = try #require(json["communication"] as? [String: Any])
        #expect(communication["senderName"] as? String == "Alice")
        #expect(communication["conversationIdentifier"] as? String == "3kconvo")
        #expect(communication["avatarURL"] as? String == "https://cdn.bsky.app/img/avatar_thumbnail/plain/did:plc:a/b@jpeg")
    }

    @Test func preferencesComeFromTheContainerByDefault() async throws {
        let folder = try TemporaryDirectory()
        let payload = try write(Self.chat, to: folder.file("chat.json"))
        let off = try await ChildProcess.clipkit(["notify", "process", payload, "--container", folder.url.path, "--policy", "bluesky", "--json"])
        #expect(try off.json()["sound"] == nil)
        _ = try write(#"{"playSoundChat": true}"#, to: folder.file("ClipNotificationPreferences.json"))
        let on = try await ChildProcess.clipkit(["notify", "process", payload, "--container", folder.url.path, "--policy", "bluesky", "--json"])
        #expect(try on.json()["sound"] as? String == "dm.aiff")
    }

    @Test func otherNotificationsShareTheBadgeWithGetAndReset() async throws {
        let folder = try TemporaryDirectory()
        let container = folder.url.path
        for expected in 1...2 {
            let result = try await ChildProcess.clipkit(["notify", "process", "-", "--container", container, "--json"], standardInput: Data(Self.like.utf8))
            #expect(result.status == 0, "\(result.standardError)")
            let json = try result.json()
            #expect(json["badge"] as? Int == expected)
            #expect(json["sound"] == nil)
            #expect(json["delivered"] as? String == "modified")
        }
        let get = try await ChildProcess.clipkit(["notify", "badge", "get", "--container", container, "--json"])
        #expect(try get.json()["badge"] as? Int == 2)
        let reset = try await ChildProcess.clipkit(["notify", "badge", "reset", "--container", container, "--json"])
        #expect(try reset.json()["badge"] as? Int == 0)
        #expect(try reset.json()["previous"] as? Int == 2)
        let after = try await ChildProcess.clipkit(["notify", "badge", "get", "--container", container, "--json"])
        #expect(try after.json()["badge"] as? Int == 0)
    }

    @Test func malformedFieldsAreListedWithTheirPaths() async throws {
        let folder = try TemporaryDirectory()
        let payload = try write(#"{"aps":{"badge":"many","sound":7},"reason":"chat-message","convoId":"c"}"#, to: folder.file("p.json"))
        let result = try await ChildProcess.clipkit(["notify", "process", payload, "--container", folder.url.path, "--policy", "bluesky", "--json"])
        #expect(result.status == 0)
        let issues = try #require(try result.json()["issues"] as? [[String: String]])
        #expect(Set(issues.compactMap { $0["path"] }) == ["aps.badge", "aps.sound", "senderDisplayName"])
    }

    @Test func theStandardPolicyOnlyCountsTheBadgeAndIsTheDefault() async throws {
        let folder = try TemporaryDirectory()
        let prefs = try write(#"{"playSoundChat": true}"#, to: folder.file("prefs.json"))
        let chat = try await ChildProcess.clipkit(["notify", "process", "-", "--container", folder.url.path, "--prefs", prefs, "--json"], standardInput: Data(Self.chat.utf8))
        #expect(chat.status == 0, "\(chat.standardError)")
        let json = try chat.json()
        #expect(json["policy"] as? String == "standard")
        #expect(json["sound"] == nil, "no preset sound without Bluesky's policy")
        #expect(json["communication"] == nil)
        #expect(json["badge"] as? Int == 1)

        // The coffee shop's order-ready notification keeps its target-content-id, which reopens the clip at the table.
        let ready = try await ChildProcess.clipkit([
            "notify", "process", TestEnvironment.file("Examples/coffee-shop/payloads/order-ready.json").path, "--container", folder.url.path,
            "--policy", "standard", "--json",
        ])
        #expect(ready.status == 0, "\(ready.standardError)")
        #expect(try ready.json()["badge"] as? Int == 2)
        #expect((try ready.json()["content"] as? [String: Any])?["targetContentIdentifier"] as? String == "https://brew.example/s/soho/t/12")
    }

    @Test func anUnknownPolicyIsBadInputNamingThePresets() async throws {
        let folder = try TemporaryDirectory()
        let result = try await ChildProcess.clipkit(["notify", "process", "-", "--container", folder.url.path, "--policy", "slack", "--json"], standardInput: Data(Self.like.utf8))
        #expect(result.status == 2)
        #expect(result.standardError.contains("--policy slack") && result.standardError.contains("bluesky, standard"))
        #expect(result.standardError.split(separator: "\n").count == 1)
    }

    @Test func rejectedPayloadIsANegativeAnswer() async throws {
        let folder = try TemporaryDirectory()
        let result = try await ChildProcess.clipkit(["notify", "process", "-", "--container", folder.url.path, "--json"], standardInput: Data("[1,2]".utf8))
        #expect(result.status == 1)
        let json = try result.json()
        #expect(json["delivered"] as? String == "original")
        #expect((json["reason"] as? String)?.contains("must be a JSON object") == true)
        #expect(result.standardError.split(separator: "\n").count == 1)
        // A file, not standard input: the command stops reading at the cap, and a writer still
        // pushing bytes into the pipe would get SIGPIPE.
        let hugeFile = try write(#"{"a":""# + String(repeating: "x", count: 100_000) + #""}"#, to: folder.file("huge.json"))
        let huge = try await ChildProcess.clipkit(["notify", "process", hugeFile, "--container", folder.url.path, "--json"])
        #expect(huge.status == 1)
        #expect((try huge.json()["reason"] as? String)?.contains("limit") == true)
    }

    @Test(arguments: [
        (["notify", "process", "/nonexistent/payload.json", "--container", "CONTAINER"], "/nonexistent/payload.json"),
        (["notify", "process", "-", "--container", "/nonexistent/group"], "/nonexistent/group"),
        (["notify", "badge", "get", "--container", "/nonexistent/group"], "/nonexistent/group"),
        (["notify", "badge", "reset", "--container", "/nonexistent/group"], "/nonexistent/group"),
        (["notify", "process", "-", "--container", "CONTAINER", "--prefs", "/nonexistent/prefs.json"], "/nonexistent/prefs.json"),
        (["notify", "badge", "get"], "--container"),
    ])
    func unreadableInputExitsTwoNamingIt(arguments: [String], named: String) async throws {
        let folder = try TemporaryDirectory()
        let concrete = arguments.map { $0 == "CONTAINER" ? folder.url.path : $0 }
        let result = try await ChildProcess.clipkit(concrete + ["--json"], standardInput: Data(Self.like.utf8))
        #expect(result.status == 2)
        #expect(result.standardError.split(separator: "\n").count == 1)
        #expect(result.standardError.contains(named), "\(result.standardError)")
        #expect((try result.json()["error"] as? [String: Any])?["message"] is String)
    }

    @Test func malformedPreferencesFileExitsTwo() async throws {
        let folder = try TemporaryDirectory()
        let prefs = try write(#"{"playSoundChat": [true]}"#, to: folder.file("prefs.json"))
        let result = try await ChildProcess.clipkit(["notify", "process", "-", "--container", folder.url.path, "--prefs", prefs], standardInput: Data(Self.chat.utf8))
        #expect(result.status == 2)
        #expect(result.standardError.contains(prefs) && result.standardError.contains("playSoundChat"))
    }

    @Test func textOutputForPeople() async throws {
        let folder = try TemporaryDirectory()
        let result = try await ChildProcess.clipkit(["notify", "process", "-", "--container", folder.url.path], standardInput: Data(Self.like.utf8))
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("badge: 1"))
        #expect(result.standardOutput.contains("reason: like"))
    }

    @Test func incrementIsHiddenButWorks() async throws {
        let folder = try TemporaryDirectory()
        let help = try await ChildProcess.clipkit(["notify", "badge", "--help"])
        #expect(!help.standardOutput.contains("increment"))
        let result = try await ChildProcess.clipkit(["notify", "badge", "increment", "--container", folder.url.path, "--count", "25", "--json"])
        #expect(result.status == 0)
        let json = try result.json()
        #expect(json["badge"] as? Int == 25)
        #expect(json["mode"] as? String == "locked")
        let negative = try await ChildProcess.clipkit(["notify", "badge", "increment", "--container", folder.url.path, "--count", "-1"])
        #expect(negative.status == 2)
    }
}
