@_spi(ClipKitTooling) import ClipKit
import ClipManifestReader
import ClipTestSupport
import Foundation
import Testing

@testable import ClipKitGeneration

/// Whatever a valid manifest holds, the Swift generated from it compiles, and every string in it
/// reaches the program exactly: route and parameter names that Swift reserves, text with quotes,
/// backslashes, interpolation, line breaks and bidirectional overrides.
@Suite("generated Swift compiles for any valid manifest", .timeLimit(.minutes(3)))
struct GeneratedSourceCompilesTests {
    /// A valid manifest whose names are Swift keywords and whose free text is hostile.
    static let hostileManifest = #"""
    {
      "teamID": "ABCDE12345",
      "app": { "bundleID": "com.example.Hostile", "appStoreID": "123", "name": "Q\"uote \\ \\(interpolated) \u202E\n" },
      "clip": { "bundleID": "com.example.Hostile.Clip", "minimumIOS": "16.0", "invocations": ["physical"] },
      "appGroup": "group.com.example.Hostile",
      "domains": ["example.com"],
      "routes": [
        { "name": "default", "pattern": "https://example.com/a/{in}/{self}", "handledBy": "clip", "params": { "in": "integer", "self": "uuid" },
          "handoff": "com.example.default-case" },
        { "name": "in", "patterns": ["https://example.com/b%20c/{default}", "https://example.com/d/{default}"], "handledBy": "app",
          "webContentQuery": { "x\"y": "\\(z)" } },
        { "name": "plain", "pattern": "https://example.com/", "handledBy": "clip", "headerImage": "cards/\"\\(x).png" }
      ],
      "handoff": { "ttlSeconds": 60, "types": [{ "name": "com.example.x", "required": ["a\"b"] },
        { "name": "com.example.default-case", "required": ["in"], "optional": ["let", "default"], "kinds": { "let": "boolean", "default": "number" } },
        { "name": "com.example.closed", "required": ["count"], "kinds": { "count": "integer" } }, { "name": "com.example.empty" }] },
      "places": [{ "name": "Café 🚲 \"quoted\"", "url": "https://example.com/", "latitude": -0.000001, "longitude": 179.999999, "mapAction": "VIEW_PRICING" }]
    }
    """#

    @Test("the generated source for hostile names and text type-checks against ClipKit, without a warning")
    func hostileManifestTypeChecks() async throws {
        let source = try ManifestCompiler().compile(data: Data(Self.hostileManifest.utf8))
        #expect(source.contains("case `default`(`in`: Int, `self`: UUID)"))
        #expect(source.contains("case `in`(`default`: String)"))
        #expect(source.contains("case plain\n"))
        #expect(source.contains("struct DefaultCaseHandoff: HandoffPayload, Hashable"))
        #expect(source.contains("init(in: Int, `let`: Bool? = nil, default: Double? = nil)"))
        // Types without an `optional` list are generated too, one with no members at all.
        #expect(source.contains("struct ClosedHandoff: HandoffPayload, Hashable") && source.contains("init(count: Int)"))
        #expect(source.contains("struct EmptyHandoff: HandoffPayload, Hashable") && source.contains("init() {"))
        let folder = try TemporaryDirectory()
        let file = folder.file("ClipKitGenerated.swift")
        try Data(source.utf8).write(to: file)
        let modules = try TestEnvironment.builtExecutable(named: "clipkit-generate-swift").deletingLastPathComponent().appendingPathComponent("Modules")
        let result = try await ChildProcess.run(
            try TestEnvironment.systemTool("swiftc"),
            arguments: ["-typecheck", "-swift-version", "6", "-warnings-as-errors", "-parse-as-library", "-module-name", "Hostile", "-I", modules.path, file.path],
            timeout: 120
        )
        #expect(result.status == 0, "\(result.standardError.prefix(3000))")
    }

    @Test("the iOS branch type-checks against the system container's declaration in ClipKit")
    func appleBranchTypeChecks() async throws {
        let source = try ManifestCompiler().compile(manifestAt: TestEnvironment.file("Examples/coffee-shop/clipkit.json"))
        // Two iOS-only parts: the runtime in the system's container, and the conformance that makes
        // the configuration a ClipRuntimeSource for ClipKitUI.
        #expect(source.components(separatedBy: "#if canImport(Darwin)").count == 3)
        #expect(source.contains("#if canImport(Darwin)\n/// The generated configuration is where the clip's runtime comes from"))
        #expect(source.contains("extension ClipConfiguration: ClipRuntimeSource {}\n#endif"))
        // Linux has no App Group container, so the branch is compiled as iOS compiles it: the
        // condition holds, and ClipKit's Darwin-only declaration is taken word for word from its
        // source, with a body that is never run.
        let apple = try String(contentsOf: TestEnvironment.file("Sources/ClipKit/SharedDefaults/AppGroupContainer+Apple.swift"), encoding: .utf8)
        let declaration = try #require(apple.components(separatedBy: "\n").first { $0.contains("public static func system(manifest: ClipManifest)") })
        let stub = "import ClipKit\n\nextension AppGroupContainer {\n" + declaration.replacingOccurrences(of: "{", with: "{ fatalError() }") + "\n}\n"
        let folder = try TemporaryDirectory()
        try Data(source.replacingOccurrences(of: "#if canImport(Darwin)", with: "#if true").utf8).write(to: folder.file("ClipKitGenerated.swift"))
        try Data(stub.utf8).write(to: folder.file("SystemContainer.swift"))
        let modules = try TestEnvironment.builtExecutable(named: "clipkit-generate-swift").deletingLastPathComponent().appendingPathComponent("Modules")
        let result = try await ChildProcess.run(
            try TestEnvironment.systemTool("swiftc"),
            arguments: [
                "-typecheck", "-swift-version", "6", "-warnings-as-errors", "-parse-as-library", "-module-name", "Brew", "-I", modules.path,
                folder.file("ClipKitGenerated.swift").path, folder.file("SystemContainer.swift").path,
            ],
            timeout: 120
        )
        #expect(result.status == 0, "\(result.standardError.prefix(3000))")
    }

    @Test("string literals read back as exactly the text they were written from")
    func literalsRoundTrip() async throws {
        let texts = ["", "plain", "Q\"uote", "back\\slash", "\\(interpolated)", "line\nbreak\r\ttab\u{0}", "\u{202E}override", "Café 🚲", "#\"raw\"#", "\u{7F}\u{85}\u{2028}"]
        let folder = try TemporaryDirectory()
        let program = "let texts: [String] = [\n" + texts.map { "    " + SwiftLiteral.string($0) + ",\n" }.joined() + "]\n"
            + "for text in texts { print(text.unicodeScalars.map { String($0.value) }.joined(separator: \" \")) }\n"
        let file = folder.file("main.swift")
        try Data(program.utf8).write(to: file)
        let executable = folder.file("literals")
        let build = try await ChildProcess.run(
            try TestEnvironment.systemTool("swiftc"), arguments: ["-swift-version", "6", file.path, "-o", executable.path], timeout: 120
        )
        #expect(build.status == 0, "\(build.standardError.prefix(3000))")
        let run = try await ChildProcess.run(executable, arguments: [])
        let expected = texts.map { $0.unicodeScalars.map { String($0.value) }.joined(separator: " ") }
        #expect(run.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) == expected)
    }
}
