import ClipDoctor
import ClipKit
import Foundation
import ZIPFoundation

/// Builds built products on disk — `.app` folders, `.xcarchive`s and `.ipa`s — holding an app and
/// its clip with signed fixture executables, the way Xcode lays them out.
enum ProductFixture {
    /// How one bundle is built.
    struct Bundle {
        var name: String
        var info: PropertyListValue
        /// The entitlements signed into the executable; `nil` signs without an entitlements blob.
        var entitlements: PropertyListValue?
        var signed = true
        /// A second architecture slice with these entitlements (a universal executable).
        var secondSliceEntitlements: PropertyListValue??
        /// Resource files and their sizes in bytes.
        var resources: [String: Int] = ["Assets.car": 40_000]
        /// Raw executable bytes to use instead of a signed fixture.
        var executableOverride: Data?
        /// Raw Info.plist bytes to use instead of encoding `info`.
        var infoOverride: Data?

        var executableName: String { info["CFBundleExecutable"]?.stringValue ?? name }
    }

    /// The executable for `bundle`: a thin arm64 binary, or a universal one with two slices.
    static func executable(for bundle: Bundle) -> Data {
        if let raw = bundle.executableOverride { return raw }
        func signature(_ entitlements: PropertyListValue?) -> MachOFixture.Signature? {
            guard bundle.signed else { return nil }
            return MachOFixture.Signature(entitlementsXML: entitlements.map(PropertyListWriter.xml))
        }
        let arm = MachOFixture.thin(cpuType: MachOFixture.cpuTypeARM64, signature: signature(bundle.entitlements))
        guard let second = bundle.secondSliceEntitlements else { return arm.data }
        let intel = MachOFixture.thin(cpuType: MachOFixture.cpuTypeX86_64, signature: signature(second))
        return MachOFixture.fat([(MachOFixture.cpuTypeARM64, arm), (MachOFixture.cpuTypeX86_64, intel)])
    }

    /// Writes `bundle` as `<folder>/<name>.app` and returns its URL.
    @discardableResult
    static func write(_ bundle: Bundle, into folder: URL) throws -> URL {
        let url = folder.appendingPathComponent("\(bundle.name).app")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try (bundle.infoOverride ?? Fixtures.binaryPlist(bundle.info)).write(to: url.appendingPathComponent("Info.plist"))
        try executable(for: bundle).write(to: url.appendingPathComponent(bundle.executableName))
        for (name, size) in bundle.resources {
            let file = url.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(repeating: 0x5A, count: size).write(to: file)
        }
        return url
    }

    /// The app bundle the manifest describes, with the generated app entitlements.
    static func app(_ manifest: ClipManifest, entitlements: PropertyListValue? = nil) -> Bundle {
        let generator = EntitlementsGenerator(manifest: manifest)
        return Bundle(
            name: "App",
            info: Fixtures.infoPlist(bundleID: manifest.app.bundleID, executable: "App", minimumOS: "15.1"),
            entitlements: signedEntitlements(entitlements ?? generator.appEntitlements, identifier: "\(manifest.teamID).\(manifest.app.bundleID)", team: manifest.teamID),
            resources: ["Assets.car": 200_000, "Base.lproj/Main.storyboardc/Info.plist": 300]
        )
    }

    /// The clip bundle the manifest describes, with the generated clip entitlements and Info.plist keys.
    static func clip(_ manifest: ClipManifest, entitlements: PropertyListValue? = nil, resourceBytes: Int = 60_000) -> Bundle {
        let generator = EntitlementsGenerator(manifest: manifest)
        var info = Fixtures.infoPlist(bundleID: manifest.clip.bundleID, executable: "AppClip", minimumOS: manifest.clip.minimumIOS)
        if case .dictionary(var members) = info, let fragment = generator.clipInfoPlistFragment.dictionaryValue {
            for (key, value) in fragment { members[key] = value }
            info = .dictionary(members)
        }
        return Bundle(
            name: "AppClip", info: info,
            entitlements: signedEntitlements(entitlements ?? generator.clipEntitlements, identifier: "\(manifest.teamID).\(manifest.clip.bundleID)", team: manifest.teamID),
            resources: ["Assets.car": resourceBytes]
        )
    }

    /// Entitlements as code signing embeds them: the source entitlements plus the identity keys.
    static func signedEntitlements(_ source: PropertyListValue, identifier: String, team: String) -> PropertyListValue {
        var members = source.dictionaryValue ?? [:]
        members["application-identifier"] = .string(identifier)
        members["com.apple.developer.team-identifier"] = .string(team)
        members["get-task-allow"] = .boolean(false)
        return .dictionary(members)
    }

