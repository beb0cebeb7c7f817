import ClipLoopback
import ClipTestSupport
import ClipToolingTestSupport
import Foundation
import Testing

/// `clipkit profile` keeps the command-line contract, against a real relay (`nostr-relay`) that
/// holds a profile signed and published by nostr-sdk.
@Suite("clipkit profile", .serialized)
struct ProfileCommandTests {
    static let script = TestEnvironment.file("Tests/Fixtures/python/relay_fixtures.py")

    /// Signs a profile for a fresh key, publishes it to `relay` and returns the author's npub and hex key.
    func publishProfile(_ content: String, to relay: LocalRelay) async throws -> (npub: String, pubkey: String) {
        let spec: [String: Any] = ["key": "cli-\(UUID().uuidString)", "kind": 0, "content": content, "createdAt": Int(Date().timeIntervalSince1970) - 5]
        let signed = try await ChildProcess.run(
            try TestEnvironment.python(), arguments: [Self.script.path, "sign"],
            standardInput: try JSONSerialization.data(withJSONObject: spec) + Data("\n".utf8)
        )
        try #require(signed.status == 0, "\(signed.standardError)")
        let line = try #require(try JSONSerialization.jsonObject(with: Data(signed.standardOutput.utf8)) as? [String: Any])
        let pubkey = try #require(line["pubkey"] as? String)
        let event = try JSONSerialization.data(withJSONObject: try #require(line["event"]))
        let published = try await ChildProcess.run(
            try TestEnvironment.python(), arguments: [Self.script.path, "publish", relay.url],
            standardInput: event + Data("\n".utf8)
        )
        try #require(published.status == 0 && published.standardOutput.contains(relay.url), "\(published.standardError)")
        let encoded = try await ChildProcess.clipkit(["nip19", "encode", pubkey])
        return (encoded.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines), pubkey)
    }

