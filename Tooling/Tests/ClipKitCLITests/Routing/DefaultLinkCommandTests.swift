import ClipTestSupport
import Foundation
import Testing

/// Apple's default App Clip link at the command line, on the coffee shop's manifest (whose table and
/// store routes open it): `route` answers the route with typed parameters or the reason, `simulate`
/// runs the whole flow without the team's domain, `codes` makes a QR code and an NFC tag for it.
@Suite struct DefaultLinkCommandTests {
    let coffee = TestEnvironment.file("Examples/coffee-shop/clipkit.json").path
    static let link = "https://appclip.apple.com/id?p=com.example.Brew.Clip&store=soho&table=4"

    @Test func routeAnswersTheTableWithTypedParameters() async throws {
        let result = try await ChildProcess.clipkit(["route", Self.link, "--manifest", coffee, "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let json = try result.json()
        #expect(json["route"] as? String == "table")
        let params = try #require(json["params"] as? [String: Any])
        #expect(params["table"] as? Int == 4 && !(params["table"] is String), "an integer is a JSON number: \(params)")
        #expect(params["store"] as? String == "soho")
        #expect(params.count == 2, "the p item names the clip and is no parameter")
    }

    @Test(arguments: [
        ("https://appclip.apple.com/id?p=com.example.Other.Clip&store=soho",
         "the App Clip default link opens the clip 'com.example.Other.Clip', not this manifest's clip 'com.example.Brew.Clip'"),
        ("https://appclip.apple.com/id?p=com.example.Brew.Clip&store=soho&table=four",
         "route 'table' matched, but query item 'table' is not a valid integer: 'four' is not a decimal number"),
    ])
    func routeRefusesWithTheReason(url: String, reason: String) async throws {
        let result = try await ChildProcess.clipkit(["route", url, "--manifest", coffee, "--json"])
        #expect(result.status == 1)
        #expect(try result.json()["reason"] as? String == reason)
    }

    @Test func simulateRunsTheFlowWithoutTheDomain() async throws {
        let result = try await ChildProcess.clipkit(["simulate", Self.link, "--manifest", coffee, "--scenario", "all", "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let json = try result.json()
        #expect(json["passed"] as? Bool == true)
        let steps = try #require(json["steps"] as? [[String: Any]])
        let fresh = steps.filter { $0["scenario"] as? String == "fresh-install" }
        let decision = try #require(fresh.first { $0["name"] as? String == "link-decision" })
        #expect((decision["summary"] as? String)?.contains("default App Clip card") == true, "\(decision)")
        let claim = try #require(fresh.first { $0["name"] as? String == "claim" }?["details"] as? [String: String])
        #expect(claim["payload"] == #"{"store":"soho","table":4}"#)
        let scenarios = try #require(json["scenarios"] as? [[String: Any]])
        #expect((scenarios[1]["destination"] as? [String: Any])?["route"] as? String == "table", "the installed app gets the route")
    }

    @Test func codesAreMadeForADefaultLinkAndRefusedForAnotherClips() async throws {
        let folder = try TemporaryDirectory(prefix: "codes-default-link")
        let made = try await ChildProcess.clipkit(["codes", "--manifest", coffee, "--url", Self.link, "--out", folder.file("ok").path, "--json"], timeout: 120)
        #expect(made.status == 0, "\(made.standardError)")
        let codes = try #require(try made.json()["codes"] as? [[String: Any]])
        #expect(codes.map { $0["url"] as? String } == [Self.link])
        #expect(FileManager.default.fileExists(atPath: folder.file("ok/nfc/url-1.ndef").path))
        let refused = try await ChildProcess.clipkit([
            "codes", "--manifest", coffee, "--url", "https://appclip.apple.com/id?p=com.example.Other.Clip&store=soho", "--out", folder.file("no").path,
        ], timeout: 120)
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("opens the clip 'com.example.Other.Clip'"))
    }
}
