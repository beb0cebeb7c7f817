import ClipDoctor
import ClipKit
import ClipTestSupport
import ClipToolingTestSupport
import Foundation
import Testing

/// The `doctor`, `size` and `generate entitlements` commands, run as the built `clipkit`.
@Suite struct DoctorCommandTests {
    @Test func theDocumentedWorkflowPassesOnEveryExample() async throws {
        let doc = try String(contentsOf: TestEnvironment.file("docs/doctor.md"), encoding: .utf8)
        let workflow = try #require(Self.section(of: doc, between: "<!-- doctor-workflow:start -->", and: "<!-- doctor-workflow:end -->"))
        let lines = workflow.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let matrixLine = try #require(lines.first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("example: [") })
        let examples = matrixLine.split(separator: "[")[1].split(separator: "]")[0].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(Set(examples) == Set(Fixtures.everyExampleName))
        // The doctor step's folded `run: >-` block, joined as YAML folds it.
        let runIndex = try #require(lines.firstIndex { $0.contains("run: >-") })
        let indent = lines[runIndex + 1].prefix { $0 == " " }.count
        let command = lines[(runIndex + 1)...].prefix { $0.prefix { $0 == " " }.count >= indent && !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        let arguments = command.split(separator: " ").map(String.init)
        #expect(arguments.first?.hasSuffix("clipkit") == true)
        #expect(arguments.dropFirst().first == "doctor")
        #expect(arguments.contains("--format") && arguments.contains("github"))
        for example in examples {
            let result = try await ChildProcess.clipkit(Array(arguments.dropFirst()), currentDirectory: TestEnvironment.file("Examples/\(example)"))
            #expect(result.status == 0, "\(example): \(result.standardError)")
            #expect(!result.standardOutput.contains("::error"), "\(example): \(result.standardOutput)")
            #expect(result.standardOutput.contains("clipkit doctor: 0 errors"))
        }
    }

    @Test(arguments: Fixtures.everyExampleName)
    func theExampleFilesAreWhatGenerateWrites(example: String) async throws {
        let folder = try TemporaryDirectory()
        let manifest = TestEnvironment.file("Examples/\(example)/clipkit.json").path
        let result = try await ChildProcess.clipkit(["generate", "entitlements", "--manifest", manifest, "--out", folder.url.path, "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let files = try #require(try result.json()["files"] as? [String])
        #expect(files.count == 3)
        #expect(files.filter { ($0 as NSString).lastPathComponent.contains("Clip") }.count == 2)
        for file in files {
            let name = (file as NSString).lastPathComponent
            let committed = try Data(contentsOf: TestEnvironment.file("Examples/\(example)/ios/\(name)"))
            #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == committed, "Examples/\(example)/ios/\(name) is stale: run 'clipkit generate entitlements'")
        }
    }

    /// `doctor`, like `manifest validate`, refuses a manifest whose notification route the clip does
    /// not handle, naming the route and its path.
    @Test func aNotificationRouteOfTheAppIsRefused() async throws {
        let manifest = TestEnvironment.file("Tests/Fixtures/manifests/cross-field/notification-route-not-a-clip-route.json").path
        let entitlements = TestEnvironment.file("Examples/coffee-shop/ios/AppClip.entitlements").path
        for arguments in [["doctor", "--manifest", manifest, "--clip-entitlements", entitlements], ["manifest", "validate", "--manifest", manifest]] {
            let result = try await ChildProcess.clipkit(arguments)
            #expect(result.status == (arguments[0] == "doctor" ? 2 : 1), "\(arguments): \(result.standardError)")
            let output = result.standardOutput + result.standardError
            #expect(output.contains("$.clip.notificationRoutes[0]") && output.contains("route 'receipt' is handled by the app"), "\(output)")
        }
    }

    @Test func everyCodeIsDocumented() throws {
        let doc = try String(contentsOf: TestEnvironment.file("docs/doctor.md"), encoding: .utf8)
        for code in DoctorCode.allCases {
            #expect(doc.contains("`\(code.rawValue)` | \(code == .clipUnsupportedCapability ? "error or warning" : code.severity.rawValue)"), "\(code.rawValue)")
        }
    }

    @Test func jsonOutputAndExitCodes() async throws {
        let example = TestEnvironment.file("Examples/roadflare")
        let ok = try await ChildProcess.clipkit(["doctor", "--manifest", "clipkit.json", "--clip-entitlements", "ios/AppClip.entitlements", "--json"], currentDirectory: example)
        #expect(ok.status == 0)
        let okJSON = try ok.json()
        #expect(okJSON["ok"] as? Bool == true)
        #expect((okJSON["findings"] as? [Any])?.isEmpty == true)
        #expect(ok.standardOutput.split(separator: "\n").count == 1)

        // The app's file given as the clip's: errors, exit 1, one JSON object, one stderr line.
        let bad = try await ChildProcess.clipkit(["doctor", "--manifest", "clipkit.json", "--clip-entitlements", "ios/App.entitlements", "--json"], currentDirectory: example)
        #expect(bad.status == 1)
        let badJSON = try bad.json()
        #expect(badJSON["ok"] as? Bool == false)
        let findings = try #require(badJSON["findings"] as? [[String: Any]])
        let codes = findings.compactMap { $0["code"] as? String }
        #expect(codes == ["clip.entitlements.on-demand-install-capable", "clip.entitlements.parent-identifier", "clip.entitlements.app-only-key", "clip.entitlements.applinks"])
        for finding in findings {
            // The one diagnostic shape: these entitlement findings have every member but a line.
            #expect(Set(finding.keys) == ["code", "severity", "message", "file", "path", "fix"])
            #expect(finding["file"] as? String == "ios/App.entitlements")
        }
        #expect(bad.standardError.split(separator: "\n").count == 1)

        let missing = try await ChildProcess.clipkit(["doctor", "--manifest", "clipkit.json", "--clip-entitlements", "nope.entitlements", "--json"], currentDirectory: example)
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("nope.entitlements"))
        #expect((try missing.json()["error"] as? [String: Any])?["message"] is String)

        let garbage = try TemporaryDirectory()
        try Data("not a plist".utf8).write(to: garbage.file("x.entitlements"))
        let unreadable = try await ChildProcess.clipkit(["doctor", "--manifest", "clipkit.json", "--app-entitlements", garbage.file("x.entitlements").path], currentDirectory: example)
        #expect(unreadable.status == 2)
        #expect(unreadable.standardError.contains("not a property list"))

        let nothing = try await ChildProcess.clipkit(["doctor", "--manifest", "clipkit.json"], currentDirectory: example)
        #expect(nothing.status == 2)
        #expect(nothing.standardError.contains("nothing to check"))
    }

    @Test func textOutputIsGroupedByFileWithoutColourWhenNotATerminal() async throws {
        let example = TestEnvironment.file("Examples/bluesky")
        let result = try await ChildProcess.clipkit(
            ["doctor", "--manifest", "clipkit.json", "--app-entitlements", "ios/AppClip.entitlements", "--clip-entitlements", "ios/App.entitlements"],
            currentDirectory: example)
        #expect(result.status == 1)
        #expect(!result.standardOutput.contains("\u{1B}["))
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        let headers = lines.filter { !$0.hasPrefix(" ") && !$0.hasPrefix("✗") && !$0.hasPrefix("✓") }
        #expect(headers == ["ios/AppClip.entitlements", "ios/App.entitlements"])
        #expect(lines.last?.hasPrefix("✗ not ok") == true)
    }

    @Test func aBuiltIPAPassesThroughTheCommand() async throws {
        let manifest = try ExampleManifest.load("roadflare")
        let folder = try TemporaryDirectory()
        let ipa = try ProductFixture.writeIPA(ProductFixture.app(manifest), clips: [ProductFixture.clip(manifest)], into: folder.url)
        let result = try await ChildProcess.clipkit(["doctor", "--manifest", TestEnvironment.file("Examples/roadflare/clipkit.json").path, "--archive", ipa.path, "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let codes = (try result.json()["findings"] as? [[String: Any]])?.compactMap { $0["code"] as? String }
        #expect(codes == ["size.bundle"])
    }

    @Test func sizeCommandReportsTheLimitAndTheLargestVariant() async throws {
        let folder = try TemporaryDirectory()
        let report = folder.file("App Thinning Size Report.txt")
        try Data(Fixtures.realisticReport.utf8).write(to: report)
        let within = try await ChildProcess.clipkit(["size", report.path, "--min-ios", "16.0", "--invocation", "physical", "--json"])
        #expect(within.status == 0, "\(within.standardError)")
        let json = try within.json()
        #expect(json["limitBytes"] as? Int == 15_000_000)
        #expect(json["largestUncompressedBytes"] as? Int == 12_400_000)
        #expect(json["withinLimit"] as? Bool == true)
        #expect((json["variants"] as? [[String: Any]])?.count == 4)

        // The Bluesky manifest says iOS 15.1: 10 MB, so the Universal variant is over.
        let over = try await ChildProcess.clipkit(["size", report.path, "--manifest", TestEnvironment.file("Examples/bluesky/clipkit.json").path, "--json"])
        #expect(over.status == 1)
        let overJSON = try over.json()
        #expect(overJSON["limitBytes"] as? Int == 10_000_000)
        #expect(overJSON["withinLimit"] as? Bool == false)
        #expect(over.standardError.split(separator: "\n").count == 1)

        let demo = try await ChildProcess.clipkit(["size", report.path, "--min-ios", "15.0", "--invocation", "demo", "--json"])
        #expect(try demo.json()["limitBytes"] as? Int == 100_000_000)

        try Data("no variants here".utf8).write(to: folder.file("empty.txt"))
        let bad = try await ChildProcess.clipkit(["size", folder.file("empty.txt").path, "--min-ios", "16.0", "--json"])
        #expect(bad.status == 2)
        #expect(bad.standardError.contains("no 'Variant:'"))

        let badVersion = try await ChildProcess.clipkit(["size", report.path, "--min-ios", "sixteen"])
        #expect(badVersion.status == 2)
    }

    static func section(of text: String, between start: String, and end: String) -> String? {
        guard let from = text.range(of: start), let to = text.range(of: end, range: from.upperBound..<text.endIndex) else { return nil }
        return String(text[from.upperBound..<to.lowerBound])
    }
}
