import ClipKit
import ClipAppStoreConnect
import ClipTestSupport
import ClipToolingTestSupport
import Crypto
import Foundation
import Testing

/// Header images of advanced App Clip experiences: the checks made when the plan is read, and the
/// upload through the App Store Connect API stand-in (reservation, upload operations, commit),
/// which keeps the bytes it was sent and checks the MD5 it was given.
@Suite(.serialized) struct AppClipHeaderImageTests {
    static let keyID = "2X9R4HXF34"
    static let issuer = "57246542-96fe-1a63-e053-0824d011072a"
    static let appClipID = "clip-6444370199"

    /// RoadFlare's manifest with a header image on its clip route and on one of two places, in a
    /// folder with the images; the manifest file itself is not written (the plan only needs its path).
    struct Folder {
        let directory: TemporaryDirectory
        var manifest: ClipManifest
        var manifestFile: String { directory.file("clipkit.json").path }

        func write(_ data: Data, to name: String) throws {
            let url = directory.file(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }

        func plan() throws(ManifestError) -> AppClipExperiencePlan {
            try AppClipExperiencePlan(manifest: manifest, manifestFile: manifestFile)
        }
    }

    func folder() throws -> Folder {
        var manifest = try ExampleManifest.load("roadflare")
        manifest.routes[0].headerImage = "images/driver.png"
        manifest.places = [
            ClipManifest.Place(name: "Union Station stand", url: "https://roadflare.app/share/d/union-station", latitude: 38.8973, longitude: -77.0063,
                               mapAction: "VIEW_AVAILABILITY", headerImage: "images/union-station.jpg"),
            ClipManifest.Place(name: "Airport stand", url: "https://roadflare.app/share/d/airport", latitude: 38.8512, longitude: -77.0402, mapAction: "BUY_TICKETS"),
        ]
        let folder = Folder(directory: try TemporaryDirectory(), manifest: manifest)
        try folder.write(ImageFixture.png(width: 1800, height: 1200), to: "images/driver.png")
        try folder.write(ImageFixture.jpeg(width: 1800, height: 1200), to: "images/union-station.jpg")
        return folder
    }

    func client(for standIn: AppStoreConnectStandIn, key: P256.Signing.PrivateKey) throws -> AppStoreConnectClient {
        let token = try AppStoreConnectToken(p8: key.pemRepresentation, keyID: Self.keyID, issuerID: Self.issuer)
        return try AppStoreConnectClient(baseURL: standIn.baseURL, token: token,
                                         retryPolicy: AppStoreConnectRetryPolicy(maximumAttempts: 4, initialDelay: 0.01, maximumDelay: 0.1))
    }

    // MARK: Reading and checking

    @Test func dimensionsAreReadFromPNGAndJPEGHeaders() {
        #expect(AppClipHeaderImage.dimensions(of: ImageFixture.png(width: 1800, height: 1200)).map { "\($0.format) \($0.width)x\($0.height)" } == "png 1800x1200")
        #expect(AppClipHeaderImage.dimensions(of: ImageFixture.png(width: 3, height: 2)).map { "\($0.width)x\($0.height)" } == "3x2")
        #expect(AppClipHeaderImage.dimensions(of: ImageFixture.jpeg(width: 1800, height: 1200)).map { "\($0.format) \($0.width)x\($0.height)" } == "jpeg 1800x1200")
        // A progressive JPEG (SOF2) after fill bytes; DHT (0xC4) is not a frame header.
        var progressive = Data([0xFF, 0xD8, 0xFF, 0xFF, 0xC4, 0x00, 0x04, 0x00, 0x00])
        progressive.append(ImageFixture.jpeg(width: 640, height: 480, marker: 0xC2).dropFirst(2))
        #expect(AppClipHeaderImage.dimensions(of: progressive).map { "\($0.width)x\($0.height)" } == "640x480")
        // Neither: GIF, text, a truncated PNG, a JPEG that ends before its frame header.
        #expect(AppClipHeaderImage.dimensions(of: Data("GIF89a\u{08}\u{07}\u{b0}\u{04}".utf8)) == nil)
        #expect(AppClipHeaderImage.dimensions(of: Data("not an image".utf8)) == nil)
        #expect(AppClipHeaderImage.dimensions(of: ImageFixture.png(width: 1800, height: 1200).prefix(20)) == nil)
        #expect(AppClipHeaderImage.dimensions(of: Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A])) == nil)
        #expect(AppClipHeaderImage.dimensions(of: Data([0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02])) == nil)
    }

