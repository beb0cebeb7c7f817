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
        #expect((fresh["payload"] as? [String: String]) == ["store": "soho", "table": "12"])
        #expect(fresh["origin"] as? String == "clipHandoff")
        let installed = try #require(scenarios[1]["destination"] as? [String: Any])
        #expect(installed["kind"] as? String == "link")
        #expect(installed["route"] as? String == "table")
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
