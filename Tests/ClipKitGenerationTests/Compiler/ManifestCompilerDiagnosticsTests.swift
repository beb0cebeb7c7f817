import ClipKit
@_spi(ClipKitTooling) import ClipKitGeneration
import ClipManifestReader
import ClipTestSupport
import Foundation
import Testing

/// The generator reports a broken manifest by the run-time loader's rules, each problem as a build
/// error that names the file, the line and column of the value, and the JSON path.
@Suite struct ManifestCompilerDiagnosticsTests {
    let roadFlare: String

    init() throws {
        roadFlare = try String(contentsOf: TestEnvironment.file("Examples/roadflare/clipkit.json"), encoding: .utf8)
    }

    /// The 1-based line of the first line of `text` that contains `marker`.
    func line(of marker: String, in text: String) -> Int? {
        text.components(separatedBy: "\n").firstIndex { $0.contains(marker) }.map { $0 + 1 }
    }

    @Test("a route on a host the manifest does not list is an error on the pattern's line")
    func hostNotListed() throws {
        let broken = roadFlare.replacingOccurrences(of: "https://roadflare.app/share/r/{npub}", with: "https://roadflare.ap/share/r/{npub}")
        let failure = try #require(throws: GenerationFailure.self) {
            try ManifestCompiler().compile(data: Data(broken.utf8), source: "Sources/Clip/clipkit.json")
        }
        let diagnostic = try #require(failure.diagnostics.first)
        #expect(failure.diagnostics.count == 1)
        #expect(diagnostic.path == "$.routes[1].pattern")
        #expect(diagnostic.line == line(of: "roadflare.ap/share/r", in: broken))
        let column = try #require(diagnostic.column)
        let lineText = broken.components(separatedBy: "\n")[try #require(diagnostic.line) - 1]
        #expect(Array(lineText.utf8)[column - 1] == UInt8(ascii: "\""), "the column points at the value's opening quote")
        #expect(diagnostic.description.hasPrefix("Sources/Clip/clipkit.json:\(diagnostic.line ?? 0):\(column): error: $.routes[1].pattern: host 'roadflare.ap'"))
    }

    @Test("a route under /.well-known/ is an error on the pattern's line")
    func routeUnderWellKnown() throws {
        let broken = roadFlare.replacingOccurrences(of: "https://roadflare.app/share/r/{npub}", with: "https://roadflare.app/.well-known/r/{npub}")
        let failure = try #require(throws: GenerationFailure.self) { try ManifestCompiler().compile(data: Data(broken.utf8)) }
        let diagnostic = try #require(failure.diagnostics.first)
        #expect(failure.diagnostics.count == 1)
        #expect(diagnostic.path == "$.routes[1].pattern" && diagnostic.severity == .error)
        #expect(diagnostic.line == line(of: "roadflare.app/.well-known/r", in: broken))
        #expect(diagnostic.message.contains("lies under /.well-known/"), "\(diagnostic)")
    }

