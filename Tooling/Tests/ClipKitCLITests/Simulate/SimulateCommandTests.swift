import ClipLoopback
import ClipTestSupport
import ClipToolingTestSupport
import Foundation
import Testing

/// `clipkit simulate` keeps the command-line contract, against a real relay holding a driver
/// profile signed and published by nostr-sdk.
@Suite("clipkit simulate", .serialized, .timeLimit(.minutes(2)))
struct SimulateCommandTests {
    let roadflare = TestEnvironment.file("Examples/roadflare/clipkit.json").path
    let bluesky = TestEnvironment.file("Examples/bluesky/clipkit.json").path

    @Test("the four scenarios pass on a real relay, as one JSON object with every step, with either signature backend",
          arguments: ["swift", "libsecp256k1"])
    func allScenariosAsJSON(signatureBackend: String) async throws {
        let relay = try await LocalRelay.start()
        defer { relay.stop() }
        let driver = try await DriverFixtures.signProfile(key: "cli-simulate", content: ["display_name": "Ana Driver", "car_make": "Toyota"])
        try await DriverFixtures.publish([driver], to: relay.url)
        let npub = try await ChildProcess.clipkit(["nip19", "encode", driver.pubkey]).standardOutput
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let container = try TemporaryDirectory(prefix: "clipkit-simulate-cli")
        let result = try await ChildProcess.clipkit([
            "simulate", "https://roadflare.app/share/d/\(npub)", "--manifest", roadflare, "--relay", relay.url,
            "--container", container.url.path, "--timeout", "5", "--signature-backend", signatureBackend, "--json",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.split(separator: "\n").count == 1)
        let json = try result.json()
        #expect(json["passed"] as? Bool == true)
        let scenarios = try #require(json["scenarios"] as? [[String: Any]])
        #expect(scenarios.map { $0["scenario"] as? String } == ["fresh-install", "app-installed", "clip-evicted", "returning-user"])
        let fresh = try #require(scenarios.first?["destination"] as? [String: Any])
        #expect(fresh["kind"] as? String == "addDriver")
        #expect(fresh["displayName"] as? String == "Ana Driver")
        #expect(fresh["origin"] as? String == "clipHandoff")
        let steps = try #require(json["steps"] as? [[String: Any]])
        let names = steps.filter { $0["scenario"] as? String == "fresh-install" }.compactMap { $0["name"] as? String }
        for name in ["route", "link-decision", "clip-launch", "preview", "get-app", "handoff-offered", "overlay", "install", "app-launch", "claim", "onboarding"] {
            #expect(names.contains(name), "\(name) in \(names)")
        }
        #expect(FileManager.default.fileExists(atPath: container.file("returning-user/ClipKit/SharedDefaults").path))
    }

    @Test("on a terminal each step is printed as a line")
    func printsSteps() async throws {
        let result = try await ChildProcess.clipkit([
            "simulate", "https://bsky.app/start/alice.bsky.social/3kabc", "--manifest", bluesky, "--scenario", "fresh-install",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("[fresh-install] web-content"))
        #expect(result.standardOutput.contains("?clip=true"))
        #expect(result.standardOutput.contains(#"the screen for bluesky.starterPack, pre-filled with {"starterPackUri":"https://bsky.app/start/alice.bsky.social/3kabc"}"#))
        #expect(result.standardOutput.contains("1 of 1 scenario(s) passed"))
    }

    @Test("the coffee shop's table link passes the four scenarios, as one JSON object")
    func theCoffeeShop() async throws {
        let coffee = TestEnvironment.file("Examples/coffee-shop/clipkit.json").path
        let result = try await ChildProcess.clipkit(["simulate", "https://brew.example/s/soho/t/12", "--manifest", coffee, "--scenario", "all", "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let json = try result.json()
        #expect(json["passed"] as? Bool == true)
        let scenarios = try #require(json["scenarios"] as? [[String: Any]])
        #expect(scenarios.map { $0["scenario"] as? String } == ["fresh-install", "app-installed", "clip-evicted", "returning-user"])
        let fresh = try #require(scenarios.first?["destination"] as? [String: Any])
        #expect(fresh["kind"] as? String == "handoff")
        #expect(fresh["type"] as? String == "com.example.coffee.order")
        let payload = try #require(fresh["payload"] as? [String: Any])
        #expect(payload["store"] as? String == "soho")
        #expect(payload["table"] as? Int == 12 && !(payload["table"] is String), "an integer capture is a JSON number: \(payload)")
        #expect(fresh["origin"] as? String == "clipHandoff")
        let installed = try #require(scenarios[1]["destination"] as? [String: Any])
        #expect(installed["kind"] as? String == "link")
        #expect(installed["route"] as? String == "table")
    }

    @Test("integer, uuid and slug captures are handed off typed: the integer as a JSON number")
    func typedCaptures() async throws {
        let ticketing = TestEnvironment.file("Tests/Fixtures/ticketing/clipkit.json").path
        let link = "https://tickets.acme.com/v/hall-7/e/42/t/0F8D2C5A-3B7E-4E21-9C4D-5A6B7C8D9E0F"
        let result = try await ChildProcess.clipkit(["simulate", link, "--manifest", ticketing, "--scenario", "fresh-install", "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let json = try result.json()
        #expect(json["passed"] as? Bool == true)
        let steps = try #require(json["steps"] as? [[String: Any]])
        let claim = try #require(steps.first { $0["name"] as? String == "claim" })
        let details = try #require(claim["details"] as? [String: String], "\(claim)")
        #expect(details["type"] == "com.acme.event")
        // The payload as the app claimed it, compared after parsing: a number, not the string "42".
        let claimed = try #require(JSONSerialization.jsonObject(with: Data((details["payload"] ?? "").utf8)) as? [String: Any])
        #expect(claimed["eventID"] as? Int == 42 && !(claimed["eventID"] is String), "\(details["payload"] ?? "")")
        #expect(claimed["ticketID"] as? String == "0f8d2c5a-3b7e-4e21-9c4d-5a6b7c8d9e0f", "a uuid capture, normalized")
        #expect(claimed["venue"] as? String == "hall-7")
        #expect(details["payload"]?.contains(#""eventID":42"#) == true)
    }

    @Test("a declared query item is handed off with the capture: /x/42?lang=fr leaves {\"exhibit\":42,\"lang\":\"fr\"}")
    func declaredQueryItems() async throws {
        let museum = TestEnvironment.file("Tests/Fixtures/museum/clipkit.json").path
        let result = try await ChildProcess.clipkit(["simulate", "https://museum.example/x/42?lang=fr", "--manifest", museum, "--scenario", "all", "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let json = try result.json()
        #expect(json["passed"] as? Bool == true)
        let steps = try #require(json["steps"] as? [[String: Any]])
        let fresh = steps.filter { $0["scenario"] as? String == "fresh-install" }
        let offered = try #require(fresh.first { $0["name"] as? String == "handoff-offered" }?["details"] as? [String: String])
        #expect(offered["payload"] == #"{"exhibit":42,"lang":"fr"}"#)
        let claim = try #require(fresh.first { $0["name"] as? String == "claim" }?["details"] as? [String: String])
        #expect(claim["payload"] == #"{"exhibit":42,"lang":"fr"}"#)
        let scenarios = try #require(json["scenarios"] as? [[String: Any]])
        let destination = try #require(scenarios.first?["destination"] as? [String: Any])
        let payload = try #require(destination["payload"] as? [String: Any])
        #expect(payload["exhibit"] as? Int == 42 && !(payload["exhibit"] is String), "\(payload)")
        #expect(payload["lang"] as? String == "fr")
        // The installed app opened by the link gets the route with both parameters.
        let installed = try #require(scenarios[1]["destination"] as? [String: Any])
        #expect(installed["kind"] as? String == "link")
        #expect(installed["route"] as? String == "exhibit")
    }

    @Test("a declared integer query item given abc: no route, exit 1, with the reason")
    func declaredQueryItemOfTheWrongKind() async throws {
        let museum = TestEnvironment.file("Tests/Fixtures/museum/clipkit.json").path
        let result = try await ChildProcess.clipkit(["simulate", "https://museum.example/x/42?tour=abc", "--manifest", museum, "--scenario", "fresh-install", "--json"])
        #expect(result.status == 1)
        let json = try result.json()
        #expect(json["passed"] as? Bool == false)
        let reason = try #require(json["reason"] as? String)
        #expect(reason.hasSuffix("https://museum.example/x/42?tour=abc: route 'exhibit' matched, but query item 'tour' is not a valid integer: 'abc' is not a decimal number"), "\(reason)")
        #expect(result.standardError.contains("query item 'tour' is not a valid integer"))
    }

    @Test("a payload an older clip wrote that the app's type cannot take is claimed and given back with the reason")
    func olderClip() async throws {
        let ticketing = TestEnvironment.file("Tests/Fixtures/ticketing/clipkit.json").path
        let result = try await ChildProcess.clipkit(["simulate", "https://tickets.acme.com/e/42", "--manifest", ticketing, "--scenario", "older-clip", "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let json = try result.json()
        let scenario = try #require((json["scenarios"] as? [[String: Any]])?.first)
        #expect(scenario["passed"] as? Bool == true, "\(scenario)")
        #expect((scenario["destination"] as? [String: Any])?["kind"] as? String == "standardOnboarding")
        let steps = try #require(json["steps"] as? [[String: Any]])
        let offered = try #require(steps.first { $0["name"] as? String == "handoff-offered" }?["details"] as? [String: String])
        #expect(offered["payload"] == #"{"eventID":"42"}"#)
        let claim = try #require(steps.first { $0["name"] as? String == "claim" }?["details"] as? [String: String])
        #expect(claim["payload"] == #"{"eventID":"42"}"#, "the app has the payload")
        let reason = try #require(claim["openedNoScreen"], "given back with the reason: \(claim)")
        #expect(reason.contains("member 'eventID'") && reason.contains("kind integer"), "\(reason)")

        // A clip route whose captures are all strings: the older payload still fits and opens its screen.
        let coffee = TestEnvironment.file("Examples/coffee-shop/clipkit.json").path
        let store = try await ChildProcess.clipkit(["simulate", "https://brew.example/s/soho", "--manifest", coffee, "--scenario", "older-clip", "--json"])
        #expect(store.status == 0, "\(store.standardError)")
        let table = try await ChildProcess.clipkit(["simulate", "https://brew.example/s/soho/t/12", "--manifest", coffee, "--scenario", "older-clip", "--json"])
        #expect(table.status == 0, "the table, an integer, is refused and given back: \(table.standardError)")
    }

    @Test("a link no route handles exits 1 with the reason")
    func noRoute() async throws {
        let result = try await ChildProcess.clipkit(["simulate", "https://roadflare.app/nowhere", "--manifest", roadflare, "--scenario", "fresh-install", "--json"])
        #expect(result.status == 1)
        let json = try result.json()
        #expect(json["passed"] as? Bool == false)
        #expect((json["reason"] as? String)?.contains("no route") == true)
        #expect(result.standardError.contains("no route"))
    }

    @Test("dead relays only: exit 1, and the npub-only handoff still reaches the app")
    func deadRelays() async throws {
        let npub = try await ChildProcess.clipkit(["nip19", "encode", String(repeating: "7", count: 64)]).standardOutput
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let dead = "ws://127.0.0.1:\(try LoopbackPort.free())"
        let result = try await ChildProcess.clipkit([
            "simulate", "https://roadflare.app/share/d/\(npub)", "--manifest", roadflare, "--relay", dead,
            "--scenario", "fresh-install", "--timeout", "2", "--json",
        ])
        #expect(result.status == 1)
        let json = try result.json()
        #expect((json["reason"] as? String)?.contains("no verified profile") == true)
        let destination = try #require((json["scenarios"] as? [[String: Any]])?.first?["destination"] as? [String: Any])
        #expect(destination["npub"] as? String == npub)
        #expect(destination["origin"] as? String == "clipHandoff")
    }

    @Test("bad input exits 2 with one line", arguments: [
        ["--scenario", "sideways"], ["--relay", "http://relay.example"], ["--timeout", "0"], ["--manifest", "/nonexistent/clipkit.json"],
    ])
    func badInput(_ extra: [String]) async throws {
        var arguments = ["simulate", "https://roadflare.app/share/d/npub1x", "--manifest", roadflare]
        arguments += extra
        let result = try await ChildProcess.clipkit(arguments + ["--json"])
        #expect(result.status == 2, "\(extra): \(result.standardError)")
        #expect(result.standardError.split(separator: "\n").count == 1)
    }
}

/// `clipkit simulate` on a driver whose profile sits only on their own write relay: the relay
/// the manifest names holds only their relay list (kind 10002), both signed by nostr-sdk.
@Suite("clipkit simulate through the driver's relay list", .serialized, .timeLimit(.minutes(2)))
struct SimulateOutboxCommandTests {
    @Test("the preview step shows the path: the relay list, the write relay, the profile")
    func profileFoundOnTheWriteRelay() async throws {
        let roadflare = TestEnvironment.file("Examples/roadflare/clipkit.json").path
        let index = try await LocalRelay.start()
        defer { index.stop() }
        let write = try await LocalRelay.start()
        defer { write.stop() }
        let key = "cli-simulate-outbox-\(UUID().uuidString)"
        let now = Int(Date().timeIntervalSince1970)
        let signed = try await DriverFixtures.sign([
            .init(key: key, kind: 0, content: #"{"display_name":"Maria Driver","car_make":"Kia"}"#, createdAt: now - 60),
            .init(key: key, kind: 10002, content: "", tags: [["r", write.url]], createdAt: now - 30),
        ])
        try await DriverFixtures.publish(eventsJSON: [signed[1]], to: index.url)
        try await DriverFixtures.publish(eventsJSON: [signed[0]], to: write.url)
        let pubkey = try #require(
            (try JSONSerialization.jsonObject(with: Data(signed[0].utf8)) as? [String: Any])?["pubkey"] as? String
        )
        let npub = try await ChildProcess.clipkit(["nip19", "encode", pubkey]).standardOutput
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let container = try TemporaryDirectory(prefix: "clipkit-simulate-outbox")
        let result = try await ChildProcess.clipkit([
            "simulate", "https://roadflare.app/share/d/\(npub)", "--manifest", roadflare, "--relay", index.url,
            "--container", container.url.path, "--timeout", "10", "--scenario", "fresh-install", "--json",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let json = try result.json()
        #expect(json["passed"] as? Bool == true)
        let steps = try #require(json["steps"] as? [[String: Any]])
        let previews = steps.filter { $0["name"] as? String == "preview" }
        let shown = try #require(previews.last?["details"] as? [String: String], "\(previews)")
        #expect(shown["state"] == "preview")
        #expect(shown["name"] == "Maria Driver")
        #expect(shown["origin"] == "writeRelay")
        #expect(shown["relay"] == write.url)
        #expect(shown["path"]?.contains("relay list (kind 10002)") == true)
        #expect(shown["relaysAsked"] == "2", "the manifest's relay and the write relay")

        let text = try await ChildProcess.clipkit([
            "simulate", "https://roadflare.app/share/d/\(npub)", "--manifest", roadflare, "--relay", index.url,
            "--container", try TemporaryDirectory(prefix: "clipkit-simulate-outbox-text").url.path, "--timeout", "10",
            "--scenario", "fresh-install",
        ])
        #expect(text.status == 0, "\(text.standardError)")
        #expect(text.standardOutput.contains("write relay"), "\(text.standardOutput)")
    }
}
