import ClipKit
import ClipTestSupport
import Foundation
import Testing

/// The README's Swift snippet is this file's `routeLikeTheReadme` body, word for word: the test
/// checks that the README still contains it, then runs it.
@Suite struct ReadmeSwiftSnippetTests {
    @Test func theReadmeSnippetIsThisCode() throws {
        let readme = try String(contentsOf: TestEnvironment.file("README.md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let snippets = readme.components(separatedBy: "```swift\n").dropFirst().compactMap { $0.components(separatedBy: "```").first }
        #expect(!snippets.isEmpty)
        for snippet in snippets {
            let lines = snippet.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            for line in lines {
                #expect(source.contains(line), "README line not exercised by this test: \(line)")
            }
        }
    }

    @Test func theSnippetRoutesAStarterPack() throws {
        let shown = try routeLikeTheReadme(
            manifestURL: TestEnvironment.file("Examples/bluesky/clipkit.json"),
            invocationURL: try #require(URL(string: "https://bsky.app/start/alice.bsky.social/3jzfcijpj2z2a")))
        #expect(shown == "starterPack handle=alice.bsky.social rkey=3jzfcijpj2z2a")
        let logged = try routeLikeTheReadme(
            manifestURL: TestEnvironment.file("Examples/bluesky/clipkit.json"),
            invocationURL: try #require(URL(string: "https://evil.example/start/a/b")))
        #expect(logged.hasPrefix("log: no route serves the host"))
    }

    /// Runs the README's snippet; `show` and `log` record what it would display.
    func routeLikeTheReadme(manifestURL: URL, invocationURL: URL) throws -> String {
        var output = ""
        func show(_ match: RouteMatch) {
            output = ([match.route] + match.parameters.keys.sorted().map { "\($0)=\(match.parameters[$0] ?? "")" }).joined(separator: " ")
        }
        func log(_ text: String) { output = "log: " + text }

        let manifest = try ManifestLoader().load(contentsOf: manifestURL)
        let router = try InvocationRouter(manifest: manifest)

        switch router.route(invocationURL) {
        case .success(let match):
            // match.route == "starterPack", match.parameters["handle"], match.queryItems
            show(match)
        case .failure(let reason):
            log(reason.description)      // says why: unknown host, bad parameter, …
        }
        return output
    }
}