    /// Writes the app with `clips` embedded under `AppClips/` into `folder`; returns the `.app` URL.
    @discardableResult
    static func writeApp(_ app: Bundle, clips: [Bundle], into folder: URL) throws -> URL {
        let appURL = try write(app, into: folder)
        let clipsFolder = appURL.appendingPathComponent("AppClips")
        for clip in clips {
            try FileManager.default.createDirectory(at: clipsFolder, withIntermediateDirectories: true)
            try write(clip, into: clipsFolder)
        }
        return appURL
    }

    /// An `.xcarchive` folder holding the app (and its clips); returns the archive's URL.
    static func writeArchive(_ app: Bundle, clips: [Bundle], into folder: URL, name: String = "App") throws -> URL {
        let archive = folder.appendingPathComponent("\(name).xcarchive")
        let applications = archive.appendingPathComponent("Products/Applications")
        try FileManager.default.createDirectory(at: applications, withIntermediateDirectories: true)
        try writeApp(app, clips: clips, into: applications)
        try Fixtures.binaryPlist(.dictionary(["Name": .string(name), "Version": .integer(2)]))
            .write(to: archive.appendingPathComponent("Info.plist"))
        try FileManager.default.createDirectory(at: archive.appendingPathComponent("dSYMs"), withIntermediateDirectories: true)
        return archive
    }

    /// An `.ipa` (a zip with `Payload/App.app/…`) holding the app (and its clips); returns its URL.
    static func writeIPA(_ app: Bundle, clips: [Bundle], into folder: URL, name: String = "App") throws -> URL {
        let staging = folder.appendingPathComponent("ipa-staging-\(name)")
        let payload = staging.appendingPathComponent("Payload")
        try FileManager.default.createDirectory(at: payload, withIntermediateDirectories: true)
        try writeApp(app, clips: clips, into: payload)
        let ipa = folder.appendingPathComponent("\(name).ipa")
        try FileManager.default.zipItem(at: payload, to: ipa, shouldKeepParent: true, compressionMethod: .deflate)
        return ipa
    }

    /// The total size of the regular files under `url`.
    static func folderSize(_ url: URL) -> Int64 {
        let enumerator = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.fileSizeKey, .isRegularFileKey])
        var total: Int64 = 0
        while let item = enumerator?.nextObject() as? URL {
            let values = try? item.resourceValues(forKeys: [.fileSizeKey, .isRegularFileKey])
            if values?.isRegularFile == true { total += Int64(values?.fileSize ?? 0) }
        }
        return total
    }
}

/// Rewrites the sizes a zip declares for one entry, leaving its data alone: an archive that lies.
enum ZIPSizePatch {
    /// Sets the uncompressed size that the central directory and the local header declare for
    /// `entry` to `size`; fails when the entry is not in the archive.
    static func declareUncompressedSize(_ size: UInt32, of entry: String, in url: URL) throws {
        var bytes = [UInt8](try Data(contentsOf: url))
        func read16(_ offset: Int) -> Int { Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 }
        func read32(_ offset: Int) -> Int { read16(offset) | read16(offset + 2) << 16 }
        func write32(_ offset: Int, _ value: UInt32) {
            for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(index))) }
        }
        // The end-of-central-directory record: signature 0x06054b50, at most 64 KiB of comment after it.
        guard let end = stride(from: bytes.count - 22, through: max(0, bytes.count - 22 - 65_535), by: -1)
            .first(where: { read32($0) == 0x0605_4B50 }) else { throw PatchError.notAZip }
        var offset = read32(end + 16)
        for _ in 0..<read16(end + 10) {
            guard read32(offset) == 0x0201_4B50 else { throw PatchError.notAZip }
            let nameLength = read16(offset + 28)
            let name = String(decoding: bytes[(offset + 46)..<(offset + 46 + nameLength)], as: UTF8.self)
            if name == entry {
                write32(offset + 24, size)
                let local = read32(offset + 42)
                guard read32(local) == 0x0403_4B50 else { throw PatchError.notAZip }
                write32(local + 22, size)
                try Data(bytes).write(to: url)
                return
            }
            offset += 46 + nameLength + read16(offset + 30) + read16(offset + 32)
        }
        throw PatchError.noSuchEntry(entry)
    }

    enum PatchError: Error { case notAZip, noSuchEntry(String) }
}
