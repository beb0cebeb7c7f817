import ClipKitCLI
import ClipLoopback
import ClipReports
import ClipTestSupport
import ClipToolingTestSupport
import Foundation
import Testing

/// Every `--json` report against its JSON Schema: the checked-in schemas are the ones the report
/// types' descriptions generate, and each command's output on real inputs (the examples, the
/// fixtures the other tests use) validates with check-jsonschema (PyPI), a validator of its own.
@Suite(.serialized) struct ReportSchemaTests {
    static let schemaFolder = TestEnvironment.file("Tooling/Schemas")
    let roadflare = TestEnvironment.file("Examples/roadflare/clipkit.json").path
    let bluesky = TestEnvironment.file("Examples/bluesky/clipkit.json").path
    let coffee = TestEnvironment.file("Examples/coffee-shop/clipkit.json").path
    let driver = TestEnvironment.file("Examples/roadflare/demo/sample-driver.json").path
    let npub = "npub180cvv07tjdrrgpa0j7j7tmnyl2yr6yr7l8j4s3evf6u64th6gkwsyjh6w6"

    @Test func checkedInSchemasAreTheGeneratedOnes() throws {
        let generated = ReportCatalog.schemaFiles()
        for file in generated {
            let url = Self.schemaFolder.appendingPathComponent(file.name)
            let checkedIn = try? String(contentsOf: url, encoding: .utf8)
            #expect(checkedIn == file.text, "\(file.name) differs from what the report type describes; run 'clipkit dev schemas --out Tooling/Schemas'")
        }
        let onDisk = Set(try FileManager.default.contentsOfDirectory(atPath: Self.schemaFolder.path).filter { $0.hasSuffix(".schema.json") })
        #expect(onDisk == Set(generated.map(\.name)), "a schema in Tooling/Schemas has no report type, or a report type has no schema")
        #expect(Set(generated.map(\.name)).count == generated.count, "two report types share a schema name")
    }

