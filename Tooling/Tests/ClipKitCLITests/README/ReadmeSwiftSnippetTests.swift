@_spi(ClipKitTooling) import ClipKit
import ClipKitGeneration
import ClipKitUI
import ClipManifestReader
import ClipTestSupport
import Foundation
import Testing

/// The README's Swift snippets are this file's `routeLikeTheReadme` and `setUpLikeTheReadme` bodies,
/// word for word: the test checks that every README line is here, then runs them. A snippet of an
/// app's iOS code is instead a run of lines of an example's file, which `scripts/check-apple-glue`
/// compiles as iOS does. The package manifest's lines (the block that starts `// Package.swift`) are
/// `ReadmeFirstScreenTests`' to check.
@Suite struct ReadmeSwiftSnippetTests {
    @Test func theReadmeSnippetIsThisCode() throws {
        let readme = try String(contentsOf: TestEnvironment.file("README.md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let snippets = readme.components(separatedBy: "```swift\n").dropFirst().compactMap { $0.components(separatedBy: "```").first }
        #expect(!snippets.isEmpty)
        let examples = try Self.exampleFiles()
        for snippet in snippets where !snippet.hasPrefix("// Package.swift") {
            let lines = snippet.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            if examples.contains(where: { Self.contains($0, run: lines) }) { continue }
            for line in lines {
                #expect(source.contains(line), "README line not exercised by this test, nor a run of an example's lines: \(line)")
            }
        }
    }

    /// The significant lines (trimmed, not blank) of every Swift file under `Examples/`.
    static func exampleFiles() throws -> [[String]] {
        var files: [[String]] = []
        let enumerator = FileManager.default.enumerator(at: TestEnvironment.file("Examples"), includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            files.append(text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
        }
        return files
    }

    /// The route names the snippet uses are the ones the manifest plugin generates from the coffee
    /// shop's `clipkit.json` (this file declares them as the generated file does, since the tooling's
    /// tests run no plugin): a name the generator does not write would not compile in an app.
    @Test func theSnippetsRouteNamesAreTheGeneratedOnes() throws {
        let generated = try ManifestCompiler().compile(manifestAt: TestEnvironment.file("Examples/coffee-shop/clipkit.json"))
        #expect(generated.contains("extension RouteName {"))
        for name in [RouteName.table] {
            #expect(generated.contains("static let \(name.rawValue) = RouteName(\"\(name.rawValue)\")"),
                    "the generated Swift has no RouteName.\(name.rawValue)")
        }
        #expect(!generated.contains("static let tabel ="), "a misspelt route is not generated")
    }

    static func contains(_ haystack: [String], run needle: [String]) -> Bool {
        guard !needle.isEmpty, needle.count <= haystack.count else { return false }
        return (0...(haystack.count - needle.count)).contains { Array(haystack[$0..<($0 + needle.count)]) == needle }
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

    @Test @MainActor func theOneCallSetupHandsTheTableToTheAppsOwnScreen() throws {
        let folder = try TemporaryDirectory(prefix: "clipkit-readme-setup")
        let opened = try setUpLikeTheReadme(
            manifestURL: TestEnvironment.file("Examples/coffee-shop/clipkit.json"), appGroupFolder: folder.url,
            tableURL: try #require(URL(string: "https://brew.example/s/soho/t/12"))
        )
        #expect(opened == "order soho 12, claimed com.example.coffee.order")
        let again = try ClipRuntime(manifestAt: TestEnvironment.file("Examples/coffee-shop/clipkit.json"), containerDirectory: folder.url)
        #expect(again.handoffs.peekEnvelope() == nil, "the handoff was claimed once")
    }

    /// Runs the README's one-call setup, clip then app, and says which screen the app opened.
    @MainActor
    func setUpLikeTheReadme(manifestURL: URL, appGroupFolder: URL, tableURL: URL) throws -> String {
        // The clip: a table's QR code opens it; the person orders and taps "Get the app".
        let clip = ClipSession(runtime: try ClipRuntime(manifestAt: manifestURL, containerDirectory: appGroupFolder))
        clip.inbox.receive(.webpage(tableURL))              // https://brew.example/s/soho/t/12
        try clip.handOffRouteParameters()                   // {"store":"soho","table":12} as com.example.coffee.order

        // The full app: its own payload and screen types, and one call at launch.
        struct CoffeeOrder: HandoffPayload, Equatable { static let handoffTypeName = "com.example.coffee.order"; var store: String; var table: Int? }
        enum Screen: Sendable, Equatable { case menu, order(CoffeeOrder) }
        let resolver = OnboardingResolver(rules: [.payload(CoffeeOrder.self, routes: [.table]) { Screen.order($0) }], otherwise: Screen.menu)
        let launch = resolver.launch(openedBy: nil, runtime: try ClipRuntime(manifestAt: manifestURL, containerDirectory: appGroupFolder))
        // launch.destination == .order(CoffeeOrder(store: "soho", table: 12)), claimed once
        guard case .order(let order) = launch.destination, let claimed = launch.claimed else { return "menu" }
        return "order \(order.store) \(order.table.map(String.init) ?? "-"), claimed \(claimed.typeName)"
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

/// What the manifest plugin generates for the coffee shop's routes (`theSnippetsRouteNamesAreTheGeneratedOnes`).
extension RouteName {
    /// The route `table`.
    fileprivate static let table = RouteName("table")
}
