@_spi(ClipKitTooling) import ClipKit
import ClipTestSupport
import Foundation
import Testing

/// The links Apple serves, at the command line: the default App Clip link on the museum's manifest
/// (whose exhibit and ticket routes open it), and the ticketing fixture's demo link. `route` answers
/// the route with typed parameters or the reason, `simulate` runs the whole flow without the team's
/// domain, and `codes` makes a QR code and an NFC tag for each.
@Suite struct AppleServedLinkCommandTests {
    let museum = TestEnvironment.file("Tests/Fixtures/museum/clipkit.json").path
    static let link = "https://appclip.apple.com/id?p=com.example.Museum.Clip&exhibit=42&lang=fr"

    @Test func routeAnswersTheExhibitWithTypedParameters() async throws {
        let result = try await ChildProcess.clipkit(["route", Self.link, "--manifest", museum, "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let json = try result.json()
        #expect(json["route"] as? String == "exhibit")
        let params = try #require(json["params"] as? [String: Any])
        #expect(params["exhibit"] as? Int == 42 && !(params["exhibit"] is String), "an integer is a JSON number: \(params)")
        #expect(params["lang"] as? String == "fr")
        #expect(params.count == 2, "the p item names the clip and is no parameter")
    }

    @Test(arguments: [
        ("https://appclip.apple.com/id?p=com.example.Other.Clip&exhibit=42",
         "the App Clip default link opens the clip 'com.example.Other.Clip', not this manifest's clip 'com.example.Museum.Clip'"),
        ("https://appclip.apple.com/id?p=com.example.Museum.Clip&exhibit=forty",
         "route 'exhibit' matched, but query item 'exhibit' is not a valid integer: 'forty' is not a decimal number"),
    ])
    func routeRefusesWithTheReason(url: String, reason: String) async throws {
        let result = try await ChildProcess.clipkit(["route", url, "--manifest", museum, "--json"])
        #expect(result.status == 1)
        #expect(try result.json()["reason"] as? String == reason)
    }

    /// One example's default link: the link, the route it opens with its parameters as `--json`
    /// prints them (an integer as a JSON number), and a link with an item of the wrong kind.
    struct ExampleDefaultLink: Sendable, CustomStringConvertible {
        let example: String
        let clip: String
        let items: String
        let route: String
        let params: [String: JSONValue]
        let wrongKind: String
        let reason: String
        var description: String { example }
    }

    static let npub = "npub180cvv07tjdrrgpa0j7j7tmnyl2yr6yr7l8j4s3evf6u64th6gkwsyjh6w6"
    static let exampleLinks = [
        ExampleDefaultLink(
            example: "coffee-shop", clip: "com.example.Brew.Clip", items: "store=soho&table=4", route: "table",
            params: ["store": .string("soho"), "table": .number(4)], wrongKind: "store=soho&table=four",
            reason: "route 'table' matched, but query item 'table' is not a valid integer: 'four' is not a decimal number"
        ),
        ExampleDefaultLink(
            example: "food-truck", clip: "com.example.Truck.Clip", items: "truck=tacos-el-rey&stop=12", route: "menu",
            params: ["truck": .string("tacos-el-rey"), "stop": .number(12)], wrongKind: "truck=tacos-el-rey&stop=abc",
            reason: "route 'menu' matched, but query item 'stop' is not a valid integer: 'abc' is not a decimal number"
        ),
        ExampleDefaultLink(
            example: "roadflare", clip: "com.roadflare.RoadFlare.Clip", items: "npub=\(npub)", route: "driverShare",
            params: ["npub": .string(npub)], wrongKind: "npub=npub1invalid", reason: "route 'driverShare' matched, but query item 'npub' is not a valid npub"
        ),
        ExampleDefaultLink(
            example: "bluesky", clip: "xyz.blueskyweb.app.AppClip", items: "handle=alice.bsky.social&rkey=3jzfcijpj2z2a", route: "starterPack",
            params: ["handle": .string("alice.bsky.social"), "rkey": .string("3jzfcijpj2z2a")], wrongKind: "handle=alice.bsky.social&rkey=has%20space",
            reason: "route 'starterPack' matched, but query item 'rkey' is not a valid recordKey"
        ),
    ]

    /// Every example opens the default link: the right route with typed parameters; a link whose
    /// `p` names another clip, or whose item has the wrong kind, is refused with the reason.
    @Test(arguments: exampleLinks)
    func everyExampleAnswersItsDefaultLink(link: ExampleDefaultLink) async throws {
        let manifest = TestEnvironment.file("Examples/\(link.example)/clipkit.json").path
        let result = try await ChildProcess.clipkit([
            "route", "https://appclip.apple.com/id?p=\(link.clip)&\(link.items)", "--manifest", manifest, "--json",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let json = try JSONValue(parsing: Data(result.standardOutput.utf8))
        #expect(json["route"] == .string(link.route))
        #expect(json["params"] == .object(link.params))
        let other = try await ChildProcess.clipkit([
            "route", "https://appclip.apple.com/id?p=com.example.Other.Clip&\(link.items)", "--manifest", manifest, "--json",
        ])
        #expect(other.status == 1)
        #expect(try other.json()["reason"] as? String
            == "the App Clip default link opens the clip 'com.example.Other.Clip', not this manifest's clip '\(link.clip)'")
        let wrong = try await ChildProcess.clipkit([
            "route", "https://appclip.apple.com/id?p=\(link.clip)&\(link.wrongKind)", "--manifest", manifest, "--json",
        ])
        #expect(wrong.status == 1)
        let reason = try wrong.json()["reason"] as? String ?? ""
        #expect(reason.hasPrefix(link.reason), "\(reason)")
    }

    /// The ticketing fixture's demo link (`clip.demoLinks`), which opens its box-office route.
    static let demo = "https://appclip.apple.com/id?p=com.acme.Tickets.Clip&demo=1"
    static let ticketing = TestEnvironment.file("Tests/Fixtures/ticketing/clipkit.json").path

    /// `route` on the demo link: the default experience without parameters, and the reason for one
    /// with items added.
    @Test func routeAnswersADemoLinkWithTheDefaultExperienceAndRefusesParameters() async throws {
        let result = try await ChildProcess.clipkit(["route", Self.demo, "--manifest", Self.ticketing, "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let json = try result.json()
        #expect(json["route"] as? String == "boxOffice")
        #expect((json["params"] as? [String: Any])?.isEmpty == true, "\(json)")
        let refused = try await ChildProcess.clipkit(["route", Self.demo + "&eventID=42", "--manifest", Self.ticketing, "--json"])
        #expect(refused.status == 1)
        #expect((try refused.json()["reason"] as? String)?.hasPrefix("the link is the clip's demo link with query items added ('eventID')") == true)
    }

    /// `simulate` runs the flow without the team's domain, for the default link and for a demo
    /// link: the card, the clip's route, the note with its typed payload, the app's claim.
    @Test(arguments: [
        (link, "museum", "default App Clip card", "exhibit", #"{"exhibit":42,"lang":"fr"}"#),
        (demo, "ticketing", "the App Clip card, and the clip opens route 'boxOffice'", "boxOffice", "{}"),
    ])
    func simulateRunsTheFlowWithoutTheDomain(link: String, fixture: String, card: String, route: String, payload: String) async throws {
        let manifest = TestEnvironment.file("Tests/Fixtures/\(fixture)/clipkit.json").path
        let result = try await ChildProcess.clipkit(["simulate", link, "--manifest", manifest, "--scenario", "all", "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let json = try result.json()
        #expect(json["passed"] as? Bool == true)
        let steps = try #require(json["steps"] as? [[String: Any]])
        let fresh = steps.filter { $0["scenario"] as? String == "fresh-install" }
        let decision = try #require(fresh.first { $0["name"] as? String == "link-decision" })
        #expect((decision["summary"] as? String)?.contains(card) == true, "\(decision)")
        #expect((decision["details"] as? [String: String])?["aasa"] == "none: Apple serves the link", "\(decision)")
        let claim = try #require(fresh.first { $0["name"] as? String == "claim" }?["details"] as? [String: String])
        #expect(claim["payload"] == payload)
        let scenarios = try #require(json["scenarios"] as? [[String: Any]])
        #expect((scenarios[1]["destination"] as? [String: Any])?["route"] as? String == route, "the installed app gets the route")
    }

    /// `codes` makes a QR code and an NFC tag for a default link and for a demo link, and refuses
    /// another clip's default link and a demo link with items added, naming why.
    @Test(arguments: [
        ("museum", link, "https://appclip.apple.com/id?p=com.example.Other.Clip&exhibit=42", "opens the clip 'com.example.Other.Clip'"),
        ("ticketing", demo, demo + "&seat=12",
         "the clip's demo link with query items added ('seat'); a demo link opens the default experience and carries no parameters"),
    ])
    func codesAreMadeForApplesLinksAndRefusedWithTheReason(fixture: String, accepted: String, refused: String, reason: String) async throws {
        let manifest = TestEnvironment.file("Tests/Fixtures/\(fixture)/clipkit.json").path
        let folder = try TemporaryDirectory(prefix: "codes-apple-link")
        let made = try await ChildProcess.clipkit(["codes", "--manifest", manifest, "--url", accepted, "--out", folder.file("ok").path, "--json"], timeout: 120)
        #expect(made.status == 0, "\(made.standardError)")
        let codes = try #require(try made.json()["codes"] as? [[String: Any]])
        #expect(codes.map { $0["url"] as? String } == [accepted])
        #expect(FileManager.default.fileExists(atPath: folder.file("ok/nfc/url-1.ndef").path))
        let refusal = try await ChildProcess.clipkit(["codes", "--manifest", manifest, "--url", refused, "--out", folder.file("no").path], timeout: 120)
        #expect(refusal.status == 1)
        #expect(refusal.standardError.contains(reason), "\(refusal.standardError)")
        let written = (try? FileManager.default.contentsOfDirectory(atPath: folder.file("no").path)) ?? []
        #expect(written.isEmpty, "no code is written for a refused link: \(written)")
    }
}
