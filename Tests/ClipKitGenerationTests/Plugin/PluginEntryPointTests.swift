import ClipTestSupport
import Foundation
import Testing

/// The plugin's Xcode entry point, which only Xcode compiles, type-checks on Linux against the
/// toolchain's real `PackagePlugin` and a declaration-only stub of `XcodeProjectPlugin`
/// (`Tests/AppleSDKStubs/XcodeProjectPlugin`), with warnings as errors.
@Suite(.timeLimit(.minutes(3)))
struct PluginEntryPointTests {
    @Test func theXcodeEntryPointTypeChecks() async throws {
        let swiftc = try TestEnvironment.systemTool("swiftc")
        let toolchain = swiftc.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
        let pluginAPI = toolchain.appendingPathComponent("lib/swift/pm/PluginAPI")
        try #require(FileManager.default.fileExists(atPath: pluginAPI.appendingPathComponent("PackagePlugin.swiftmodule").path), "\(pluginAPI.path)")
        let folder = try TemporaryDirectory(prefix: "clipkit-plugin-entry")
        let stub = try await ChildProcess.run(swiftc, arguments: [
            "-emit-module", "-module-name", "XcodeProjectPlugin", "-parse-as-library", "-swift-version", "6", "-I", pluginAPI.path,
            "-emit-module-path", folder.file("XcodeProjectPlugin.swiftmodule").path,
            TestEnvironment.file("Tests/AppleSDKStubs/XcodeProjectPlugin/XcodeProjectPlugin.swift").path,
        ], timeout: 120)
        try #require(stub.status == 0, "\(stub.standardError.prefix(3000))")
        let sources = try FileManager.default.contentsOfDirectory(atPath: TestEnvironment.file("Plugins/ClipKitManifestPlugin").path)
            .filter { $0.hasSuffix(".swift") }.sorted().map { TestEnvironment.file("Plugins/ClipKitManifestPlugin/\($0)").path }
        #expect(sources.count == 2)
        let check = try await ChildProcess.run(swiftc, arguments: [
            // As SwiftPM compiles a plugin of this package: PackagePlugin's API at tools version 6.1.
            "-typecheck", "-parse-as-library", "-swift-version", "6", "-warnings-as-errors", "-package-description-version", "6.1",
            "-I", pluginAPI.path, "-I", folder.url.path, "-module-name", "ClipKitManifestPlugin",
        ] + sources, timeout: 120)
        #expect(check.status == 0, "\(check.standardError.prefix(3000))")
        // Without the stub, the same sources compile as SwiftPM builds them on Linux; with it, the
        // Xcode extension is part of what was checked.
        let source = try String(contentsOfFile: try #require(sources.first { $0.hasSuffix("+Xcode.swift") }), encoding: .utf8)
        #expect(source.contains("extension ClipKitManifestPlugin: XcodeBuildToolPlugin"))
    }
}