    @Test func thePlanCarriesEachExperiencesImageWithItsChecksum() throws {
        let folder = try folder()
        let plan = try folder.plan()
        #expect(plan.experiences.map { $0.headerImage?.path } == ["images/driver.png", "images/union-station.jpg", nil])
        let driver = try #require(plan.experiences[0].headerImage)
        #expect(driver.manifestKey == "$.routes[0].headerImage")
        #expect(driver.format == .png)
        #expect(driver.fileName == "driver.png")
        #expect(driver.checksum == AppStoreConnectStandIn.md5(ImageFixture.png(width: 1800, height: 1200)))
        #expect(driver.checksum == Insecure.MD5.hash(data: try Data(contentsOf: URL(fileURLWithPath: driver.file))).map { String(format: "%02x", $0) }.joined())
        #expect(plan.experiences[1].headerImage?.manifestKey == "$.places[0].headerImage")
        #expect(plan.experiences[1].headerImage?.format == .jpeg)
    }

    @Test func imagesThatAppStoreConnectWouldRefuseAreIssuesAtTheirManifestPaths() throws {
        var folder = try folder()
        try folder.write(ImageFixture.png(width: 1200, height: 800), to: "images/driver.png")
        try folder.write(Data("GIF89a".utf8), to: "images/union-station.jpg")
        folder.manifest.places[1].headerImage = "images/missing.png"
        do {
            _ = try folder.plan()
            Issue.record("the plan accepted images App Store Connect refuses")
        } catch {
            guard case .invalid(let file, let issues) = error else { Issue.record("unexpected \(error)"); return }
            #expect(file == folder.manifestFile)
            #expect(issues.map(\.path) == ["$.routes[0].headerImage", "$.places[0].headerImage", "$.places[1].headerImage"])
            #expect(issues[0].message.contains("1200 × 800") && issues[0].message.contains("1800 × 1200"))
            #expect(issues[1].message.contains("not a PNG or JPEG"))
            #expect(issues[2].message.contains("no such file"))
            #expect(error.description.contains("\(folder.manifestFile): $.routes[0].headerImage: 'images/driver.png' is 1200 × 800 pixels"))
        }
    }

    // MARK: Uploading

