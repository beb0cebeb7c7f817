@_spi(ClipKitTooling) import ClipKit
import ClipManifestReader
import ClipTestSupport
import Foundation
import Testing

/// One call builds what a clip and its app need from the manifest, and every way it cannot says
/// what to fix.
@Suite struct ClipRuntimeTests {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory(prefix: "clipkit-runtime")
    }

    @Test func theRuntimeHoldsTheManifestRouterAndStoresOfTheContainer() throws {
        let runtime = try ClipRuntime(manifestAt: TestEnvironment.file("Examples/coffee-shop/clipkit.json"), containerDirectory: folder.url)
        #expect(runtime.manifest.appGroup == "group.com.example.Brew")
        #expect(runtime.container.identifier == "group.com.example.Brew")
        #expect(runtime.container.directory == folder.url.standardizedFileURL)
        #expect(try runtime.router.route("https://brew.example/s/soho/t/12").get().parameters == ["store": "soho", "table": "12"])
        #expect(runtime.handoffs.lifetime == 86_400)
        #expect(runtime.handoffs.types.map(\.name) == ["com.example.coffee.order"])

        try runtime.handoffs.offer(json: .object(["store": .string("soho")]), typeName: "com.example.coffee.order")
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("ClipKit/SharedDefaults/clipkit.handoff").path),
                "the entry lives in the container, where the app's runtime finds it")
        let app = try ClipRuntime(manifestAt: TestEnvironment.file("Examples/coffee-shop/clipkit.json"), containerDirectory: folder.url)
        #expect(app.handoffs.claimEnvelope()?.payload == .object(["store": .string("soho")]))
    }

    @Test func aRouteWhoseKindNoModuleRegisteredIsAManifestProblemNamingTheKind() throws {
        #expect {
            _ = try ClipRuntime(manifestAt: TestEnvironment.file("Examples/roadflare/clipkit.json"), containerDirectory: folder.url)
        } throws: { error in
            guard case ClipSetupError.manifest(let manifestError) = error else { return false }
            return manifestError.description.contains("unknown parameter kind 'npub'")
        }
        let kinds = ParameterKindRegistry.standard.registering(ParameterKind(name: "npub") { .accepted($0) })
        let runtime = try ClipRuntime(manifestAt: TestEnvironment.file("Examples/roadflare/clipkit.json"), containerDirectory: folder.url, parameterKinds: kinds)
        #expect(runtime.router.route(named: "driverShare") != nil)
    }

    @Test func aMissingManifestSaysWhichFile() {
        #expect {
            _ = try ClipRuntime(manifestAt: folder.file("clipkit.json"), containerDirectory: folder.url)
        } throws: { error in
            guard case ClipSetupError.manifest(let problem) = error, case .unreadable(let file, _)? = problem as? ManifestError else {
                return false
            }
            return file.hasSuffix("clipkit.json")
        }
    }

    @Test func aContainerThatCannotHoldTheStoreIsReported() throws {
        let file = folder.file("not-a-folder")
        try Data("x".utf8).write(to: file)
        #expect {
            _ = try ClipRuntime(manifestAt: TestEnvironment.file("Examples/coffee-shop/clipkit.json"), containerDirectory: file)
        } throws: { error in
            guard case ClipSetupError.sharedDefaults = error else { return false }
            return (error as? ClipSetupError)?.description.contains("shared store") == true
        }
    }

    @Test func everySetupProblemSaysWhatToDo() {
        #expect(ClipSetupError.manifestNotBundled(bundle: "Brew Clip.app").description.contains("Copy Bundle Resources"))
        #expect(ClipSetupError.appGroup(.notEntitled(identifier: "group.com.example.Brew")).description.contains("application-groups"))
        #expect(ClipSetupError.flow("clipkit.json lists no nostr.relays").description == "clipkit.json lists no nostr.relays")
    }
}
