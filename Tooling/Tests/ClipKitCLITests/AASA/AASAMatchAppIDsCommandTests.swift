import ClipKit
import ClipTestSupport
import Foundation
import Testing

/// `clipkit aasa match` on an entry with both `appIDs` and `appID`: iOS reads `appIDs` only.
@Suite struct AASAMatchAppIDsCommandTests {
    @Test func matchIgnoresAnAppIDBesideAppIDs() async throws {
        let folder = try TemporaryDirectory()
        let file = folder.file("aasa.json")
        try Data(#"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"appID":"ABCDE12345.com.example.legacy","components":[{"/":"/buy/*"}]}]}}"#.utf8).write(to: file)
        let legacy = try await ChildProcess.clipkit(["aasa", "match", file.path, "https://example.com/buy/1", "--app-id", "ABCDE12345.com.example.legacy", "--json"])
        #expect(legacy.status == 1)
        #expect(try legacy.json()["result"] as? String == "unset")
        let modern = try await ChildProcess.clipkit(["aasa", "match", file.path, "https://example.com/buy/1", "--app-id", "ABCDE12345.com.example.app", "--json"])
        #expect(modern.status == 0)
        #expect(try modern.json()["result"] as? String == "match")
    }
}
