import ClipDoctor
import ClipKit
import ClipTestSupport
import ClipToolingTestSupport
import Foundation
import Testing

@Suite struct ProductInspectorTests {
    enum Kind: String, CaseIterable { case app, xcarchive, ipa }

    func write(_ kind: Kind, app: ProductFixture.Bundle, clips: [ProductFixture.Bundle], in folder: URL) throws -> URL {
        switch kind {
        case .app: return try ProductFixture.writeApp(app, clips: clips, into: folder)
        case .xcarchive: return try ProductFixture.writeArchive(app, clips: clips, into: folder)
        case .ipa: return try ProductFixture.writeIPA(app, clips: clips, into: folder)
        }
    }

    @Test(arguments: Kind.allCases)
    func findsTheAppAndItsClipAndReadsWhatTheyCarry(kind: Kind) throws {
        let manifest = try ExampleManifest.load("roadflare")
        let folder = try TemporaryDirectory()
        let app = ProductFixture.app(manifest)
        let clip = ProductFixture.clip(manifest, resourceBytes: 123_456)
        let url = try write(kind, app: app, clips: [clip], in: folder.url)
        let inspection = try ProductInspector().inspect(at: url)
        #expect(inspection.findings.isEmpty)
        let foundApp = try #require(inspection.app)
        let foundClip = try #require(inspection.clip)
        #expect(foundApp.entitlements == app.entitlements)
        #expect(foundClip.entitlements == clip.entitlements)
        #expect(foundApp.infoPlist?["CFBundleIdentifier"] == .string("com.roadflare.RoadFlare"))
        #expect(foundClip.infoPlist?["CFBundleIdentifier"] == .string("com.roadflare.RoadFlare.Clip"))
        // The clip's uncompressed size is the sum of its files, whatever the container.
        let expected = Int64(ProductFixture.executable(for: clip).count) + Int64(try Fixtures.binaryPlist(clip.info).count) + 123_456
        #expect(foundClip.uncompressedBytes == expected)
        #expect(foundApp.uncompressedBytes > foundClip.uncompressedBytes)
        switch kind {
        case .app: #expect(foundClip.path == "AppClips/AppClip.app")
        case .xcarchive: #expect(foundClip.path == "Products/Applications/App.app/AppClips/AppClip.app")
        case .ipa: #expect(foundClip.executableLabel.hasSuffix("App.ipa:Payload/App.app/AppClips/AppClip.app/AppClip"))
        }
    }

    @Test(arguments: Kind.allCases)
    func aCorrectProductPassesDoctor(kind: Kind) async throws {
        let manifest = try ExampleManifest.load("roadflare")
        let folder = try TemporaryDirectory()
        let url = try write(kind, app: ProductFixture.app(manifest), clips: [ProductFixture.clip(manifest)], in: folder.url)
        let report = try await Doctor(manifest: manifest).examine(DoctorInputs(archive: url.path))
        #expect(report.findings.map(\.code) == ["size.bundle"])
        #expect(report.isOK)
    }

    @Test func aClipBundleGivenAloneIsCheckedAsTheClip() async throws {
        let manifest = try ExampleManifest.load("bluesky")
        let folder = try TemporaryDirectory()
        let url = try ProductFixture.write(ProductFixture.clip(manifest), into: folder.url)
        let inspection = try ProductInspector().inspect(at: url)
        #expect(inspection.app == nil)
        #expect(inspection.clip != nil)
        #expect(inspection.findings.isEmpty)
    }

    @Test func universalExecutablesAreRead() throws {
        let manifest = try ExampleManifest.load("bluesky")
        let folder = try TemporaryDirectory()
        var clip = ProductFixture.clip(manifest)
        clip.secondSliceEntitlements = .some(clip.entitlements)
        let url = try ProductFixture.writeApp(ProductFixture.app(manifest), clips: [clip], into: folder.url)
        let inspection = try ProductInspector().inspect(at: url)
        #expect(inspection.findings.isEmpty)
        #expect(inspection.clip?.entitlements == clip.entitlements)
    }