    @Test("an npub's profile is fetched, verified and printed as one JSON object")
    func fetchesAnNpub() async throws {
        let relay = try await LocalRelay.start()
        defer { relay.stop() }
        let author = try await publishProfile(#"{"name":"ana","display_name":"Ana","picture":"https://roadflare.app/ana.png","car_make":"Toyota"}"#, to: relay)
        let dead = "ws://127.0.0.1:\(try LoopbackPort.free())"
        let result = try await ChildProcess.clipkit(["profile", author.npub, "--relay", relay.url, "--relay", dead, "--timeout", "10", "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.split(separator: "\n").count == 1)
        let json = try result.json()
        #expect(json["pubkey"] as? String == author.pubkey)
        #expect(json["name"] as? String == "ana")
        #expect(json["displayName"] as? String == "Ana")
        #expect(json["picture"] as? String == "https://roadflare.app/ana.png")
        #expect((json["custom"] as? [String: Any])?["car_make"] as? String == "Toyota")
        #expect(json["createdAt"] is Int)
        #expect(json["relay"] as? String == relay.url)
        #expect(json["firstResultMs"] is Double)
        #expect(json["totalMs"] is Double)
        let relays = try #require(json["relays"] as? [[String: Any]])
        #expect(relays.map { $0["url"] as? String } == [relay.url, dead])
        #expect(relays.map { $0["outcome"] as? String } == ["eose", "failed"])
    }

    @Test("an nevent's author and an naddr of kind 0 are fetched from the string's own relay hints")
    func fetchesFromPointers() async throws {
        let relay = try await LocalRelay.start()
        defer { relay.stop() }
        let author = try await publishProfile(#"{"name":"ben"}"#, to: relay)
        let eventID = String(repeating: "ab", count: 32)
        let nevent = try await ChildProcess.clipkit(["nip19", "encode", "--event", eventID, "--author", author.pubkey, "--relay", relay.url])
        let naddr = try await ChildProcess.clipkit(["nip19", "encode", author.pubkey, "--address", "--kind", "0", "--relay", relay.url])
        for encoded in [nevent, naddr] {
            try #require(encoded.status == 0, "\(encoded.standardError)")
            let string = encoded.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
            let result = try await ChildProcess.clipkit(["profile", string, "--timeout", "10", "--json"])
            #expect(result.status == 0, "\(result.standardError)")
            let json = try result.json()
            #expect(json["pubkey"] as? String == author.pubkey)
            #expect(json["name"] as? String == "ben")
            #expect(json["relay"] as? String == relay.url)
        }
    }

    @Test("what names no profile, or a NIP-05 address that cannot be looked up, exits 2 with the reason")
    func refusesPointersToNoProfile() async throws {
        let key = String(repeating: "7", count: 64)
        let authorless = try await ChildProcess.clipkit(["nip19", "encode", "--event", key])
        let article = try await ChildProcess.clipkit(["nip19", "encode", key, "--address", "--kind", "30023", "--identifier", "x"])
        let closedPort = try LoopbackPort.free()
        let cases = [
            (authorless.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines), "author"),
            (article.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines), "kind 0"),
            // Nothing listens on the domain's port: the lookup fails, and says where.
            ("maria@127.0.0.1:\(closedPort)", "http://127.0.0.1:\(closedPort)/.well-known/nostr.json?name=maria"),
            ("maria@@roadflare.app", "exactly one '@'"),
        ]
        for (target, reason) in cases {
            let result = try await ChildProcess.clipkit(["profile", target, "--relay", "ws://127.0.0.1:9", "--nip05-loopback-http", "--json"])
            #expect(result.status == 2, "\(target): \(result.standardError)")
            #expect(result.standardError.contains(reason), "\(target): \(result.standardError)")
        }
    }

    @Test("a share URL is routed through the manifest to the npub")
    func routesAShareURL() async throws {
        let relay = try await LocalRelay.start()
        defer { relay.stop() }
        let author = try await publishProfile(#"{"name":"driver"}"#, to: relay)
        let folder = try TemporaryDirectory()
        var manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: TestEnvironment.file("Examples/roadflare/clipkit.json"))) as? [String: Any])
        manifest.removeValue(forKey: "nostr")
        manifest.removeValue(forKey: "$schema")
        try JSONSerialization.data(withJSONObject: manifest).write(to: folder.file("clipkit.json"))
        let result = try await ChildProcess.clipkit(
            ["profile", "https://roadflare.app/share/d/\(author.npub)", "--relay", relay.url, "--timeout", "10", "--json"],
            currentDirectory: folder.url
        )
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try result.json()["pubkey"] as? String == author.pubkey)
        #expect(try result.json()["name"] as? String == "driver")
    }

    @Test("no profile on the relays exits 1 with the relays' outcomes")
    func noProfileExitsOne() async throws {
        let relay = try await LocalRelay.start()
        defer { relay.stop() }
        let npub = "npub180cvv07tjdrrgpa0j7j7tmnyl2yr6yr7l8j4s3evf6u64th6gkwsyjh6w6"
        let result = try await ChildProcess.clipkit(["profile", npub, "--relay", relay.url, "--timeout", "10", "--json"])
        #expect(result.status == 1)
        let json = try result.json()
        #expect(json["found"] as? Bool == false)
        #expect(json["reason"] is String)
        #expect(json["reasonCode"] as? String == "not-found")
        #expect((json["relays"] as? [[String: Any]])?.first?["outcome"] as? String == "eose")
        #expect((json["relays"] as? [[String: Any]])?.first?["reasonCode"] == nil)
        #expect(result.standardError.split(separator: "\n").count == 1)
        #expect(result.standardError.contains("1 of 1 relay(s) answered and had none"), "\(result.standardError)")
    }

    @Test("bad input exits 2 with one line naming the problem", arguments: [
        (["profile", "npub1notvalid", "--relay", "wss://relay.example"], "not an npub"),
        (["profile", "npub180cvv07tjdrrgpa0j7j7tmnyl2yr6yr7l8j4s3evf6u64th6gkwsyjh6w6", "--relay", "http://relay.example"], "--relay"),
        (["profile", "npub180cvv07tjdrrgpa0j7j7tmnyl2yr6yr7l8j4s3evf6u64th6gkwsyjh6w6", "--relay", "ws://relay.example"], "loopback"),
        (["profile", "npub180cvv07tjdrrgpa0j7j7tmnyl2yr6yr7l8j4s3evf6u64th6gkwsyjh6w6"], "no relays"),
        (["profile", "npub180cvv07tjdrrgpa0j7j7tmnyl2yr6yr7l8j4s3evf6u64th6gkwsyjh6w6", "--relay", "wss://relay.example", "--timeout", "-1"], "--timeout"),
        (["profile", "npub180cvv07tjdrrgpa0j7j7tmnyl2yr6yr7l8j4s3evf6u64th6gkwsyjh6w6", "--relay", "wss://relay.example", "--write-relays", "17"], "--write-relays"),
        (["profile", "https://roadflare.app/share/d/npub180cvv07tjdrrgpa0j7j7tmnyl2yr6yr7l8j4s3evf6u64th6gkwsyjh6w6", "--relay", "wss://relay.example"], "manifest"),
    ])
    func badInput(arguments: [String], fragment: String) async throws {
        let folder = try TemporaryDirectory()
        let result = try await ChildProcess.clipkit(arguments + ["--json"], currentDirectory: folder.url)
        #expect(result.status == 2)
        #expect(result.standardError.split(separator: "\n").count == 1)
        #expect(result.standardError.contains(fragment), "\(result.standardError)")
        #expect((try result.json()["error"] as? [String: Any])?["message"] is String)
    }

    @Test("a profile only on the author's write relay is found through their relay list, and the path is shown")
    func followsTheRelayList() async throws {
        let index = try await LocalRelay.start()
        defer { index.stop() }
        let write = try await LocalRelay.start()
        defer { write.stop() }
        let key = "cli-outbox-\(UUID().uuidString)"
        let now = Int(Date().timeIntervalSince1970)
        let signed = try await DriverFixtures.sign([
            .init(key: key, kind: 0, content: #"{"name":"maria"}"#, createdAt: now - 60),
            .init(key: key, kind: 10002, content: "", tags: [["r", write.url, "write"]], createdAt: now - 30),
        ])
        try await DriverFixtures.publish(eventsJSON: [signed[1]], to: index.url)
        try await DriverFixtures.publish(eventsJSON: [signed[0]], to: write.url)
        let listID = try #require((try JSONSerialization.jsonObject(with: Data(signed[1].utf8)) as? [String: Any])?["id"] as? String)
        let pubkey = try #require((try JSONSerialization.jsonObject(with: Data(signed[0].utf8)) as? [String: Any])?["pubkey"] as? String)

        // The write relay is a local one: --allow-private-outbound lets a relay list name it.
        let result = try await ChildProcess.clipkit([
            "profile", try await npub(pubkey), "--relay", index.url, "--timeout", "10", "--allow-private-outbound", "--json",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let json = try result.json()
        #expect(json["name"] as? String == "maria")
        #expect(json["relay"] as? String == write.url)
        let list = try #require(json["relayList"] as? [String: Any])
        #expect(list["id"] as? String == listID)
        #expect(list["from"] as? String == index.url)
        #expect(list["writeRelays"] as? [String] == [write.url])
        let relays = try #require(json["relays"] as? [[String: Any]])
        #expect(relays.map { $0["url"] as? String } == [index.url, write.url])
        #expect(relays.map { $0["role"] as? String } == ["given", "write-relay"])

        let text = try await ChildProcess.clipkit(["profile", try await npub(pubkey), "--relay", index.url, "--timeout", "10", "--allow-private-outbound"])
        #expect(text.status == 0, "\(text.standardError)")
        #expect(text.standardOutput.contains("path: relay list (kind 10002) from \(index.url) → write relays asked: \(write.url) → profile from \(write.url) (a write relay)"), "\(text.standardOutput)")

        let off = try await ChildProcess.clipkit([
            "profile", try await npub(pubkey), "--relay", index.url, "--write-relays", "0", "--timeout", "10", "--allow-private-outbound", "--json",
        ])
        #expect(off.status == 1, "without the write relays the given relay has no profile")
        #expect(try off.json()["reasonCode"] as? String == "not-found")

        // By default a relay list's write relays must be public: the loopback one is refused,
        // with its address and why, and never connected to.
        let guarded = try await ChildProcess.clipkit(["profile", try await npub(pubkey), "--relay", index.url, "--timeout", "10", "--json"])
        #expect(guarded.status == 1, "\(guarded.standardOutput)")
        let writeReport = try #require((try guarded.json()["relays"] as? [[String: Any]])?.first { $0["url"] as? String == write.url })
        let reason = try #require(writeReport["reason"] as? String)
        #expect(reason.contains("127.0.0.1") && reason.contains("loopback") && reason.contains("public addresses only"), "\(reason)")
        let guardedText = try await ChildProcess.clipkit(["profile", try await npub(pubkey), "--relay", index.url, "--timeout", "10"])
        #expect(guardedText.standardOutput.contains("loopback") || guardedText.standardError.contains("loopback"), "the text output says why too")
    }

    func npub(_ pubkey: String) async throws -> String {
        try await ChildProcess.clipkit(["nip19", "encode", pubkey]).standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
