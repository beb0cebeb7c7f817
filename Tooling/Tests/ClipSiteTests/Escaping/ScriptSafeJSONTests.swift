import ClipKit
@testable import ClipSite
import Foundation
import Testing

@Suite struct ScriptSafeJSONTests {
    @Test func scriptEndTagsCannotCloseTheElement() throws {
        let value = JSONValue.object(["page": .string("</script><script>alert(1)</script><!-- & \u{2028}")])
        let text = ScriptSafeJSON.serialized(value)
        #expect(!text.contains("<"))
        #expect(!text.contains(">"))
        #expect(!text.contains("&"))
        #expect(!text.contains("\u{2028}"))
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: String]
        #expect(parsed?["page"] == "</script><script>alert(1)</script><!-- & \u{2028}")
    }
}