    @Test func unsupportedPathsAreClearErrors() throws {
        let folder = try TemporaryDirectory()
        let text = folder.file("notes.txt")
        try Data("hello".utf8).write(to: text)
        #expect(throws: ProductError.unsupportedKind(path: text.path)) { _ = try ProductInspector().inspect(at: text) }
        let missing = folder.file("missing.ipa")
        #expect(throws: ProductError.unreadable(path: missing.path, reason: "no such file or folder")) { _ = try ProductInspector().inspect(at: missing) }
        let fakeZip = folder.file("broken.ipa")
        try Data([0x50, 0x4B, 0x03, 0x04, 0, 0, 0]).write(to: fakeZip)
        #expect(throws: (any Error).self) { _ = try ProductInspector().inspect(at: fakeZip) }
    }

    @Test func oversizedFilesInsideAZipAreRefused() throws {
        let manifest = try ExampleManifest.load("bluesky")
        let folder = try TemporaryDirectory()
        let url = try ProductFixture.writeIPA(ProductFixture.app(manifest), clips: [ProductFixture.clip(manifest)], into: folder.url)
        var inspector = ProductInspector()
        inspector.maximumExecutableBytes = 100
        let inspection = try inspector.inspect(at: url)
        #expect(inspection.findings.map(\.code) == ["archive.executable", "archive.executable"])
        #expect(inspection.findings.first?.message.contains("more than the 100 bytes doctor reads") == true)
    }
}

/// `.ipa` entries whose inflated size differs from the size the zip declares for them.
@Suite struct LyingArchiveTests {
    static let entry = "Payload/App.app/AppClips/AppClip.app/AppClip"

    /// An `.ipa` whose clip executable is `realBytes` zeros (deflated to a few KiB) and declares `declaredBytes`.
    func lyingIPA(realBytes: Int, declaredBytes: UInt32, in folder: TemporaryDirectory) throws -> URL {
        let manifest = try ExampleManifest.load("roadflare")
        var clip = ProductFixture.clip(manifest)
        clip.executableOverride = Data(count: realBytes)
        let url = try ProductFixture.writeIPA(ProductFixture.app(manifest), clips: [clip], into: folder.url)
        try ZIPSizePatch.declareUncompressedSize(declaredBytes, of: Self.entry, in: url)
        return url
    }

    @Test func anEntryThatInflatesPastItsDeclaredSizeIsStoppedAndNamed() throws {
        let folder = try TemporaryDirectory()
        // 16 MiB of zeros that declare 1,000 bytes; the reader's own cap (512 MiB) is far above both.
        let url = try lyingIPA(realBytes: 16 << 20, declaredBytes: 1_000, in: folder)
        let inspection = try ProductInspector().inspect(at: url)
        let finding = try #require(inspection.findings.first { $0.file?.hasSuffix(Self.entry) == true })
        #expect(finding.code == "archive.executable")
        #expect(finding.message.contains("the archive lies about \(url.path):\(Self.entry)"), "\(finding.message)")
        #expect(finding.message.contains("declares 1,000 bytes but inflates to more"), "\(finding.message)")
        #expect((finding.fix ?? "").contains("Export the product again"))
    }

    @Test func anEntryThatEndsBeforeItsDeclaredSizeIsNamedWithBothSizes() throws {
        let folder = try TemporaryDirectory()
        let url = try lyingIPA(realBytes: 4_096, declaredBytes: 9_000, in: folder)
        let inspection = try ProductInspector().inspect(at: url)
        let finding = try #require(inspection.findings.first { $0.file?.hasSuffix(Self.entry) == true })
        #expect(finding.message.contains("declares 8.8 KiB (9,000 bytes) but inflates to only 4 KiB"), "\(finding.message)")
    }
}
