import ClipKit
import ClipKitCLI
import ClipManifestReader
import ClipTestSupport
import Foundation
import Testing

/// The committed JSON Schema and `ManifestLoader` must give the same verdicts: both example
/// manifests pass both; every manifest in `Tests/Fixtures/manifests/invalid` fails both, and the
/// loader names the path the fixture breaks; the manifests in `cross-field` break rules that a
/// JSON Schema cannot express, so the schema accepts them and the loader must reject them.
@Suite struct ManifestSchemaAgreementTests {
    static let expectedPaths: [String: String] = [
        "app-group-without-prefix": "$.appGroup",
        "app-store-id-not-numeric": "$.app.appStoreID",
        "domain-upper-case": "$.domains[0]",
        "domain-wildcard": "$.domains[0]",
        "domains-duplicate": "$.domains[1]",
        "handler-unknown": "$.routes[0].handledBy",
        "header-image-not-an-image": "$.places[0].headerImage",
        "invocation-unknown": "$.clip.invocations[1]",
        "invocations-empty": "$.clip.invocations",
        "minimum-ios-not-a-version": "$.clip.minimumIOS",
        "minimum-ios-too-low": "$.clip.minimumIOS",
        "missing-app": "$",
        "parameter-kind-unknown": "$.routes[1].params.code",
        "place-map-action-unknown": "$.places[0].mapAction",
        "pattern-and-patterns": "$.routes[1]",
        "pattern-bad-capture": "$.routes[1].pattern",
        "pattern-http": "$.routes[1].pattern",
        "pattern-partial-capture": "$.routes[1].pattern",
        "pattern-with-query": "$.routes[1].pattern",
        "pattern-under-well-known": "$.routes[1].pattern",
        "relay-not-secure": "$.nostr.relays[0]",
        "relays-empty": "$.nostr.relays",
        "relays-too-many": "$.nostr.relays",
        "root-is-an-array": "$",
        "route-name-with-space": "$.routes[0].name",
        "route-unknown-key": "$.routes[0].experience",
        "route-without-pattern": "$.routes[1]",
        "route-without-handler": "$.routes[0]",
        "routes-empty": "$.routes",
        "team-id-lower-case": "$.teamID",
        "team-id-too-short": "$.teamID",
        "ttl-a-string": "$.handoff.ttlSeconds",
        "ttl-fractional": "$.handoff.ttlSeconds",
        "ttl-too-short": "$.handoff.ttlSeconds",
        "unknown-app-key": "$.app.bundleId",
        "unknown-top-level-key": "$.analytics",
        "web-bridge-key-invalid": "$.handoff.webBridgeKeys[0]",
        "clip-does-not-extend-app": "$.clip.bundleID",
        "route-host-not-a-domain": "$.routes[1].pattern",
        "route-names-duplicate": "$.routes[1].name",
        "pattern-shadowed": "$.routes[1].pattern",
        "parameter-not-captured": "$.routes[1].params.rkey",
        "patterns-capture-different-names": "$.routes[0]",
        "pattern-captures-twice": "$.routes[1].pattern",
        "place-url-not-a-domain": "$.places[0].url",
        "domains-empty-with-patterns": "$.routes[0].patterns[0]",
        "route-without-pattern-with-params": "$.routes[1].params.code",
        "header-image-on-app-route": "$.routes[1].headerImage",
        "handoff-type-name-invalid": "$.handoff.types[0].name",
        "handoff-type-unknown-key": "$.handoff.types[0].members",
        "handoff-type-member-empty": "$.handoff.types[0].required[0]",
        "route-handoff-invalid": "$.routes[0].handoff",
        "clip-request-not-a-boolean": "$.clip.requestsEphemeralNotifications",
        "route-handoff-not-listed": "$.routes[1].handoff",
        "location-confirmation-without-physical": "$.clip.requestsLocationConfirmation",
        "handoff-type-names-duplicate": "$.handoff.types[1].name",
        "handoff-member-required-and-optional": "$.handoff.types[0].optional[0]",
        "handoff-member-kind-unknown": "$.handoff.types[0].kinds.seats",
        "handoff-member-kind-not-listed": "$.handoff.types[0].kinds.row",
        "handoff-member-kind-disagrees-with-capture": "$.routes[0].handoff",
        "handoff-member-captured-as-two-kinds": "$.routes[1].handoff",
        "handoff-type-secret-not-a-boolean": "$.handoff.types[0].secret",
        "notification-routes-not-an-array": "$.clip.notificationRoutes",
        "notification-route-not-a-clip-route": "$.clip.notificationRoutes[0]",
        "notification-route-unknown": "$.clip.notificationRoutes[0]",
        "notification-routes-without-ephemeral-notifications": "$.clip.notificationRoutes",
    ]

