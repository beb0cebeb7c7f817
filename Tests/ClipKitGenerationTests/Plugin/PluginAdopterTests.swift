import ClipTestSupport
import Foundation
import Testing

/// The plugin as an app adopts it: `Tests/Fixtures/PluginAdopter` depends on the ClipKit package by
/// path and adds `ClipKitManifestPlugin` to four targets in one line each. A real `swift build`
/// compiles it, its own tests route the examples' links through the generated enums, and a copy
/// with a broken manifest fails to build with the JSON path and line in the error.
///
/// The fixture builds in `.build-plugin-adopter` at the repository root, which stays between runs:
/// the first run compiles ClipKit, ClipNostr and swift-crypto for it, later runs only what changed.
@Suite("the manifest plugin in a package that adopts it", .serialized, .timeLimit(.minutes(30)))
struct PluginAdopterTests {
    static let fixture = TestEnvironment.file("Tests/Fixtures/PluginAdopter")
    static let scratch = TestEnvironment.file(".build-plugin-adopter")

    /// Runs `swift` with `arguments`, printing how long it took.
    func swift(_ arguments: [String], label: String) async throws -> CommandResult {
        let started = Date()
        let result = try await ChildProcess.run(try TestEnvironment.systemTool("swift"), arguments: arguments, timeout: 1500)
        print("PluginAdopterTests: \(label): exit \(result.status) after \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
        return result
    }

    @Test("the fixture builds with swift build, and its tests route the example links through the generated enums")
    func fixtureBuildsAndRoutes() async throws {
        let build = try await swift(
            ["build", "--package-path", Self.fixture.path, "--scratch-path", Self.scratch.path, "--build-tests"], label: "swift build"
        )
        try #require(build.status == 0, "\(build.standardOutput.suffix(4000))\n\(build.standardError.suffix(4000))")
        let generated = Self.scratch.appendingPathComponent("plugins/outputs/pluginadopter/RoadFlareClip/destination/ClipKitManifestPlugin/ClipKitGenerated.swift")
        let source = try String(contentsOf: generated, encoding: .utf8)
        #expect(source.contains("case driverShare(npub: String)"))

        let test = try await swift(
            ["test", "--skip-build", "--package-path", Self.fixture.path, "--scratch-path", Self.scratch.path], label: "swift test"
        )
        let output = test.standardOutput + test.standardError
        #expect(test.status == 0, "\(output.suffix(4000))")
        #expect(output.contains("Test run with 6 tests"), "\(output.suffix(2000))")
    }

    @Test("a broken manifest fails the build, with the file, the line and the JSON path in the error")
    func brokenManifestFailsTheBuild() async throws {
        let copy = TestEnvironment.file(".build-plugin-adopter-broken/PluginAdopter")
        try? FileManager.default.removeItem(at: copy)
        try Self.copyFollowingLinks(Self.fixture, to: copy)
        let manifestURL = copy.appendingPathComponent("Package.swift")
        let manifestText = try String(contentsOf: manifestURL, encoding: .utf8)
        let rewritten = manifestText.replacingOccurrences(of: "path: \"../../..\"", with: "path: \"\(TestEnvironment.repositoryRoot.path)\"")
        #expect(rewritten != manifestText)
        try Data(rewritten.utf8).write(to: manifestURL)

        let clipManifest = copy.appendingPathComponent("Sources/RoadFlareClip/clipkit.json")
        let broken = try String(contentsOf: clipManifest, encoding: .utf8)
            .replacingOccurrences(of: "https://roadflare.app/share/r/{npub}", with: "https://roadflare.ap/share/r/{npub}")
        try Data(broken.utf8).write(to: clipManifest)
        let lines = broken.components(separatedBy: "\n")
        let line = try #require(lines.firstIndex { $0.contains("roadflare.ap/") }) + 1
        let column = try #require(lines[line - 1].range(of: "\"https://roadflare.ap/")).lowerBound.utf16Offset(in: lines[line - 1]) + 1

        let build = try await swift(
            ["build", "--package-path", copy.path, "--scratch-path", TestEnvironment.file(".build-plugin-adopter-broken/scratch").path, "--target", "RoadFlareClip"],
            label: "swift build, broken manifest"
        )
        let output = build.standardOutput + build.standardError
        #expect(build.status != 0)
        let expected = "\(clipManifest.path):\(line):\(column): error: $.routes[1].pattern: host 'roadflare.ap' is not one of the manifest's domains (roadflare.app)"
        #expect(output.contains(expected), "expected \(expected) in:\n\(output.suffix(4000))")
    }

    /// Copies a folder, writing the files that symbolic links point at instead of the links.
    static func copyFollowingLinks(_ source: URL, to destination: URL) throws {
        let manager = FileManager.default
        try manager.createDirectory(at: destination, withIntermediateDirectories: true)
        for name in try manager.contentsOfDirectory(atPath: source.path) where name != ".build" && name != ".swiftpm" && name != "Package.resolved" {
            let item = source.appendingPathComponent(name)
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: item.path, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                try copyFollowingLinks(item, to: destination.appendingPathComponent(name))
            } else {
                try Data(contentsOf: item).write(to: destination.appendingPathComponent(name))
            }
        }
    }
}
