import BlueskyKit
import Foundation
import Testing

/// Bluesky's starter-pack payload accepts the URIs Bluesky uses and decodes strictly, so the app
/// never acts on a malformed handoff.
@Suite struct BlueskyStarterPackHandoffTests {
    private func decode<Payload: Decodable>(_ json: String, as type: Payload.Type) throws -> Payload {
        try JSONDecoder().decode(Payload.self, from: Data(json.utf8))
    }

    @Test(arguments: [
        "https://bsky.app/start/alice.bsky.social/3jzfcijpj2z2a",
        "https://bsky.app/starter-pack/did:plc:z72i7hdynmk6r22z27h6tvur/3jzfcijpj2z2a",
        "https://go.bsky.app/4f1Ab2c",
        "at://did:plc:z72i7hdynmk6r22z27h6tvur/app.bsky.graph.starterpack/3jzfcijpj2z2a",
    ])
    func starterPackURIsBlueskyUsesAreAccepted(_ uri: String) throws {
        #expect(BlueskyStarterPackHandoff.problem(withURI: uri) == nil)
        let decoded = try decode(#"{"starterPackUri":"\#(uri)"}"#, as: BlueskyStarterPackHandoff.self)
        #expect(decoded.starterPackURI == uri)
    }

    @Test(arguments: [
        "", "bsky.app/start/a/b", "http://bsky.app/start/a/b", "javascript:alert(1)", "https://", "at://",
        "https://user:pw@bsky.app/start/a/b", "https://bsky.app/start/a b/c", "https://bsky.app/\n",
    ])
    func otherStarterPackURIsAreRefused(_ uri: String) {
        #expect(BlueskyStarterPackHandoff.problem(withURI: uri) != nil)
    }

    @Test func anOverlongStarterPackURIIsRefused() {
        let uri = "https://bsky.app/start/a/" + String(repeating: "b", count: BlueskyStarterPackHandoff.maximumURIBytes)
        #expect(BlueskyStarterPackHandoff.problem(withURI: uri)?.contains("2048") == true)
    }

    @Test(arguments: [
        #"{"starterPackUri":"https://go.bsky.app/4f1Ab2c","handle":"alice"}"#,  // unknown member
        #"{"starterPackUri":"javascript:alert(1)"}"#,
        #"{"starterPackUri":42}"#,
        #"{}"#,
    ])
    func malformedStarterPackHandoffsDoNotDecode(_ json: String) {
        #expect(throws: DecodingError.self) { try decode(json, as: BlueskyStarterPackHandoff.self) }
    }
}