    /// Runs every command that has `--json`, with the exit code each should give, and validates
    /// every output against its command's schema.
    @Test func everyCommandsOutputValidatesAgainstItsSchema() async throws {
        let folder = try TemporaryDirectory()
        let group = folder.file("group").path
        try FileManager.default.createDirectory(atPath: group, withIntermediateDirectories: true)
        let sizeReport = folder.file("size.txt")
        try Data("""
        App Thinning Size Report for All Variants of RoadFlareClip

        Variant: RoadFlareClip.ipa
        Supported variant descriptors: Universal
        App size: 5.6 MB compressed, 12.4 MB uncompressed

        Variant: RoadFlareClip-2B9E.ipa
        Supported variant descriptors: [device: iPad13,4, os-version: 16.0]
        App + On Demand Resources size: 980 KB compressed, 2.1 MB uncompressed
        App size: 980 KB compressed, 2.1 MB uncompressed
        On Demand Resources size: Zero KB compressed, Zero KB uncompressed

        """.utf8).write(to: sizeReport)
        let tampered = folder.file("tampered.json")
        var event = try String(contentsOfFile: driver, encoding: .utf8)
        event = event.replacingOccurrences(of: "\"kind\": 0", with: "\"kind\": 1").replacingOccurrences(of: "\"kind\":0", with: "\"kind\":1")
        try Data(event.utf8).write(to: tampered)
        let invalidManifest = folder.file("invalid.json")
        try Data(#"{"teamID":"lower","app":{"bundleID":"com.example.App","appStoreID":"12"}}"#.utf8).write(to: invalidManifest)
        let aasa = folder.file("aasa.json").path
        let entitlements = folder.file("entitlements").path
        let closedPort = try LoopbackPort.free()

        // (schema, exit code, arguments); the order matters where a command reads what one before wrote.
        let runs: [(String, Int32, [String])] = [
            ("error", 2, ["route", "--no-such-flag", "--json"]),
            ("error", 2, ["route", "https://go.bsky.app/abc", "--manifest", "/nonexistent/clipkit.json", "--json"]),
            ("error", 2, ["doctor", "--manifest", "/nonexistent/clipkit.json", "--aasa", aasa, "--format", "json"]),
            ("error", 2, ["handoff", "claim", "--container", folder.file("missing").path, "--json"]),
            ("manifest-validate", 0, ["manifest", "validate", "--manifest", roadflare, "--json"]),
            ("manifest-validate", 0, ["manifest", "validate", "--manifest", coffee, "--json"]),
            ("manifest-validate", 1, ["manifest", "validate", "--manifest", invalidManifest.path, "--json"]),
            ("route", 0, ["route", "https://roadflare.app/share/d/\(npub)", "--manifest", roadflare, "--json"]),
            ("route", 0, ["route", "https://bsky.app/start/alice.bsky.social/3jzfcijpj2z2a?ref=share", "--manifest", bluesky, "--json"]),
            ("route", 1, ["route", "https://roadflare.app.evil.com/share/d/\(npub)", "--manifest", roadflare, "--json"]),
            ("nip19", 0, ["nip19", "decode", npub, "--json"]),
            ("nip19", 0, ["nip19", "encode", "3bf0c63fcb93463407af97a5e5ee64fa883d107ef9e558472c4eb9aaaefa459d", "--relay", "wss://nos.lol", "--json"]),
            ("event-verify", 0, ["event", "verify", driver, "--json"]),
            ("event-verify", 1, ["event", "verify", tampered.path, "--json"]),
            ("link-make", 0, ["link", "make", driver, "--manifest", roadflare, "--json"]),
            ("link-make", 0, ["link", "make", npub, "--manifest", roadflare, "--json"]),
            ("profile", 1, ["profile", npub, "--relay", "ws://127.0.0.1:\(closedPort)", "--timeout", "2", "--json"]),
            ("handoff-offer", 0, ["handoff", "offer", "--container", group, "--type", "com.example.ticket", "--payload", #"{"ticket":"A12","seat":7}"#, "--json"]),
            ("handoff-peek", 0, ["handoff", "peek", "--container", group, "--json"]),
            ("handoff-claim", 0, ["handoff", "claim", "--container", group, "--json"]),
            ("handoff-claim", 1, ["handoff", "claim", "--container", group, "--json"]),
            ("handoff-peek", 1, ["handoff", "peek", "--container", group, "--json"]),
            ("handoff-offer", 1, ["handoff", "offer", "--container", group, "--manifest", coffee, "--type", "com.example.coffee.order", "--payload", #"{"store":"soho","table":"twelve"}"#, "--json"]),
            ("bridge-decode", 0, ["bridge", "decode", #"{"action":"store","keyToStoreAs":"starterPackUri","jsonToStore":"\"https://bsky.app/start/alice.bsky.social/3jz\""}"#, "--manifest", bluesky, "--json"]),
            ("bridge-decode", 1, ["bridge", "decode", #"{"action":"store","keyToStoreAs":"badgeCount","jsonToStore":"1"}"#, "--manifest", bluesky, "--json"]),
            ("aasa-generate", 0, ["aasa", "generate", "--manifest", roadflare, "--json"]),
            ("generate", 0, ["generate", "entitlements", "--manifest", roadflare, "--out", entitlements, "--json"]),
            ("generate", 0, ["generate", "swift", "--manifest", roadflare, "--out", folder.file("generated").path, "--json"]),
            ("site-build", 0, ["site", "build", "--manifest", roadflare, "--out", folder.file("site").path, "--json"]),
            ("aasa-validate", 0, ["aasa", "validate", folder.file("site/.well-known/apple-app-site-association").path, "--manifest", roadflare, "--json"]),
            ("aasa-match", 0, ["aasa", "match", folder.file("site/.well-known/apple-app-site-association").path, "https://roadflare.app/share/r/\(npub)", "--explain", "--json"]),
            ("aasa-match", 1, ["aasa", "match", folder.file("site/.well-known/apple-app-site-association").path, "https://roadflare.app/elsewhere", "--json"]),
            ("doctor", 0, ["doctor", "--manifest", roadflare, "--app-entitlements", entitlements + "/App.entitlements", "--clip-entitlements", entitlements + "/AppClip.entitlements", "--json"]),
            ("doctor", 1, ["doctor", "--manifest", coffee, "--clip-entitlements", entitlements + "/AppClip.entitlements", "--format", "json"]),
            ("size", 1, ["size", sizeReport.path, "--min-ios", "15.0", "--json"]),
            ("size", 0, ["size", sizeReport.path, "--min-ios", "17.0", "--invocation", "digital", "--json"]),
            ("notify-process", 0, ["notify", "process", TestEnvironment.file("Examples/bluesky/payloads/chat-message.json").path, "--container", group, "--prefs", TestEnvironment.file("Examples/bluesky/payloads/chat-preferences.json").path, "--policy", "bluesky", "--json"]),
            ("notify-process", 0, ["notify", "process", TestEnvironment.file("Examples/coffee-shop/payloads/order-ready.json").path, "--container", group, "--json"]),
            ("notify-badge", 0, ["notify", "badge", "get", "--container", group, "--json"]),
            ("notify-badge", 0, ["notify", "badge", "reset", "--container", group, "--json"]),
            ("notify-badge-increment", 0, ["notify", "badge", "increment", "--container", group, "--count", "3", "--json"]),
            ("experiences-plan", 0, ["experiences", "plan", "--manifest", coffee, "--json"]),
            ("experiences-local", 0, ["experiences", "local", "--manifest", coffee, "--json"]),
            ("experiences-local", 0, ["experiences", "local", "--manifest", roadflare, "--json"]),
            ("codes", 0, ["codes", "--manifest", coffee, "--route", "table", "--param", "store=soho", "--param", "table=1...2", "--out", folder.file("codes").path, "--json"]),
            ("codes", 1, ["codes", "--manifest", coffee, "--url", "https://brew.example/r/6f1c2a44-1d2b-4c3e-9f00-000000000001", "--out", folder.file("refused").path, "--json"]),
            // A URL no NFC tag holds: a QR code, no NFC message, and a finding; one version for both codes.
            ("codes", 0, ["codes", "--url", "https://example.com/" + String(repeating: "a", count: 1_000), "--url", "https://example.com/b",
                          "--uniform-version", "--label", "Code {n}", "--out", folder.file("qr-only").path, "--json"]),
            ("simulate", 0, ["simulate", "https://brew.example/s/soho/t/12", "--manifest", coffee, "--scenario", "all", "--json"]),
            ("simulate", 1, ["simulate", "https://bsky.app/profile/alice.bsky.social", "--manifest", bluesky, "--json"]),
        ]
        var outputs: [String: [String]] = [:]
        for (schema, status, arguments) in runs {
            let result = try await ChildProcess.clipkit(arguments, currentDirectory: folder.url, timeout: 120)
            #expect(result.status == status, "clipkit \(arguments.joined(separator: " ")): exit \(result.status), stderr \(result.standardError)")
            let lines = result.standardOutput.split(separator: "\n")
            #expect(lines.count == 1, "clipkit \(arguments.joined(separator: " ")) printed \(lines.count) lines")
            outputs[schema, default: []].append(result.standardOutput)
        }
        outputs["serve", default: []].append(try await Self.serveAnnouncement(manifest: bluesky))
        try await Self.validate(outputs, in: folder)

        // Every report type's schema was exercised by a real command (experiences push and demo
        // are validated by their own tests below).
        let covered = Set(outputs.keys).union(["experiences-push", "demo"])
        #expect(covered == Set(ReportCatalog.reports.map { $0.schemaName }))
    }

    /// A planted mismatch is refused: a report without `schemaVersion`, one with a member its
    /// schema does not name, and one whose integer became a string.
    @Test func plantedMismatchesAreRejected() async throws {
        let folder = try TemporaryDirectory()
        let result = try await ChildProcess.clipkit(["route", "https://roadflare.app/share/d/\(npub)", "--manifest", roadflare, "--json"])
        let valid = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        var withoutVersion = valid
        withoutVersion.removeValue(forKey: "schemaVersion")
        var extraMember = valid
        extraMember["unexpected"] = true
        var stringVersion = valid
        stringVersion["schemaVersion"] = "1"
        for planted in [withoutVersion, extraMember, stringVersion] {
            let file = folder.file("planted.json")
            try JSONSerialization.data(withJSONObject: planted).write(to: file)
            let check = try await Self.checkJSONSchema(schema: "route", instances: [file.path])
            #expect(check.status != 0, "check-jsonschema accepted a planted mismatch: \(planted)")
        }
        let control = folder.file("control.json")
        try Data(result.standardOutput.utf8).write(to: control)
        #expect(try await Self.checkJSONSchema(schema: "route", instances: [control.path]).status == 0)
    }

    /// `demo --json`: the real relay, server and simulation, validated against its schema.
    @Test func demoReportValidates() async throws {
        let folder = try TemporaryDirectory()
        let result = try await ChildProcess.clipkit(
            ["demo", "--no-wait", "--port", "0", "--relay-port", "0", "--json"],
            environment: ["CLIPKIT_VENV": TestEnvironment.virtualEnvironment.path], currentDirectory: TestEnvironment.repositoryRoot, timeout: 180
        )
        #expect(result.status == 0, "\(result.standardError)")
        try await Self.validate(["demo": [result.standardOutput]], in: folder)
    }

    /// `experiences push --json` against the App Store Connect API stand-in (a test double: Apple's
    /// API cannot run here), dry run and applied, validated against its schema.
    @Test func experiencesPushReportValidates() async throws {
        let folder = try TemporaryDirectory()
        let (standIn, p8) = try AppStoreConnectStandIn.withNewKey(keyID: "2X9R4HXF34", issuerID: "57246542-96fe-1a63-e053-0824d011072a", appClipID: "clip-1")
        defer { standIn.stop() }
        try Data(p8.utf8).write(to: folder.file("AuthKey.p8"))
        let arguments = ["experiences", "push", "--manifest", coffee, "--key", folder.file("AuthKey.p8").path, "--key-id", "2X9R4HXF34",
                         "--issuer", "57246542-96fe-1a63-e053-0824d011072a", "--app-clip-id", "clip-1", "--asc-base-url", standIn.baseURL.absoluteString, "--json"]
        var outputs: [String] = []
        for extra in [[], ["--apply"]] {
            let result = try await ChildProcess.clipkit(arguments + extra)
            #expect(result.status == 0, "\(result.standardError)")
            outputs.append(result.standardOutput)
        }
        try await Self.validate(["experiences-push": outputs], in: folder)
    }

    /// Reads the one JSON line `clipkit serve --json` prints once it listens, then stops it.
    static func serveAnnouncement(manifest: String) async throws -> String {
        let server = try ChildProcess(TestEnvironment.clipkitExecutable(), arguments: ["serve", "--manifest", manifest, "--port", "0", "--json"])
        defer { server.stop() }
        _ = try await server.waitForAnnouncement(withMember: "listening", timeout: 30)
        return server.standardOutput.split(separator: "\n").first.map(String.init) ?? ""
    }

    /// Writes each output to a file and validates the files with check-jsonschema against their schema.
    static func validate(_ outputs: [String: [String]], in folder: TemporaryDirectory) async throws {
        for (schema, texts) in outputs.sorted(by: { $0.key < $1.key }) {
            var files: [String] = []
            for (index, text) in texts.enumerated() {
                let file = folder.file("\(schema)-\(index).json")
                try Data(text.utf8).write(to: file)
                files.append(file.path)
            }
            let check = try await checkJSONSchema(schema: schema, instances: files)
            #expect(check.status == 0, "\(schema): \(check.standardOutput) \(check.standardError)")
        }
    }

    static func checkJSONSchema(schema: String, instances: [String]) async throws -> CommandResult {
        let tool = try TestEnvironment.virtualEnvironmentTool("check-jsonschema")
        let schemaFile = schemaFolder.appendingPathComponent("\(schema).schema.json").path
        return try await ChildProcess.run(tool, arguments: ["--schemafile", schemaFile] + instances, timeout: 120)
    }
}
