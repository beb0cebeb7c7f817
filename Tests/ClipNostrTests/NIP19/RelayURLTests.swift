@_spi(ClipKitTooling) import ClipNostr
import Testing

/// Relay URLs: `wss://` anywhere, `ws://` only on loopback, nothing odd.
@Suite struct RelayURLTests {
    @Test(arguments: [
        "wss://relay.damus.io", "wss://nos.lol/", "WSS://Relay.Example.com:4443/path?x=1",
        "ws://127.0.0.1:7777", "ws://localhost:9000", "ws://[::1]:8080", "wss://192.168.1.5",
    ])
    func acceptable(_ text: String) throws {
        let relay = try RelayURL(text)
        #expect(relay.string.hasPrefix("ws"))
        #expect(relay.url != nil)
    }

    @Test func theSchemeIsLowercased() throws {
        #expect(try RelayURL("WSS://relay.example.com").string == "wss://relay.example.com")
        #expect(try RelayURL("ws://127.0.0.1:1").isLoopback)
        #expect(try !RelayURL("wss://relay.example.com").isLoopback)
    }

    @Test(arguments: [
        ("", RelayURLError.empty),
        ("https://relay.example.com", .unsupportedScheme("https")),
        ("relay.example.com", .unsupportedScheme("")),
        ("javascript://x", .unsupportedScheme("javascript")),
        ("ws://relay.example.com", .insecureRemote("relay.example.com")),
        ("ws://127.0.0.1.evil.com", .insecureRemote("127.0.0.1.evil.com")),
        ("ws://128.0.0.1", .insecureRemote("128.0.0.1")),
        ("wss://user:pass@relay.example.com", .hasCredentials),
        ("wss://relay.example.com/#x", .hasFragment),
        ("wss:// relay.example.com", .invalidCharacters),
        ("wss://relay.exämple.com", .invalidCharacters),
        ("wss://", .missingHost),
    ])
    func refused(_ text: String, _ expected: RelayURLError) {
        #expect(throws: expected) { try RelayURL(text) }
    }

    @Test func lengthIsCapped() {
        let long = "wss://" + String(repeating: "a", count: 600) + ".example"
        #expect(throws: RelayURLError.tooLong(long.utf8.count, limit: RelayURL.maximumLength)) { try RelayURL(long) }
    }
}
