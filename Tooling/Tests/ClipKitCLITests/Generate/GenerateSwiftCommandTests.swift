import ClipKitGeneration
import ClipManifestReader
import ClipTestSupport
import Foundation
import Testing

/// `clipkit generate swift` writes what the manifest plugin generates, by the same library, with the
/// same checks.
@Suite struct GenerateSwiftCommandTests {
    let roadflare = TestEnvironment.file("Examples/roadflare/clipkit.json")
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory(prefix: "clipkit-cli-generate-swift")
    }

    @Test func writesWhatThePluginGeneratesOnceAndLeavesItWhenUpToDate() async throws {
        let out = folder.file("Generated").path
        let first = try await ChildProcess.clipkit(["generate", "swift", "--manifest", roadflare.path, "--out", out, "--json"])
        #expect(first.status == 0, "\(first.standardError)")
        let json = try first.json()
        #expect(json["files"] as? [String] == [out + "/ClipKitGenerated.swift"])
        #expect(json["written"] as? Bool == true)
        let written = try String(contentsOf: URL(fileURLWithPath: out + "/ClipKitGenerated.swift"), encoding: .utf8)
        #expect(written == (try ManifestCompiler().compile(manifestAt: roadflare)))
        #expect(written.contains("internal enum ClipRoute: Hashable, Sendable"))

        let again = try await ChildProcess.clipkit(["generate", "swift", "--manifest", roadflare.path, "--out", out, "--json"])
        #expect(try again.json()["written"] as? Bool == false)
    }

    @Test func appliesAPluginConfiguration() async throws {
        let configuration = folder.file("clipkit-plugin.json")
        try Data(#"{"accessLevel": "public"}"#.utf8).write(to: configuration)
        let out = folder.file("Public").path
        let result = try await ChildProcess.clipkit([
            "generate", "swift", "--manifest", roadflare.path, "--out", out, "--configuration", configuration.path,
        ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == out + "/ClipKitGenerated.swift\n")
        let written = try String(contentsOf: URL(fileURLWithPath: out + "/ClipKitGenerated.swift"), encoding: .utf8)
        #expect(written.contains("public enum ClipRoute: Hashable, Sendable"))
    }

    @Test func aBrokenManifestIsOneLineWithTheLineAndThePath() async throws {
        let manifest = folder.file("clipkit.json")
        let text = try String(contentsOf: roadflare, encoding: .utf8)
            .replacingOccurrences(of: "https://roadflare.app/share/r/{npub}", with: "https://roadflare.ap/share/r/{npub}")
            .replacingOccurrences(of: "\"ttlSeconds\": 604800", with: "\"ttlSeconds\": 5")
        try Data(text.utf8).write(to: manifest)
        let line = try #require(text.components(separatedBy: "\n").firstIndex { $0.contains("roadflare.ap/") }) + 1
        let result = try await ChildProcess.clipkit(["generate", "swift", "--manifest", manifest.path, "--out", folder.file("Out").path])
        #expect(result.status == 2)
        #expect(result.standardError.split(separator: "\n").count == 1, "\(result.standardError)")
        #expect(result.standardError.contains("\(manifest.path):\(line):"), "\(result.standardError)")
        #expect(result.standardError.contains("error: $.routes[1].pattern: host 'roadflare.ap' is not one of the manifest's domains"))
        #expect(result.standardError.hasSuffix("(and 1 more)\n"), "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("Out").path))
    }

    @Test func aHandoffTypeLeftWithoutASwiftTypeIsAWarningOnStandardErrorAndInTheReport() async throws {
        let bluesky = TestEnvironment.file("Examples/bluesky/clipkit.json")
        let out = folder.file("Bluesky").path
        let result = try await ChildProcess.clipkit(["generate", "swift", "--manifest", bluesky.path, "--out", out, "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("warning: $.handoff.types[0].required[0]: handoff type 'bluesky.starterPack' gets no Swift type"))
        let warnings = try result.json()["warnings"] as? [[String: Any]] ?? []
        // Bluesky's go.bsky.app/{code} warns too, at its route (it can match the AASA path).
        #expect(warnings.map { $0["path"] as? String } == ["$.routes[1].pattern", "$.handoff.types[0].required[0]"])
        #expect(warnings.map { $0["code"] as? String } == ["manifest.warning", "manifest.no-swift-type"])
        let quiet = try await ChildProcess.clipkit(["generate", "swift", "--manifest", roadflare.path, "--out", out, "--json"])
        let quietJSON = try quiet.json()
        #expect(quiet.standardError.isEmpty && quietJSON["warnings"] == nil)
    }
}
