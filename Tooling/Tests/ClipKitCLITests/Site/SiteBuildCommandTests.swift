import ClipTestSupport
import Foundation
import Testing

/// `clipkit site build`: the static export through the real binary.
@Suite struct SiteBuildCommandTests {
    let bluesky = TestEnvironment.file("Examples/bluesky/clipkit.json").path
    let templates = TestEnvironment.file("Examples/bluesky/site").path

    @Test func buildsEachDomainAndPrintsOneJSONObject() async throws {
        let folder = try TemporaryDirectory()
        let result = try await ChildProcess.clipkit(["site", "build", "--manifest", bluesky, "--templates", templates, "--out", folder.url.path, "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.split(separator: "\n").count == 1)
        let sites = try result.json()["sites"] as? [[String: Any]] ?? []
        #expect(sites.compactMap { $0["domain"] as? String } == ["bsky.app", "go.bsky.app"])
        for domain in ["bsky.app", "go.bsky.app"] {
            let association = folder.url.appendingPathComponent("\(domain)/.well-known/apple-app-site-association")
            let document = try JSONSerialization.jsonObject(with: Data(contentsOf: association)) as? [String: Any]
            #expect(document?["appclips"] != nil)
            #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("\(domain)/404.html").path))
        }
    }

    @Test func twoBuildsAreIdentical() async throws {
        let first = try TemporaryDirectory()
        let second = try TemporaryDirectory()
        for folder in [first, second] {
            let result = try await ChildProcess.clipkit(["site", "build", "--manifest", bluesky, "--domain", "bsky.app", "--out", folder.url.path])
            #expect(result.status == 0)
        }
        let files = try FileManager.default.subpathsOfDirectory(atPath: first.url.path).sorted()
        #expect(files.contains(".well-known/apple-app-site-association"))
        #expect(try FileManager.default.subpathsOfDirectory(atPath: second.url.path).sorted() == files)
        for file in files {
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: first.url.appendingPathComponent(file).path, isDirectory: &isFolder)
            if isFolder.boolValue { continue }
            #expect(try Data(contentsOf: first.url.appendingPathComponent(file)) == Data(contentsOf: second.url.appendingPathComponent(file)), "\(file) differs")
        }
    }

    @Test func badTemplatesAndDomainsExitTwoWithOneLine() async throws {
        let folder = try TemporaryDirectory()
        try Data("{{#unclosed}}".utf8).write(to: folder.file("share.mustache"))
        let badTemplate = try await ChildProcess.clipkit(["site", "build", "--manifest", bluesky, "--templates", folder.url.path, "--out", folder.file("out").path, "--json"])
        #expect(badTemplate.status == 2)
        #expect(badTemplate.standardError.contains("share.mustache"))
        #expect(badTemplate.standardError.split(separator: "\n").count == 1)
        #expect((try badTemplate.json()["error"] as? [String: Any])?["message"] is String)
        let badDomain = try await ChildProcess.clipkit(["site", "build", "--manifest", bluesky, "--domain", "evil.example", "--out", folder.file("out").path])
        #expect(badDomain.status == 2)
        #expect(badDomain.standardError.contains("evil.example"))
    }
}
