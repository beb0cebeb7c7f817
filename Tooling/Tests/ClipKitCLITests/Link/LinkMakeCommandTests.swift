import ClipLoopback
import ClipTestSupport
import Foundation
import Testing

/// `clipkit link make` keeps the command-line contract, and `clipkit simulate` shows the driver
/// from a signed link when no relay answers.
@Suite("clipkit link make", .serialized, .timeLimit(.minutes(2)))
struct LinkMakeCommandTests {
    let roadflare = TestEnvironment.file("Examples/roadflare/clipkit.json").path
    let sampleDriver = TestEnvironment.file("Examples/roadflare/demo/sample-driver.json").path
    let sampleNpub = "npub1edvuw7sx35krakezgvkf40vf9pap3swtp5c3jfe5kl2fh5cgg29q0v85s8"

    @Test func aSignedProfileGoesIntoTheFragmentAndRoutesBack() async throws {
        let result = try await ChildProcess.clipkit(["link", "make", sampleDriver, "--manifest", roadflare, "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let json = try result.json()
        let url = try #require(json["url"] as? String)
        #expect(url.hasPrefix("https://roadflare.app/share/d/\(sampleNpub)#"))
        #expect(json["embedded"] as? Bool == true)
        #expect(json["length"] as? Int == url.utf8.count)
        let routed = try await ChildProcess.clipkit(["route", url, "--manifest", roadflare, "--json"]).json()
        #expect(routed["route"] as? String == "driverShare")
        let fragment = try #require(routed["fragment"] as? [String: Any])
        #expect(fragment["kind"] as? String == "signedProfile")
        #expect(fragment["length"] as? Int == url.split(separator: "#").last?.utf8.count)
    }

    @Test func aKeyMakesAPlainLink() async throws {
        let result = try await ChildProcess.clipkit(["link", "make", sampleNpub, "--manifest", roadflare, "--json"])
        #expect(result.status == 0)
        let json = try result.json()
        #expect(json["url"] as? String == "https://roadflare.app/share/d/\(sampleNpub)")
        #expect(json["embedded"] as? Bool == false)
        let text = try await ChildProcess.clipkit(["link", "make", sampleNpub, "--manifest", roadflare])
        #expect(text.standardOutput == "https://roadflare.app/share/d/\(sampleNpub)\n")
    }

    @Test func aForgedProfileIsANegativeAnswerAndBadInputIsUsage() async throws {
        let folder = try TemporaryDirectory(prefix: "clipkit-link-make")
        var event = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: sampleDriver))) as? [String: Any])
        event["content"] = (event["content"] as? String ?? "").replacingOccurrences(of: "Maria", with: "Mallory")
        let forged = folder.url.appendingPathComponent("forged.json")
        try JSONSerialization.data(withJSONObject: event).write(to: forged)
        let result = try await ChildProcess.clipkit(["link", "make", forged.path, "--manifest", roadflare, "--json"])
        #expect(result.status == 1)
        let json = try result.json()
        #expect(json["url"] == nil)
        #expect(json["code"] as? String == "not-genuine")
        #expect(result.standardError.contains("forged.json"))
        let bad = try await ChildProcess.clipkit(["link", "make", "npub1nothing", "--manifest", roadflare, "--json"])
        #expect(bad.status == 2)
        #expect(bad.standardError.contains("npub1nothing"))
    }

    @Test func simulateShowsTheDriverFromASignedLinkWithEveryRelayDead() async throws {
        let link = try await ChildProcess.clipkit(["link", "make", sampleDriver, "--manifest", roadflare]).standardOutput
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let container = try TemporaryDirectory(prefix: "clipkit-simulate-signed")
        let result = try await ChildProcess.clipkit([
            "simulate", link, "--manifest", roadflare, "--relay", "ws://127.0.0.1:\(try LoopbackPort.free())",
            "--scenario", "fresh-install", "--container", container.url.path, "--timeout", "2", "--signature-backend", "swift", "--json",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let json = try result.json()
        #expect(json["passed"] as? Bool == true)
        let steps = try #require(json["steps"] as? [[String: Any]])
        let previews = steps.filter { $0["name"] as? String == "preview" }.compactMap { $0["details"] as? [String: Any] }
        let shown = try #require(previews.last)
        #expect(shown["origin"] as? String == "link")
        #expect(shown["name"] as? String == "Maria Lopez")
        #expect(shown["relaysAnswered"] as? String == "0")
    }

    @Test func aRelayListRidesAlongAndSendsTheClipToTheWriteRelay() async throws {
        let write = try await LocalRelay.start()
        defer { write.stop() }
        let key = "link-relay-list-\(UUID().uuidString)"
        let now = Int(Date().timeIntervalSince1970)
        let signed = try await DriverFixtures.sign([
            .init(key: key, kind: 0, content: #"{"display_name":"Maria (link)"}"#, createdAt: now - 600),
            .init(key: key, kind: 10002, content: "", tags: [["r", write.url], ["r", "wss://read.example", "read"]], createdAt: now - 300),
            .init(key: key, kind: 0, content: #"{"display_name":"Maria (newer)"}"#, createdAt: now - 60),
        ])
        try await DriverFixtures.publish(eventsJSON: [signed[2]], to: write.url)
        let folder = try TemporaryDirectory(prefix: "clipkit-link-relay-list")
        let profile = folder.file("profile.json"), list = folder.file("relay-list.json")
        try Data(signed[0].utf8).write(to: profile)
        try Data(signed[1].utf8).write(to: list)

        let plain = try await ChildProcess.clipkit(["link", "make", profile.path, "--manifest", roadflare, "--json"]).json()
        let result = try await ChildProcess.clipkit(["link", "make", profile.path, "--relay-list", list.path, "--manifest", roadflare, "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let json = try result.json()
        let url = try #require(json["url"] as? String)
        #expect(json["carriesRelayList"] as? Bool == true)
        #expect(plain["carriesRelayList"] as? Bool == false)
        let plainURL = try #require(plain["url"] as? String)
        #expect(url.hasPrefix(plainURL + "."), "the relay list follows the profile after a '.'")
        #expect(try await ChildProcess.clipkit(["route", url, "--manifest", roadflare, "--json"]).json()["route"] as? String == "driverShare")

        // The manifest's relay is dead: only the link's relay list leads to the newer profile.
        let dead = "ws://127.0.0.1:\(try LoopbackPort.free())"
        let simulated = try await ChildProcess.clipkit([
            "simulate", url, "--manifest", roadflare, "--relay", dead, "--scenario", "fresh-install",
            "--container", folder.file("container").path, "--timeout", "10", "--json",
        ])
        #expect(simulated.status == 0, "\(simulated.standardError)")
        let steps = try #require(try simulated.json()["steps"] as? [[String: Any]])
        let shown = try #require(steps.filter { $0["name"] as? String == "preview" }.last?["details"] as? [String: String])
        #expect(shown["name"] == "Maria (newer)")
        #expect(shown["origin"] == "writeRelay")
        #expect(shown["relay"] == write.url)

        let refused = try await ChildProcess.clipkit(["link", "make", "npub1edvuw7sx35krakezgvkf40vf9pap3swtp5c3jfe5kl2fh5cgg29q0v85s8", "--relay-list", list.path, "--manifest", roadflare])
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("--relay-list"))
    }
}
