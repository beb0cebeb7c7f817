import ClipTestSupport
import Foundation
import Testing

/// The clip's demo link at the command line, on the ticketing fixture (whose `clip.demoLinks` open
/// its box-office route): `route` answers the default experience, `simulate` runs the flow without
/// the team's domain, and `codes` makes a QR code and an NFC tag for it but refuses one that adds
/// parameters, naming why.
@Suite struct DemoLinkCommandTests {
    let ticketing = TestEnvironment.file("Tests/Fixtures/ticketing/clipkit.json").path
    static let demo = "https://appclip.apple.com/id?p=com.acme.Tickets.Clip&demo=1"

    @Test func routeAnswersTheDefaultExperienceAndRefusesParameters() async throws {
        let result = try await ChildProcess.clipkit(["route", Self.demo, "--manifest", ticketing, "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let json = try result.json()
        #expect(json["route"] as? String == "boxOffice")
        #expect((json["params"] as? [String: Any])?.isEmpty == true, "\(json)")
        let refused = try await ChildProcess.clipkit(["route", Self.demo + "&eventID=42", "--manifest", ticketing, "--json"])
        #expect(refused.status == 1)
        #expect((try refused.json()["reason"] as? String)?.hasPrefix("the link is the clip's demo link with query items added ('eventID')") == true)
    }

    @Test func simulateShowsTheCardAndTheAppGetsTheRoute() async throws {
        let result = try await ChildProcess.clipkit(["simulate", Self.demo, "--manifest", ticketing, "--scenario", "all", "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let json = try result.json()
        #expect(json["passed"] as? Bool == true)
        let steps = try #require(json["steps"] as? [[String: Any]])
        let fresh = steps.filter { $0["scenario"] as? String == "fresh-install" }
        let decision = try #require(fresh.first { $0["name"] as? String == "link-decision" })
        #expect((decision["summary"] as? String)?.contains("the clip opens route 'boxOffice'") == true, "\(decision)")
        #expect((decision["details"] as? [String: String])?["link"]?.hasPrefix("the demo link App Store Connect made") == true, "\(decision)")
        let claim = try #require(fresh.first { $0["name"] as? String == "claim" }?["details"] as? [String: String])
        #expect(claim["payload"] == "{}", "the box office's handoff carries no parameters: \(claim)")
        let scenarios = try #require(json["scenarios"] as? [[String: Any]])
        #expect((scenarios[1]["destination"] as? [String: Any])?["route"] as? String == "boxOffice", "the installed app gets the route")
    }

    @Test func codesAreMadeForTheDemoLinkAndRefusedWithParameters() async throws {
        let folder = try TemporaryDirectory(prefix: "codes-demo-link")
        let made = try await ChildProcess.clipkit(["codes", "--manifest", ticketing, "--url", Self.demo, "--out", folder.file("ok").path, "--json"], timeout: 120)
        #expect(made.status == 0, "\(made.standardError)")
        let codes = try #require(try made.json()["codes"] as? [[String: Any]])
        #expect(codes.map { $0["url"] as? String } == [Self.demo])
        #expect(FileManager.default.fileExists(atPath: folder.file("ok/nfc/url-1.ndef").path))
        let refused = try await ChildProcess.clipkit([
            "codes", "--manifest", ticketing, "--url", Self.demo + "&seat=12", "--out", folder.file("no").path,
        ], timeout: 120)
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("the clip's demo link with query items added ('seat'); a demo link opens the default experience and carries no parameters"), "\(refused.standardError)")
        let written = (try? FileManager.default.contentsOfDirectory(atPath: folder.file("no").path)) ?? []
        #expect(written.isEmpty, "no code is written for a refused link: \(written)")
    }
}