    @Test("captures that can match the AASA's path are a warning on the pattern's line; the build goes on")
    func associationPathWarning() async throws {
        let text = roadFlare.replacingOccurrences(of: "https://roadflare.app/share/r/{npub}", with: "https://roadflare.app/{kind}/{npub}")
        let folder = try TemporaryDirectory()
        let manifest = folder.file("clipkit.json")
        try Data(text.utf8).write(to: manifest)
        let compilation = try ManifestCompiler().compilation(ofManifestAt: manifest)
        let source = compilation.source
        let warnings = compilation.warnings
        #expect(source.contains("riderShare"))
        let warning = try #require(warnings.first)
        #expect(warnings.count == 1)
        #expect(warning.severity == .warning && warning.path == "$.routes[1].pattern")
        #expect(warning.line == line(of: "roadflare.app/{kind}/{npub}", in: text))
        #expect(warning.description.hasPrefix("\(manifest.path):\(warning.line ?? 0):\(warning.column ?? 0): warning: $.routes[1].pattern: "), "\(warning)")
        #expect(warning.message.contains("https://roadflare.app/.well-known/apple-app-site-association"))

        // The plugin's generator prints it as a build warning, writes the Swift and exits 0.
        let output = folder.file("ClipKitGenerated.swift")
        let run = try await ChildProcess.run(
            try TestEnvironment.builtExecutable(named: "clipkit-generate-swift"), arguments: ["--manifest", manifest.path, "--output", output.path]
        )
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.contains(warning.description), "\(run.standardError)")
        #expect(FileManager.default.fileExists(atPath: output.path))
    }

    @Test("every problem is reported, each on its own line")
    func severalProblems() throws {
        var broken = roadFlare.replacingOccurrences(of: "\"ttlSeconds\": 604800", with: "\"ttlSeconds\": 5")
        broken = broken.replacingOccurrences(of: "\"name\": \"riderShare\"", with: "\"name\": \"rider share\"")
        broken = broken.replacingOccurrences(of: "\"wss://nos.lol\"", with: "\"ws://nos.lol\"")
        let failure = try #require(throws: GenerationFailure.self) {
            try ManifestCompiler().compile(data: Data(broken.utf8), source: "clipkit.json")
        }
        let expected = [
            ("$.routes[1].name", "rider share"), ("$.handoff.ttlSeconds", "ttlSeconds"), ("$.nostr.relays[1]", "ws://nos.lol"),
        ]
        #expect(failure.diagnostics.map(\.path) == expected.map(\.0))
        for (diagnostic, (_, marker)) in zip(failure.diagnostics, expected) {
            #expect(diagnostic.line == line(of: marker, in: broken), "\(diagnostic)")
            #expect(diagnostic.severity == .error)
        }
    }

    @Test("a missing member is reported at the object that lacks it")
    func missingMember() throws {
        let broken = roadFlare.replacingOccurrences(of: "\"appGroup\": \"group.com.roadflare.RoadFlare\",", with: "")
        let failure = try #require(throws: GenerationFailure.self) { try ManifestCompiler().compile(data: Data(broken.utf8)) }
        #expect(failure.diagnostics.map(\.path) == ["$"])
        #expect(failure.diagnostics.first?.line == 1)
        #expect(failure.diagnostics.first?.message.contains("missing required key 'appGroup'") == true)
    }

    @Test("text that is not JSON is reported at the character the parser stopped on")
    func notJSON() throws {
        let broken = roadFlare.replacingOccurrences(of: "\"domains\": [\"roadflare.app\"],", with: "\"domains\": [\"roadflare.app\",],")
        let failure = try #require(throws: GenerationFailure.self) { try ManifestCompiler().compile(data: Data(broken.utf8)) }
        let diagnostic = try #require(failure.diagnostics.first)
        #expect(diagnostic.path == nil)
        #expect(diagnostic.line == line(of: "\"domains\"", in: broken))
        #expect(diagnostic.message.hasPrefix("the manifest is not valid JSON"))
    }

    @Test("a file that cannot be read names the file")
    func unreadable() throws {
        let failure = try #require(throws: GenerationFailure.self) {
            try ManifestCompiler().compile(manifestAt: URL(fileURLWithPath: "/nonexistent/clipkit.json"))
        }
        #expect(failure.description == "/nonexistent/clipkit.json: error: cannot read the manifest: no such file")
    }

    @Test("the generator's rules are the loader's: every invalid fixture gives the loader's issues, each with a line")
    func sameRulesAsTheLoader() throws {
        let compiler = ManifestCompiler()
        let loader = ManifestLoader(parameterKinds: compiler.parameterKinds)
        var checked = 0
        for folder in ["invalid", "cross-field"] {
            let directory = TestEnvironment.file("Tests/Fixtures/manifests/\(folder)")
            for name in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() where name.hasSuffix(".json") {
                let url = directory.appendingPathComponent(name)
                let issues: [ManifestIssue]
                do {
                    _ = try loader.load(contentsOf: url)
                    Issue.record("\(folder)/\(name) loaded")
                    continue
                } catch {
                    issues = try #require(error as? ManifestError, "\(folder)/\(name)").issues
                }
                let failure = try #require(throws: GenerationFailure.self) { try compiler.compile(manifestAt: url) }
                let errors = failure.diagnostics.filter { $0.severity == .error }
                #expect(errors.map(\.path) == issues.map(\.path), "\(folder)/\(name)")
                #expect(errors.map(\.message) == issues.map(\.message), "\(folder)/\(name)")
                #expect(errors.allSatisfy { $0.line != nil && $0.file == url.path }, "\(folder)/\(name): \(errors)")
                checked += 1
            }
        }
        #expect(checked >= 50)
    }

    @Test("a kind the app registers itself is refused, with a note that says how to declare it, and accepted once declared")
    func appKinds() throws {
        let manifest = roadFlare.replacingOccurrences(of: "\"params\": { \"npub\": \"npub\" }, \"fragment\"", with: "\"params\": { \"npub\": \"ticket\" }, \"fragment\"")
        #expect(manifest != roadFlare)
        let failure = try #require(throws: GenerationFailure.self) { try ManifestCompiler().compile(data: Data(manifest.utf8)) }
        #expect(failure.diagnostics.map(\.path) == ["$.routes[0].params.npub", nil])
        #expect(failure.diagnostics.last?.severity == .note)
        #expect(failure.diagnostics.last?.message.contains("clipkit-plugin.json") == true)

        let source = try ManifestCompiler(configuration: GenerationConfiguration(parameterKinds: ["ticket"])).compile(data: Data(manifest.utf8))
        #expect(source.contains("static let parameterKindNames: [String] = [\"npub\", \"ticket\"]"))
        #expect(source.contains("kinds.kind(named: \"ticket\", forParameter: \"npub\", ofRoute: \"driverShare\")"))
        #expect(source.contains("kinds the app registers itself (ticket)"))
    }

    @Test("a route name no Swift enum case can have is an error on the name")
    func unusableRouteName() throws {
        let manifest = roadFlare.replacingOccurrences(of: "\"name\": \"riderShare\"", with: "\"name\": \"routeName\"")
        let failure = try #require(throws: GenerationFailure.self) { try ManifestCompiler().compile(data: Data(manifest.utf8)) }
        #expect(failure.diagnostics.map(\.path) == ["$.routes[1].name"])
        #expect(failure.diagnostics.first?.line == line(of: "\"routeName\"", in: manifest))
    }
}
