import ClipTestSupport
import Foundation
import Testing

/// The reference clips' entitlements files are exactly what `clipkit generate entitlements`
/// writes for their manifests, and `clipkit doctor` finds nothing wrong with them.
@Suite(.timeLimit(.minutes(1)))
struct ExampleEntitlementsTests {
    static let files = ["App.entitlements", "AppClip.entitlements", "AppClip-Info.plist"]

    @Test(arguments: ["roadflare", "bluesky"])
    func checkedInFilesMatchTheGenerator(example: String) async throws {
        let folder = try TemporaryDirectory(prefix: "clipkit-entitlements")
        let manifest = TestEnvironment.file("Examples/\(example)/clipkit.json").path
        let result = try await ChildProcess.clipkit(["generate", "entitlements", "--manifest", manifest, "--out", folder.url.path, "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        for name in Self.files {
            let generated = try Data(contentsOf: folder.file(name))
            let checkedIn = try Data(contentsOf: TestEnvironment.file("Examples/\(example)/Entitlements/\(name)"))
            #expect(generated == checkedIn, "Examples/\(example)/Entitlements/\(name) differs from the generator's output; regenerate it")
        }
    }

    @Test(arguments: ["roadflare", "bluesky"])
    func doctorAcceptsTheCheckedInFiles(example: String) async throws {
        let base = "Examples/\(example)"
        let result = try await ChildProcess.clipkit([
            "doctor", "--manifest", TestEnvironment.file("\(base)/clipkit.json").path,
            "--app-entitlements", TestEnvironment.file("\(base)/Entitlements/App.entitlements").path,
            "--clip-entitlements", TestEnvironment.file("\(base)/Entitlements/AppClip.entitlements").path,
            "--json",
        ])
        #expect(result.status == 0, "\(result.standardOutput) \(result.standardError)")
        let findings = try result.json()["findings"] as? [[String: Any]]
        #expect(findings?.contains { $0["severity"] as? String == "error" } == false)
    }
}
