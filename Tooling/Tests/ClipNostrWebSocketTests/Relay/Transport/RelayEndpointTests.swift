import ClipNostr
import ClipNostrWebSocket
import Foundation
import Testing

/// How a relay URL becomes the address, server name and upgrade request of a connection.
@Suite("Relay endpoint")
struct RelayEndpointTests {
    @Test("a host name: connected by name, sent in SNI, default port 443")
    func hostName() throws {
        let endpoint = try RelayEndpoint(try RelayURL("wss://Relay.Example/nostr?x=1"))
        #expect(endpoint.host == "Relay.Example")
        #expect(endpoint.port == 443)
        #expect(endpoint.isSecure)
        #expect(!endpoint.isIPAddress)
        #expect(endpoint.serverName == "Relay.Example")
        #expect(endpoint.requestTarget == "/nostr?x=1")
        #expect(endpoint.hostHeader == "Relay.Example")
    }

    @Test("an IPv4 literal: no server name, port kept in the Host header")
    func ipv4() throws {
        let endpoint = try RelayEndpoint(try RelayURL("wss://127.0.0.1:7447"))
        #expect(endpoint.host == "127.0.0.1")
        #expect(endpoint.port == 7447)
        #expect(endpoint.isIPAddress)
        #expect(endpoint.serverName == nil)
        #expect(endpoint.requestTarget == "/")
        #expect(endpoint.hostHeader == "127.0.0.1:7447")
    }

    @Test("an IPv6 literal: brackets in the URL and the Host header, none to connect, no server name")
    func ipv6() throws {
        let endpoint = try RelayEndpoint(try RelayURL("wss://[::1]:7447/"))
        #expect(endpoint.host == "::1")
        #expect(endpoint.isIPAddress)
        #expect(endpoint.serverName == nil)
        #expect(endpoint.hostHeader == "[::1]:7447")
        let plain = try RelayEndpoint(try RelayURL("ws://[::1]"))
        #expect(!plain.isSecure)
        #expect(plain.port == 80)
        #expect(plain.hostHeader == "[::1]")
    }

    @Test("names that only look like addresses are names")
    func lookalikes() throws {
        #expect(!(try RelayEndpoint(try RelayURL("wss://127.0.0.1.example"))).isIPAddress)
        #expect(!(try RelayEndpoint(try RelayURL("wss://1234"))).isIPAddress)
        #expect(try RelayEndpoint(try RelayURL("wss://[2001:db8::7]:1")).isIPAddress)
    }

    @Test("BoringSSL's reason name is kept; its numbers and source paths are not")
    func reasonNames() {
        let dump = "Error: 268435581 error:1000007d:SSL routines:OPENSSL_internal:CERTIFICATE_VERIFY_FAILED at /build/x/handshake.cc:320"
        #expect(ConnectionErrorMapping.reasonName(in: dump) == "CERTIFICATE_VERIFY_FAILED")
        #expect(ConnectionErrorMapping.reasonName(in: "something else") == nil)
        #expect(ConnectionErrorMapping.socketError(errno: ECONNREFUSED) == .connectionRefused)
        #expect(ConnectionErrorMapping.socketError(errno: ETIMEDOUT) == .connectionTimedOut)
    }
}
