import ClipTestSupport
import Foundation
import Testing

/// `clipkit manifest validate` refuses a route under `/.well-known/` and warns about a route whose
/// captures can match the AASA file's path; `clipkit route` never matches the AASA's paths and
/// says why, as the link domain serves the file there.
@Suite struct AssociationFilePathCommandTests {
    /// The Bluesky example with its short-link pattern replaced by `pattern` (captures are strings),
    /// written into `folder`.
    static func manifest(shortLink pattern: String, in folder: TemporaryDirectory) throws -> (file: URL, text: String) {
        let example = try String(contentsOf: TestEnvironment.file("Examples/bluesky/clipkit.json"), encoding: .utf8)
        #expect(example.contains("\"https://go.bsky.app/{code}\"") && example.contains("\"params\": { \"code\": \"slug\" },"))
        let text = example.replacingOccurrences(of: "\"https://go.bsky.app/{code}\"", with: "\"\(pattern)\"")
            .replacingOccurrences(of: "\"params\": { \"code\": \"slug\" },", with: "")
        let file = folder.file("clipkit.json")
        try Data(text.utf8).write(to: file)
        return (file, text)
    }

    static func line(of marker: String, in text: String) -> Int? {
        text.components(separatedBy: "\n").firstIndex { $0.contains(marker) }.map { $0 + 1 }
    }

    @Test func aRouteUnderWellKnownIsRefused() async throws {
        let folder = try TemporaryDirectory()
        let (file, text) = try Self.manifest(shortLink: "https://go.bsky.app/.well-known/{code}", in: folder)
        let result = try await ChildProcess.clipkit(["manifest", "validate", "--manifest", file.path, "--json"])
        #expect(result.status == 1, "\(result.standardOutput) \(result.standardError)")
        let json = try result.json()
        #expect(json["valid"] as? Bool == false)
        let errors = try #require(json["errors"] as? [[String: Any]])
        #expect(errors.count == 1, "\(errors)")
        let error = try #require(errors.first)
        #expect(error["code"] as? String == "manifest.invalid" && error["severity"] as? String == "error")
        #expect(error["path"] as? String == "$.routes[1].pattern")
        #expect(error["line"] as? Int == Self.line(of: "go.bsky.app/.well-known/{code}", in: text))
        let message = try #require(error["message"] as? String)
        #expect(message.contains("lies under /.well-known/") && message.contains("/.well-known/apple-app-site-association"), "\(message)")
        #expect((json["warnings"] as? [Any])?.isEmpty == true)

        let plain = try await ChildProcess.clipkit(["manifest", "validate", "--manifest", file.path])
        #expect(plain.status == 1)
        #expect(plain.standardOutput.contains("\(file.path): $.routes[1].pattern: 'https://go.bsky.app/.well-known/{code}' lies under /.well-known/"), "\(plain.standardOutput)")
    }

    @Test(arguments: [
        ("https://go.bsky.app/{a}/{b}", "https://go.bsky.app/.well-known/apple-app-site-association"),
        ("https://go.bsky.app/{code}", "https://go.bsky.app/apple-app-site-association"),
    ])
    func capturesAtTheRootAreAWarning(_ pattern: String, _ matched: String) async throws {
        let folder = try TemporaryDirectory()
        let (file, text) = try Self.manifest(shortLink: pattern, in: folder)
        let result = try await ChildProcess.clipkit(["manifest", "validate", "--manifest", file.path, "--json"])
        #expect(result.status == 0, "a warning keeps the manifest valid: \(result.standardOutput) \(result.standardError)")
        let json = try result.json()
        #expect(json["valid"] as? Bool == true)
        #expect((json["errors"] as? [Any])?.isEmpty == true)
        // Bluesky's starter-pack type also warns (a member with no kind); the route's warning is
        // the one of code manifest.warning.
        let warnings = try #require(json["warnings"] as? [[String: Any]]).filter { $0["code"] as? String == "manifest.warning" }
        #expect(warnings.count == 1, "\(warnings)")
        let warning = try #require(warnings.first)
        #expect(warning["code"] as? String == "manifest.warning" && warning["severity"] as? String == "warning")
        #expect(warning["path"] as? String == "$.routes[1].pattern" && warning["file"] as? String == file.path)
        #expect(warning["line"] as? Int == Self.line(of: pattern, in: text))
        let message = try #require(warning["message"] as? String)
        #expect(message.contains("also matches \(matched),") && message.contains("gets the AASA file, not the route's page"), "\(message)")

        let plain = try await ChildProcess.clipkit(["manifest", "validate", "--manifest", file.path])
        #expect(plain.status == 0)
        #expect(plain.standardOutput.contains("\(file.path): valid"))
        #expect(plain.standardOutput.contains("\(file.path): warning: $.routes[1].pattern: '\(pattern)' also matches \(matched)"), "\(plain.standardOutput)")

        // The router agrees with the server: the AASA's URL is no share link.
        let route = try await ChildProcess.clipkit(["route", matched, "--manifest", file.path, "--json"])
        #expect(route.status == 1, "\(route.standardOutput)")
        let report = try route.json()
        #expect(report["matched"] as? Bool == false)
        #expect((report["reason"] as? String)?.contains("iOS reads the domain's apple-app-site-association file") == true, "\(report)")
    }
}
