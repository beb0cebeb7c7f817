@_spi(ClipKitTooling) import ClipNostr
import ClipNostrWebSocket
import Testing

@Suite("Relay selection")
struct RelaySelectionTests {
    @Test("hints come first, repeats are removed, invalid URLs are refused and the cap applies")
    func merging() {
        let selection = RelaySelection([
            ["wss://hint.example", "http://bad.example", "wss://Relay.Example/"],
            ["wss://relay.example:443", "ws://remote.example", "wss://second.example"],
            ["wss://hint.example/", "wss://third.example", "wss://fourth.example"],
        ], limit: 4)
        #expect(selection.relays.map(\.string) == [
            "wss://hint.example", "wss://Relay.Example/", "wss://second.example", "wss://third.example",
        ])
        #expect(selection.leftOut.map(\.string) == ["wss://fourth.example"])
        #expect(selection.refused.map(\.url) == ["http://bad.example", "ws://remote.example"])
    }

    @Test("relay identity ignores case, default ports and trailing slashes, but not paths or other ports")
    func identity() throws {
        func same(_ first: String, _ second: String) throws -> Bool {
            try RelayURL(first).identity == RelayURL(second).identity
        }
        #expect(try same("wss://relay.example", "WSS://RELAY.example:443/"))
        #expect(try same("ws://127.0.0.1:80", "ws://127.0.0.1/"))
        #expect(try !same("wss://relay.example", "wss://relay.example:4443"))
        #expect(try !same("wss://relay.example/a", "wss://relay.example/b"))
        #expect(try !same("ws://127.0.0.1:7000", "ws://127.0.0.1:7001"))
    }

    @Test("a fetch asks at most the configured number of distinct relays")
    func fetchCapsRelays() throws {
        let urls = try (0..<20).map { try RelayURL("wss://relay\($0 % 12).example") }
        let fetcher = ProfileFetcher(configuration: ProfileFetchConfiguration(maximumRelays: 5), transportFactory: WebSocketClientTransportFactory())
        let publicKey = String(repeating: "8641efcf", count: 8)
        let fetch = try fetcher.fetchProfile(of: publicKey, from: urls)
        #expect(fetch.relays.map(\.string) == (0..<5).map { "wss://relay\($0).example" })
    }
}
