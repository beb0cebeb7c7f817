@_spi(ClipKitTooling) import ClipKit
import ClipTestSupport
import Foundation
import Testing

/// The directory-backed store: one file per key, atomic writes, an atomic take, checked keys, capped values.
@Suite struct DirectorySharedDefaultsTests {
    let folder: TemporaryDirectory
    let defaults: DirectorySharedDefaults

    init() throws {
        folder = try TemporaryDirectory(prefix: "clipkit-defaults")
        defaults = try DirectorySharedDefaults(directory: folder.url.appendingPathComponent("store"), maximumValueBytes: 1024)
    }

    private var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: defaults.directory.path)) ?? []).sorted()
    }

    @Test func valuesRoundTripAndLeaveNoTemporaryFiles() throws {
        #expect(try defaults.data(forKey: "greeting") == nil)
        try defaults.set(Data("hello".utf8), forKey: "greeting")
        try defaults.set(Data("hello again".utf8), forKey: "greeting")
        #expect(try defaults.data(forKey: "greeting") == Data("hello again".utf8))
        #expect(files == ["greeting"])
        try defaults.removeValue(forKey: "greeting")
        try defaults.removeValue(forKey: "greeting")
        #expect(try defaults.data(forKey: "greeting") == nil)
        #expect(files.isEmpty)
    }

    @Test func theFolderAndFilesAreTheOwnersOnly() throws {
        try defaults.set(Data("x".utf8), forKey: "private")
        let fileMode = try FileManager.default.attributesOfItem(atPath: defaults.directory.appendingPathComponent("private").path)[.posixPermissions] as? Int
        let folderMode = try FileManager.default.attributesOfItem(atPath: defaults.directory.path)[.posixPermissions] as? Int
        #expect(fileMode == 0o600)
        #expect(folderMode == 0o700)
    }

    @Test(arguments: ["", "../escape", "a/b", ".hidden", "1starts-with-digit", "has space", "ключ", String(repeating: "k", count: 65), ".tmp-x", ".taken-x"])
    func keysThatCouldEscapeOrCollideAreRejected(_ key: String) {
        let invalid = SharedDefaultsError.invalidKey(key)
        #expect(throws: invalid) { try defaults.set(Data(), forKey: key) }
        #expect(throws: invalid) { try defaults.data(forKey: key) }
        #expect(throws: invalid) { try defaults.takeValue(forKey: key) }
        #expect(throws: invalid) { try defaults.removeValue(forKey: key) }
        #expect(throws: invalid) { try defaults.removeValue(forKey: key, ifEqualTo: Data()) }
    }

    @Test func theLongestKeyIsAccepted() throws {
        let key = "k" + String(repeating: "0", count: 63)
        try defaults.set(Data("v".utf8), forKey: key)
        #expect(try defaults.takeValue(forKey: key) == Data("v".utf8))
    }

    @Test func valuesAreCapped() throws {
        #expect(throws: SharedDefaultsError.valueTooLarge(key: "big", bytes: 1025, limit: 1024)) {
            try defaults.set(Data(count: 1025), forKey: "big")
        }
        try defaults.set(Data(count: 1024), forKey: "big")

        // A file that grew past the cap behind the store's back is refused on read and left in place ...
        try Data(count: 5000).write(to: defaults.directory.appendingPathComponent("big"))
        #expect(throws: SharedDefaultsError.valueTooLarge(key: "big", bytes: 5000, limit: 1024)) { try defaults.data(forKey: "big") }
        #expect(files == ["big"])
        // ... and removed when taken.
        #expect(throws: SharedDefaultsError.valueTooLarge(key: "big", bytes: 5000, limit: 1024)) { try defaults.takeValue(forKey: "big") }
        #expect(files.isEmpty)
    }

    @Test func takeHandsAValueOutOnce() throws {
        try defaults.set(Data("once".utf8), forKey: "ticket")
        #expect(try defaults.takeValue(forKey: "ticket") == Data("once".utf8))
        #expect(try defaults.takeValue(forKey: "ticket") == nil)
        #expect(files.isEmpty)
    }

    @Test func conditionalRemovalKeepsANewerValue() throws {
        try defaults.set(Data("old".utf8), forKey: "entry")
        #expect(try defaults.removeValue(forKey: "entry", ifEqualTo: Data("other".utf8)) == false)
        #expect(try defaults.data(forKey: "entry") == Data("old".utf8))
        #expect(try defaults.removeValue(forKey: "entry", ifEqualTo: Data("old".utf8)) == true)
        #expect(try defaults.data(forKey: "entry") == nil)
        #expect(try defaults.removeValue(forKey: "entry", ifEqualTo: Data("old".utf8)) == false)
        #expect(files.isEmpty)
    }

    @Test func aSymbolicLinkIsNotFollowed() throws {
        let secret = folder.file("secret")
        try Data("do not read".utf8).write(to: secret)
        try FileManager.default.createSymbolicLink(at: defaults.directory.appendingPathComponent("link"), withDestinationURL: secret)
        #expect(throws: SharedDefaultsError.self) { try defaults.data(forKey: "link") }
    }

    @Test func aFileWhereTheFolderShouldBeIsReported() throws {
        let file = folder.file("not-a-folder")
        try Data().write(to: file)
        #expect {
            try DirectorySharedDefaults(directory: file)
        } throws: { error in
            guard case SharedDefaultsError.containerUnavailable(let location, let reason) = error else { return false }
            return location == file.path && reason.contains("not a folder")
        }
    }

    @Test func leftoversOfKilledWritersAreSweptWhenOld() throws {
        let stale = defaults.directory.appendingPathComponent(".tmp-stale")
        let fresh = defaults.directory.appendingPathComponent(".taken-fresh")
        try Data("x".utf8).write(to: stale)
        try Data("y".utf8).write(to: fresh)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-3600)], ofItemAtPath: stale.path)
        _ = try DirectorySharedDefaults(directory: defaults.directory)
        #expect(files == [".taken-fresh"])
    }

    @Test func theFolderIsCreatedAgainIfTheSystemRemovedIt() throws {
        try FileManager.default.removeItem(at: defaults.directory)
        #expect(try defaults.takeValue(forKey: "entry") == nil)
        try defaults.set(Data("back".utf8), forKey: "entry")
        #expect(try defaults.data(forKey: "entry") == Data("back".utf8))
    }

    @Test func concurrentTakersGetEachValueExactlyOnce() async throws {
        for round in 0..<50 {
            try defaults.set(Data("\(round)".utf8), forKey: "ticket")
            let taken = await withTaskGroup(of: Data?.self) { group in
                for _ in 0..<8 { group.addTask { [defaults] in try? defaults.takeValue(forKey: "ticket") } }
                return await group.reduce(into: [Data]()) { if let value = $1 { $0.append(value) } }
            }
            #expect(taken == [Data("\(round)".utf8)], "round \(round)")
        }
    }

    @Test func theContainerNamesItsSharedDefaultsFolder() throws {
        let container = try AppGroupContainer(identifier: "group.com.roadflare.RoadFlare", directory: folder.url)
        #expect(container.sharedDefaultsDirectory.path == folder.url.appendingPathComponent("ClipKit/SharedDefaults").standardizedFileURL.path)
        let store = try DirectorySharedDefaults(container: container)
        #expect(store.directory.path == container.sharedDefaultsDirectory.path)
        try store.set(Data("x".utf8), forKey: "entry")
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("ClipKit/SharedDefaults/entry").path))
    }
}