    static func fixtures(in folder: String) throws -> [URL] {
        let directory = TestEnvironment.file("Tests/Fixtures/manifests/\(folder)")
        return try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// Runs the schema over files with Python's `jsonschema` and returns each file's errors.
    static func schemaVerdicts(for files: [URL]) async throws -> [String: [String]] {
        let result = try await ChildProcess.run(
            try TestEnvironment.python(),
            arguments: [TestEnvironment.file("Tests/Fixtures/python/validate_with_schema.py").path,
                        TestEnvironment.file("Schemas/clipkit.schema.json").path] + files.map(\.path)
        )
        guard result.status == 0, let verdicts = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: [String]] else {
            throw CommandOutputError(output: result.standardOutput + result.standardError)
        }
        return verdicts
    }

    let loader = ManifestLoader(parameterKinds: CommandEnvironment.parameterKinds)

    @Test func examplesPassTheSchemaAndTheLoader() async throws {
        let examples = [
            "Examples/roadflare/clipkit.json", "Examples/bluesky/clipkit.json", "Examples/coffee-shop/clipkit.json",
            "Examples/food-truck/clipkit.json", "Tests/Fixtures/ticketing/clipkit.json",
        ].map(TestEnvironment.file)
        let verdicts = try await Self.schemaVerdicts(for: examples)
        for example in examples {
            #expect(verdicts[example.path] == [], "schema rejects \(example.lastPathComponent): \(verdicts[example.path] ?? [])")
            #expect(throws: Never.self) { try loader.load(contentsOf: example) }
        }
    }

    @Test func invalidManifestsFailBothWithTheRightPath() async throws {
        let files = try Self.fixtures(in: "invalid")
        #expect(files.count >= 30)
        let verdicts = try await Self.schemaVerdicts(for: files)
        for file in files {
            let name = file.deletingPathExtension().lastPathComponent
            #expect(verdicts[file.path]?.isEmpty == false, "the schema accepts \(name)")
            do {
                _ = try loader.load(contentsOf: file)
                Issue.record("the loader accepts \(name)")
            } catch {
                let error = try #require(error as? ManifestError, "\(name)")
                let paths = error.issues.map(\.path)
                let expected = try #require(Self.expectedPaths[name], "no expected path for \(name)")
                #expect(paths.contains(expected), "\(name): expected an issue at \(expected), got \(error.issues)")
                #expect(error.issues.allSatisfy { !$0.message.isEmpty })
            }
        }
    }

    @Test func crossFieldRulesAreTheLoadersAlone() async throws {
        let files = try Self.fixtures(in: "cross-field")
        #expect(files.count >= 5)
        let verdicts = try await Self.schemaVerdicts(for: files)
        for file in files {
            let name = file.deletingPathExtension().lastPathComponent
            #expect(verdicts[file.path] == [], "\(name) should only break a rule the schema cannot express")
            do {
                _ = try loader.load(contentsOf: file)
                Issue.record("the loader accepts \(name)")
            } catch {
                let error = try #require(error as? ManifestError, "\(name)")
                let expected = try #require(Self.expectedPaths[name], "no expected path for \(name)")
                #expect(error.issues.map(\.path).contains(expected), "\(name): expected an issue at \(expected), got \(error.issues)")
            }
        }
    }
}
