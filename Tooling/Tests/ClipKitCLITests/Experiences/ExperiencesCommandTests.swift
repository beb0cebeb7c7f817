import ClipKit
import ClipManifestReader
import ClipTestSupport
import ClipToolingTestSupport
import Foundation
import Testing

/// `clipkit experiences plan|push` as a user runs them (pushing itself is tested against the API
/// stand-in in ClipSiteTests; here the built `clipkit` pushes header images to it).
@Suite struct ExperiencesCommandTests {
    let roadflare = TestEnvironment.file("Examples/roadflare/clipkit.json").path

    @Test func experiencesPlanPrintsOneExperiencePerClipRoute() async throws {
        let result = try await ChildProcess.clipkit(["experiences", "plan", "--manifest", roadflare, "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let experiences = try #require(try result.json()["experiences"] as? [[String: Any]])
        #expect(experiences.map { $0["link"] as? String } == ["https://roadflare.app/share/d/"])
        #expect(experiences.first?["action"] as? String == "OPEN")
    }

    /// What to register on a device: the coffee shop's two clip routes (which share a prefix) and the
    /// default link, each with an `_XCAppClipURL` that the manifest's router sends to that route in the clip.
    @Test func experiencesLocalPrintsARowPerClipRoutePrefixAndTheDefaultLink() async throws {
        let coffee = TestEnvironment.file("Examples/coffee-shop/clipkit.json")
        let result = try await ChildProcess.clipkit(["experiences", "local", "--manifest", coffee.path, "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let json = try result.json()
        #expect(json["xcodeVariable"] as? String == "_XCAppClipURL")
        let rows = try #require(json["experiences"] as? [[String: Any]])
        #expect(rows.map { $0["urlPrefix"] as? String } == ["https://brew.example/s/", "https://brew.example/s/", "https://appclip.apple.com/id?p=com.example.Brew.Clip"])
        #expect(rows.map { $0["source"] as? String } == ["route table", "route store", "default link"])
        #expect(rows.allSatisfy { $0["bundleID"] as? String == "com.example.Brew.Clip" && $0["title"] as? String == "Brew" && $0["action"] as? String == "Open" })
        let router = try InvocationRouter(manifest: ManifestLoader().load(contentsOf: coffee))
        for (row, route) in zip(rows, ["table", "store"]) {
            let sample = try #require(row["xcodeAppClipURL"] as? String)
            let match = try router.route(sample).get()
            #expect(match.route == route && match.handledBy == .clip, "\(sample)")
            #expect(sample.hasPrefix(row["urlPrefix"] as? String ?? "-"))
        }
        // The default link's URL for Xcode carries items of the first route it opens, the table.
        let defaultSample = try #require(rows.last?["xcodeAppClipURL"] as? String)
        #expect(defaultSample.hasPrefix("https://appclip.apple.com/id?p=com.example.Brew.Clip&"))
        #expect(try router.route(defaultSample).get().route == "table", "\(defaultSample)")

        let text = try await ChildProcess.clipkit(["experiences", "local", "--manifest", coffee.path])
        #expect(text.status == 0)
        #expect(text.standardOutput.contains("URL prefix  https://brew.example/s/"))
        #expect(text.standardOutput.contains("_XCAppClipURL  https://appclip.apple.com/id?p=com.example.Brew.Clip"))
    }

    @Test func experiencesPushWithABadKeyIsAClearUsageError() async throws {
        let folder = try TemporaryDirectory()
        let key = folder.file("AuthKey.p8")
        try Data("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n".utf8).write(to: key)
        let result = try await ChildProcess.clipkit(["experiences", "push", "--manifest", roadflare, "--key", key.path, "--key-id", "2X9R4HXF34",
                                                     "--issuer", "57246542-96fe-1a63-e053-0824d011072a", "--app-clip-id", "1", "--api-base-url", "http://127.0.0.1:9"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("AuthKey.p8"))
        #expect(result.standardError.contains("P-256"))
    }
    /// RoadFlare's manifest with a header image on its clip route, written to a folder with the image.
    static func manifestWithHeaderImage(_ image: Data) throws -> (folder: TemporaryDirectory, manifest: String) {
        let folder = try TemporaryDirectory()
        let example = try Data(contentsOf: TestEnvironment.file("Examples/roadflare/clipkit.json"))
        var object = try #require(try JSONSerialization.jsonObject(with: example) as? [String: Any])
        object.removeValue(forKey: "$schema")
        var routes = try #require(object["routes"] as? [[String: Any]])
        routes[0]["headerImage"] = "images/driver card.png"
        object["routes"] = routes
        try JSONSerialization.data(withJSONObject: object).write(to: folder.file("clipkit.json"))
        try FileManager.default.createDirectory(at: folder.file("images"), withIntermediateDirectories: true)
        try image.write(to: folder.file("images/driver card.png"))
        return (folder, folder.file("clipkit.json").path)
    }

    @Test func thePlanNamesEachHeaderImageAndAWrongSizeIsAUsageErrorAtItsPath() async throws {
        let good = try Self.manifestWithHeaderImage(ImageFixture.png(width: 1800, height: 1200))
        let plan = try await ChildProcess.clipkit(["experiences", "plan", "--manifest", good.manifest, "--json"])
        #expect(plan.status == 0, "\(plan.standardError)")
        let image = try #require((try plan.json()["experiences"] as? [[String: Any]])?.first?["headerImage"] as? [String: Any])
        #expect(image["path"] as? String == "images/driver card.png")
        #expect(image["checksum"] as? String == AppStoreConnectStandIn.md5(ImageFixture.png(width: 1800, height: 1200)))
        #expect(image["format"] as? String == "png")

        let small = try Self.manifestWithHeaderImage(ImageFixture.png(width: 900, height: 600))
        let refused = try await ChildProcess.clipkit(["experiences", "plan", "--manifest", small.manifest])
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("\(small.manifest): $.routes[0].headerImage: 'images/driver card.png' is 900 × 600 pixels"))
        #expect(refused.standardError.split(separator: "\n").count == 1)
    }

    @Test func pushUploadsTheHeaderImageOnceThroughTheCommand() async throws {
        let png = ImageFixture.png(width: 1800, height: 1200, shade: 0x5A)
        let setup = try Self.manifestWithHeaderImage(png)
        let (standIn, p8) = try AppStoreConnectStandIn.withNewKey(keyID: "2X9R4HXF34", issuerID: "57246542-96fe-1a63-e053-0824d011072a", appClipID: "clip-1")
        defer { standIn.stop() }
        try Data(p8.utf8).write(to: setup.folder.file("AuthKey.p8"))
        let arguments = ["experiences", "push", "--manifest", setup.manifest, "--key", setup.folder.file("AuthKey.p8").path, "--key-id", "2X9R4HXF34",
                         "--issuer", "57246542-96fe-1a63-e053-0824d011072a", "--app-clip-id", "clip-1", "--asc-base-url", standIn.baseURL.absoluteString,
                         "--apply", "--json"]
        let first = try await ChildProcess.clipkit(arguments)
        #expect(first.status == 0, "\(first.standardError)")
        let changes = try #require(try first.json()["changes"] as? [[String: Any]])
        #expect(changes.map { $0["headerImage"] as? String } == ["images/driver card.png"])
        #expect(first.standardError.contains("header image images/driver card.png uploaded"))
        #expect(standIn.images.count == 1)
        #expect(standIn.images.first?.fileName == "driver card.png")
        #expect(standIn.images.first?.bytes == png)
        #expect(standIn.images.first?.checksum == AppStoreConnectStandIn.md5(png))
        #expect(standIn.uploadProblems.isEmpty && standIn.refusedTokens.isEmpty)

        let second = try await ChildProcess.clipkit(arguments)
        #expect(second.status == 0, "\(second.standardError)")
        #expect((try second.json()["unchanged"] as? [String]) == ["https://roadflare.app/share/d/"])
        #expect(standIn.images.count == 1)
        #expect(standIn.requests.filter { $0.hasPrefix("PUT") }.count == 2)
    }
}