    @Test func pushUploadsEachImageThenAgainUploadsNothingThenOneChangedImageOnce() async throws {
        let folder = try folder()
        let key = P256.Signing.PrivateKey()
        let standIn = try AppStoreConnectStandIn(publicKey: key.publicKey, keyID: Self.keyID, issuerID: Self.issuer, appClipID: Self.appClipID)
        defer { standIn.stop() }
        let client = try client(for: standIn, key: key)

        var lines: [String] = []
        let first = try await AppClipExperienceSync(plan: try folder.plan()).push(using: client, appClipID: Self.appClipID, apply: true) { lines.append($0) }
        #expect(first.created.count == 3)
        #expect(first.changes.map(\.headerImage) == ["images/driver.png", "images/union-station.jpg", nil])
        #expect(lines[0].contains("header image images/driver.png uploaded"))
        // Each image: reserved, sent in the two parts the reservation asked for, committed with its MD5.
        let images = standIn.images
        #expect(images.count == 2)
        #expect(images.map(\.fileName) == ["driver.png", "union-station.jpg"])
        #expect(images.map(\.state) == ["COMPLETE", "COMPLETE"])
        #expect(images[0].bytes == ImageFixture.png(width: 1800, height: 1200))
        #expect(images[1].bytes == ImageFixture.jpeg(width: 1800, height: 1200))
        #expect(images[0].checksum == AppStoreConnectStandIn.md5(ImageFixture.png(width: 1800, height: 1200)))
        #expect(images[0].contentType == "image/png" && images[1].contentType == "image/jpeg")
        #expect(standIn.uploadProblems.isEmpty)
        #expect(standIn.experiences.map(\.headerImage) == [images[0].id, images[1].id, nil])
        let uploads = standIn.requests.filter { $0.hasPrefix("PUT /upload/") }
        #expect(uploads == ["PUT /upload/\(images[0].id)/0", "PUT /upload/\(images[0].id)/1", "PUT /upload/\(images[1].id)/0", "PUT /upload/\(images[1].id)/1"])
        #expect(standIn.refusedTokens.isEmpty)

        // Nothing changed: no reservation, no upload, no write.
        let before = standIn.requests.count
        let second = try await AppClipExperienceSync(plan: try folder.plan()).push(using: client, appClipID: Self.appClipID, apply: true)
        #expect(second.unchanged.count == 3)
        #expect(second.changes.allSatisfy { $0.headerImage == nil })
        #expect(Array(standIn.requests[before...]) == ["GET /v1/appClips/\(Self.appClipID)/appClipAdvancedExperiences"])

        // One image's bytes change: that image is uploaded and its experience updated, once.
        try folder.write(ImageFixture.png(width: 1800, height: 1200, shade: 0xFF), to: "images/driver.png")
        let third = try await AppClipExperienceSync(plan: try folder.plan()).push(using: client, appClipID: Self.appClipID, apply: true)
        #expect(third.updated == ["https://roadflare.app/share/d/"])
        #expect(third.unchanged.count == 2)
        #expect(standIn.images.count == 3)
        #expect(standIn.images[2].bytes == ImageFixture.png(width: 1800, height: 1200, shade: 0xFF))
        #expect(standIn.experiences[0].headerImage == standIn.images[2].id)
        let writes = standIn.requests[before...].filter { !$0.hasPrefix("GET") && !$0.hasPrefix("PUT /upload/") }
        #expect(writes.count == 3) // reserve, commit, update
    }

    @Test func aDryRunSaysWhichImagesItWouldUploadAndSendsNone() async throws {
        let folder = try folder()
        let key = P256.Signing.PrivateKey()
        let standIn = try AppStoreConnectStandIn(publicKey: key.publicKey, keyID: Self.keyID, issuerID: Self.issuer, appClipID: Self.appClipID)
        defer { standIn.stop() }
        var lines: [String] = []
        let result = try await AppClipExperienceSync(plan: try folder.plan()).push(using: try client(for: standIn, key: key), appClipID: Self.appClipID, apply: false) { lines.append($0) }
        #expect(result.dryRun)
        #expect(result.changes.compactMap(\.headerImage) == ["images/driver.png", "images/union-station.jpg"])
        #expect(lines[0].contains("would upload header image images/driver.png"))
        #expect(standIn.images.isEmpty)
        #expect(standIn.requests.count == 1)
    }

    @Test func anUploadAnswered503IsRetriedAndAnImageChangedDuringThePushIsAClearError() async throws {
        let folder = try folder()
        let key = P256.Signing.PrivateKey()
        let standIn = try AppStoreConnectStandIn(publicKey: key.publicKey, keyID: Self.keyID, issuerID: Self.issuer, appClipID: Self.appClipID)
        defer { standIn.stop() }
        let client = try client(for: standIn, key: key)
        let plan = try folder.plan()
        standIn.force(503, for: "PUT")
        let result = try await AppClipExperienceSync(plan: plan).push(using: client, appClipID: Self.appClipID, apply: true)
        #expect(result.created.count == 3)
        #expect(standIn.images.map(\.state) == ["COMPLETE", "COMPLETE"])
        #expect(standIn.requests.filter { $0.hasPrefix("PUT /upload/") }.count == 5)

        // The file is replaced after the plan read it: the push stops before sending other bytes.
        try folder.write(ImageFixture.png(width: 1800, height: 1200, shade: 0x0F), to: "images/union-station.jpg")
        let image = try #require(plan.experiences[1].headerImage)
        await #expect {
            _ = try await client.uploadHeaderImage(image)
        } throws: { error in
            guard let error = error as? AppStoreConnectError, case .headerImage = error else { return false }
            return error.description.contains("images/union-station.jpg") && error.description.contains("changed")
        }
        #expect(standIn.images.count == 2)
    }
}
