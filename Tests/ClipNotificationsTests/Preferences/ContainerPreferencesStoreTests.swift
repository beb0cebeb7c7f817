@_spi(ClipKitTooling) import ClipNotifications
import ClipTestSupport
import Foundation
import Testing

@Suite struct ContainerPreferencesStoreTests {
    @Test func missingFileMeansEverythingOff() throws {
        let folder = try TemporaryDirectory()
        let preferences = try ContainerPreferencesStore(containerDirectory: folder.url).loadPreferences()
        #expect(preferences == NotificationPreferences())
        #expect(!preferences.isEnabled("playSoundChat"))
    }

    @Test func savesAndLoadsAcrossStores() throws {
        let folder = try TemporaryDirectory()
        let app = ContainerPreferencesStore(containerDirectory: folder.url)
        try app.save(["playSoundChat": true, "volume": .number(0.5), "tone": "soft"])
        let extensionSide = ContainerPreferencesStore(file: folder.file(ContainerPreferencesStore.defaultFileName))
        let loaded = try extensionSide.loadPreferences()
        #expect(loaded.isEnabled("playSoundChat"))
        #expect(loaded["volume"] == .number(0.5))
        #expect(loaded["tone"] == .string("soft"))
        #expect(try String(contentsOf: app.file, encoding: .utf8) == #"{"playSoundChat":true,"tone":"soft","volume":0.5}"#)
    }

    @Test(arguments: [
        ("[true]", "the top level is an array"),
        (#"{"playSoundChat": {"on": true}}"#, "member \"playSoundChat\" is an object"),
        (#"{"playSoundChat": null}"#, "member \"playSoundChat\" is null"),
        ("{", "not valid JSON"),
        ("", "not valid JSON"),
    ])
    func malformedFileSaysWhereAndWhat(content: String, message: String) throws {
        let folder = try TemporaryDirectory()
        let file = folder.file("prefs.json")
        try Data(content.utf8).write(to: file)
        #expect {
            try ContainerPreferencesStore(file: file).loadPreferences()
        } throws: { error in
            guard let error = error as? PreferencesError, case .malformed(let path, let detail) = error else { return false }
            return path == file.path && detail.contains(message)
        }
    }

    @Test func oversizedFileIsRefused() throws {
        let folder = try TemporaryDirectory()
        let file = folder.file("prefs.json")
        try Data((#"{"a":""# + String(repeating: "x", count: 70_000) + #""}"#).utf8).write(to: file)
        #expect {
            try ContainerPreferencesStore(file: file).loadPreferences()
        } throws: { error in
            guard case .tooLarge(_, _, let limit)? = error as? PreferencesError else { return false }
            return limit == ContainerPreferencesStore.maximumBytes
        }
    }
}
