import ClipKit
import ClipManifestReader
import ClipTestSupport
import Foundation
import Testing

/// Declared query items and integer ranges at the command line, on the museum of the issue:
/// `clipkit route` answers typed parameters, `clipkit codes` writes query items into the codes'
/// URLs and refuses a value outside a declared range before it makes anything.
@Suite struct QueryItemCommandTests {
    let museum = TestEnvironment.file("Tests/Fixtures/museum/clipkit.json")

    @Test func routeAnswersTheQueryItemTypedWithTheCapture() async throws {
        let result = try await ChildProcess.clipkit(["route", "https://museum.example/x/42?lang=fr&tour=3&ref=poster", "--manifest", museum.path, "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let json = try result.json()
        #expect(json["route"] as? String == "exhibit")
        let params = try #require(json["params"] as? [String: Any])
        #expect(params.count == 3, "an undeclared item is no parameter: \(params)")
        #expect(params["exhibit"] as? Int == 42 && !(params["exhibit"] is String), "an integer is a JSON number: \(params)")
        #expect(params["tour"] as? Int == 3 && !(params["tour"] is String))
        #expect(params["lang"] as? String == "fr")
        #expect((json["query"] as? [[String: String]])?.map { $0["name"] } == ["lang", "tour", "ref"])
    }

    @Test(arguments: [
        ("https://museum.example/x/42?tour=abc", "route 'exhibit' matched, but query item 'tour' is not a valid integer: 'abc' is not a decimal number"),
        ("https://museum.example/x/42?tour=13", "route 'exhibit' matched, but query item 'tour' is not a valid integer: 13 is more than the maximum, 12"),
        ("https://museum.example/x/0?lang=fr", "route 'exhibit' matched, but parameter 'exhibit' is not a valid integer: 0 is less than the minimum, 1"),
    ])
    func routeRefusesWithTheReason(url: String, reason: String) async throws {
        let result = try await ChildProcess.clipkit(["route", url, "--manifest", museum.path, "--json"])
        #expect(result.status == 1)
        #expect(try result.json()["reason"] as? String == reason)
        #expect(result.standardError.contains(reason))
    }

    @Test func codesCarryQueryItemsAndRouteToTheirValues() async throws {
        let folder = try TemporaryDirectory(prefix: "codes-museum")
        let result = try await ChildProcess.clipkit([
            "codes", "--manifest", museum.path, "--out", folder.url.path, "--route", "exhibit", "--param", "exhibit=7...8", "--param", "lang=fr,en", "--json",
        ], timeout: 120)
        #expect(result.status == 0, "\(result.standardError)")
        let codes = try #require(try result.json()["codes"] as? [[String: Any]])
        let urls = codes.compactMap { $0["url"] as? String }
        #expect(urls == ["https://museum.example/x/7?lang=fr", "https://museum.example/x/7?lang=en", "https://museum.example/x/8?lang=fr", "https://museum.example/x/8?lang=en"])
        // What each code opens, by the manifest's router: the exhibit with its language.
        let router = try InvocationRouter(manifest: try ManifestLoader().load(contentsOf: museum))
        #expect(try router.route(urls[1]).get().parameters == ["exhibit": "7", "lang": "en"])
    }

    @Test func codesRefuseAValueOutsideTheRangeBeforeMakingAny() async throws {
        let folder = try TemporaryDirectory(prefix: "codes-museum-range")
        let out = folder.file("out")
        let result = try await ChildProcess.clipkit([
            "codes", "--manifest", museum.path, "--out", out.path, "--route", "exhibit", "--param", "exhibit=99998...100001",
        ], timeout: 120)
        #expect(result.status == 2)
        #expect(result.standardError.contains("--param exhibit=100000: route 'exhibit' would not open with it: 100000 is more than the maximum, 99999 (the manifest gives it 1 to 99999)"),
                "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: out.path), "nothing is written")
        // A query item the route does not read is named with the ones it does.
        let unknown = try await ChildProcess.clipkit(["codes", "--manifest", museum.path, "--out", out.path, "--route", "exhibit", "--param", "exhibit=1", "--param", "room=2"])
        #expect(unknown.status == 2)
        #expect(unknown.standardError.contains("route 'exhibit' has no parameter 'room'") && unknown.standardError.contains("reads the query items lang, tour"))
    }
}
