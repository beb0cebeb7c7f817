import ClipTestSupport
import ClipToolingTestSupport
import Foundation
import Testing

/// `clipkit aasa match --domain` and `--explain`, run as the real command.
@Suite struct AASAMatchExplainCommandTests {
    static let applinksExample = ##"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"#":"no_universal_links","exclude":true},{"/":"/buy/*"},{"/":"/help/website/*","exclude":true},{"/":"/help/*","?":{"articleNumber":"????"}}]}]}}"##

    func file(_ text: String) throws -> (TemporaryDirectory, String) {
        let folder = try TemporaryDirectory()
        let file = folder.file("aasa")
        try Data(text.utf8).write(to: file)
        return (folder, file.path)
    }

    @Test func aURLOnAnotherHostIsUnset() async throws {
        let (folder, path) = try file(Self.applinksExample)
        _ = folder
        let other = try await ChildProcess.clipkit(["aasa", "match", path, "https://evil.test/buy/1", "--domain", "example.com", "--json"])
        #expect(other.status == 1)
        let json = try other.json()
        #expect(json["result"] as? String == "unset")
        #expect(json["domain"] as? String == "example.com")
        let same = try await ChildProcess.clipkit(["aasa", "match", path, "https://EXAMPLE.com/buy/1", "--domain", "example.com", "--json"])
        #expect(same.status == 0)
        #expect(try same.json()["result"] as? String == "match")
    }

    @Test func theDomainComesFromTheManifestWhenNotGiven() async throws {
        let (folder, path) = try file(#"{"applinks":{"details":[{"appIDs":["6Y98438M9X.com.roadflare.RoadFlare"],"components":[{"/":"/share/d/?*"}]}]}}"#)
        _ = folder
        let manifest = TestEnvironment.file("Examples/roadflare/clipkit.json").path
        let other = try await ChildProcess.clipkit(["aasa", "match", path, "https://evil.test/share/d/x", "--manifest", manifest, "--json"])
        #expect(other.status == 1)
        #expect(try other.json()["result"] as? String == "unset")
        #expect(try other.json()["domain"] as? String == "roadflare.app")
        let own = try await ChildProcess.clipkit(["aasa", "match", path, "https://roadflare.app/share/d/x", "--manifest", manifest, "--json"])
        #expect(own.status == 0)
    }

    @Test func explainNamesTheDecidingComponentAndWhyTheOthersDidNot() async throws {
        let (folder, path) = try file(Self.applinksExample)
        _ = folder
        let unset = try await ChildProcess.clipkit(["aasa", "match", path, "https://example.com/help/123?articleNumber=481", "--domain", "example.com", "--explain", "--json"])
        #expect(unset.status == 1)
        let explanation = try #require(try unset.json()["explanation"] as? [String: Any])
        let steps = try #require(explanation["steps"] as? [[String: Any]])
        #expect(steps.count == 4)
        #expect(steps.allSatisfy { $0["verdict"] as? String == "no-match" })
        let last = try #require(steps.last?["reason"] as? String)
        #expect(last.contains("articleNumber") && last.contains("481") && last.contains("????"), "\(last)")

        let block = try await ChildProcess.clipkit(["aasa", "match", path, "https://example.com/buy/1#no_universal_links", "--explain"])
        #expect(block.status == 1)
        #expect(block.standardOutput.contains("block"))
        #expect(block.standardOutput.contains("$.applinks.details[0].components[0]"))
        #expect(block.standardOutput.contains("blocked"))
        #expect(block.standardOutput.contains("not-reached"))

        let absent = try await ChildProcess.clipkit(["aasa", "match", path, "https://example.com/help/1", "--explain", "--json"])
        let absentSteps = try #require((try absent.json()["explanation"] as? [String: Any])?["steps"] as? [[String: Any]])
        #expect((absentSteps.last?["reason"] as? String)?.contains("counts as an empty value") == true)

        let slash = try await ChildProcess.clipkit(["aasa", "match", path, "https://example.com/buy", "--explain", "--json"])
        #expect(slash.status == 0)
        let slashJSON = try slash.json()
        #expect(slashJSON["componentIndex"] as? Int == 1)
        #expect(((slashJSON["explanation"] as? [String: Any])?["summary"] as? String)?.contains("components[1]") == true)
    }
}
