import ClipWebBridge
import Foundation
import Testing

/// The opt-in legacy write puts exactly what the page sent, under the listed keys only, where an
/// app that predates ClipKit reads it: `UserDefaults(suiteName:)`.
@Suite struct LegacyDefaultsWriteTests {
    let suite = "group.test.clipkit.\(UUID().uuidString.lowercased())"

    @Test func aListedKeyIsWrittenAsThePageSentIt() throws {
        defer { UserDefaults.standard.removePersistentDomain(forName: suite) }
        let write = LegacyDefaultsWrite(suiteName: suite, keys: ["starterPackUri"])
        #expect(write.write(WebBridgeValue(text: "https://go.bsky.app/4f1Ab2c"), forKey: "starterPackUri"))
        #expect(UserDefaults(suiteName: suite)?.string(forKey: "starterPackUri") == "https://go.bsky.app/4f1Ab2c")
        // A JSON-encoded value stays as the page sent it, as a hand-written clip stored `jsonToStore`.
        #expect(write.write(WebBridgeValue(text: #""https://go.bsky.app/x""#), forKey: "starterPackUri"))
        #expect(UserDefaults(suiteName: suite)?.string(forKey: "starterPackUri") == #""https://go.bsky.app/x""#)
    }

    @Test func anUnlistedKeyIsNotWritten() {
        defer { UserDefaults.standard.removePersistentDomain(forName: suite) }
        let write = LegacyDefaultsWrite(suiteName: suite, keys: ["starterPackUri"])
        #expect(!write.write(WebBridgeValue(text: "1"), forKey: "badgeCount"))
        #expect(UserDefaults(suiteName: suite)?.object(forKey: "badgeCount") == nil)
    }
}
