import ClipNostrWebSocket
import ClipServer
import HTTPTypes
import NIOHTTP1
import Testing

/// Which client a request counts as behind trusted proxies. The header syntax examples are
/// RFC 7239's own (sections 4 and 6); the rule (rightmost address that is not a trusted proxy,
/// from a trusted peer only) is the one nginx's `real_ip_recursive on` applies.
@Suite struct TrustedProxiesTests {
    static func address(_ text: String) throws -> IPAddress {
        try #require(IPAddress(text: text), "\(text) is an address")
    }

    func client(_ proxies: TrustedProxies, peer: String, _ values: [String]) throws -> String? {
        ClientKey.of(proxies.client(peer: try Self.address(peer), headerValues: values.map { $0[...] }))
    }

    @Test func aPeerThatIsNoTrustedProxyIsTheClientWhateverItsHeadersSay() throws {
        let proxies = try TrustedProxies(networks: ["10.0.0.0/8"])
        #expect(try client(proxies, peer: "203.0.113.9", ["198.51.100.1"]) == "203.0.113.9")
        #expect(try client(.none, peer: "10.0.0.2", ["198.51.100.1"]) == "10.0.0.2")
        let forwarded = try TrustedProxies(networks: ["10.0.0.0/8"], header: .forwarded)
        #expect(try client(forwarded, peer: "203.0.113.9", ["for=198.51.100.1"]) == "203.0.113.9")
    }

    @Test func theRightmostAddressThatIsNoTrustedProxyIsTheClient() throws {
        let proxies = try TrustedProxies(networks: ["10.0.0.0/8", "192.0.2.60"])
        // A proxy appends whom it heard from; what the client wrote stays on the left.
        #expect(try client(proxies, peer: "10.0.0.2", ["203.0.113.7"]) == "203.0.113.7")
        #expect(try client(proxies, peer: "10.0.0.2", ["1.2.3.4, 203.0.113.7, 10.0.0.3"]) == "203.0.113.7")
        #expect(try client(proxies, peer: "10.0.0.2", ["1.2.3.4", "203.0.113.7,192.0.2.60"]) == "203.0.113.7")
        // Nothing but trusted proxies: the leftmost, which is nearest the client.
        #expect(try client(proxies, peer: "10.0.0.2", ["10.9.9.9, 10.0.0.3"]) == "10.9.9.9")
        // No header: the proxy itself.
        #expect(try client(proxies, peer: "10.0.0.2", []) == "10.0.0.2")
        // Ports, brackets and IPv6 written bare.
        #expect(try client(proxies, peer: "10.0.0.2", ["203.0.113.7:51234"]) == "203.0.113.7")
        #expect(try client(proxies, peer: "10.0.0.2", ["[2001:db8:cafe::17]:4711"]) == "2001:db8:cafe:0::/64")
        #expect(try client(proxies, peer: "10.0.0.2", ["2001:db8:cafe::17"]) == "2001:db8:cafe:0::/64")
    }

    @Test func anEntryThatIsNoAddressCountsAsTheTrustedHopThatReportedIt() throws {
        let proxies = try TrustedProxies(networks: ["10.0.0.0/8"])
        #expect(try client(proxies, peer: "10.0.0.2", ["unknown"]) == "10.0.0.2")
        #expect(try client(proxies, peer: "10.0.0.2", ["203.0.113.7, unknown, 10.0.0.3"]) == "10.0.0.3")
        #expect(try client(proxies, peer: "10.0.0.2", ["203.0.113.7, not an address"]) == "10.0.0.2")
        #expect(try client(proxies, peer: "10.0.0.2", ["203.0.113.7, "]) == "10.0.0.2")
        #expect(try client(proxies, peer: "10.0.0.2", ["[1.2.3.4]"]) == "10.0.0.2")
        #expect(try client(proxies, peer: "10.0.0.2", ["203.0.113.7:port"]) == "10.0.0.2")
    }

    @Test func forwardedElementsAreReadAsRFC7239WritesThem() throws {
        let proxies = try TrustedProxies(networks: ["10.0.0.0/8", "203.0.113.43"], header: .forwarded)
        // RFC 7239, section 4 and 7.4: several elements, parameters, case-insensitive names, quoting.
        #expect(try client(proxies, peer: "10.0.0.2", ["for=192.0.2.43, for=198.51.100.17"]) == "198.51.100.17")
        #expect(try client(proxies, peer: "10.0.0.2", [#"For="[2001:db8:cafe::17]:4711""#]) == "2001:db8:cafe:0::/64")
        #expect(try client(proxies, peer: "10.0.0.2", ["for=192.0.2.60;proto=http;by=203.0.113.43"]) == "192.0.2.60")
        #expect(try client(proxies, peer: "10.0.0.2", ["for=192.0.2.43", "for=203.0.113.43"]) == "192.0.2.43")
        #expect(try client(proxies, peer: "10.0.0.2", [#"proto=https;for="198.51.100.17:80";host="a,b""#]) == "198.51.100.17")
        // Obfuscated identifiers and "unknown" (section 6): the hop that reported them.
        #expect(try client(proxies, peer: "10.0.0.2", [#"for="_gazonk""#]) == "10.0.0.2")
        #expect(try client(proxies, peer: "10.0.0.2", ["for=192.0.2.43, for=unknown, for=10.0.0.7"]) == "10.0.0.7")
        // An element without for= names no address.
        #expect(try client(proxies, peer: "10.0.0.2", ["for=192.0.2.43, proto=https"]) == "10.0.0.2")
    }

    @Test func onlyTheChosenHeaderIsRead() throws {
        // A proxy passes on what it does not write: the other header could be the client's own.
        let fields = [("Host", "roadflare.app"), ("Forwarded", "for=198.51.100.1"), ("X-Forwarded-For", "203.0.113.7"), ("x-forwarded-for", "10.0.0.3")]
        let fastPath = IncomingRequest(HTTPRequestHead(version: .http1_1, method: .GET, uri: "/", headers: HTTPHeaders(fields)))
        var headerFields = HTTPFields()
        for (name, value) in fields.dropFirst() {
            headerFields.append(HTTPField(name: try #require(HTTPField.Name(name)), value: value))
        }
        let hummingbird = IncomingRequest(HTTPRequest(method: .get, scheme: nil, authority: "roadflare.app", path: "/", headerFields: headerFields))
        for request in [fastPath, hummingbird] {
            #expect(request.values(of: .xForwardedFor) == ["203.0.113.7", "10.0.0.3"])
            #expect(request.values(of: .forwarded) == ["for=198.51.100.1"])
        }
        let request = fastPath
        let byXForwardedFor = try TrustedProxies(networks: ["10.0.0.0/8"])
        let byForwarded = try TrustedProxies(networks: ["10.0.0.0/8"], header: .forwarded)
        let peer = try Self.address("10.0.0.2")
        #expect(ClientKey.of(byXForwardedFor.client(peer: peer, headerValues: request.values(of: .xForwardedFor))) == "203.0.113.7")
        #expect(ClientKey.of(byForwarded.client(peer: peer, headerValues: request.values(of: .forwarded))) == "198.51.100.1")
    }

    @Test func ipv6ClientsCountByTheirSlash64AndMappedIPv4IsIPv4() throws {
        let proxies = try TrustedProxies(networks: ["127.0.0.1", "::1"])
        let one = try client(proxies, peer: "::ffff:127.0.0.1", ["2001:db8:1:2::a"])
        let sameNetwork = try client(proxies, peer: "::1", ["2001:db8:1:2:ffff::b"])
        let otherNetwork = try client(proxies, peer: "::1", ["2001:db8:1:3::a"])
        #expect(one == "2001:db8:1:2::/64")
        #expect(one == sameNetwork)
        #expect(one != otherNetwork)
        #expect(try client(proxies, peer: "127.0.0.1", ["::ffff:198.51.100.1"]) == "198.51.100.1")
    }

    @Test func networksAreCheckedWhenGiven() throws {
        #expect(try TrustedProxies(networks: ["10.0.0.0/8", "2001:db8::/32", "127.0.0.1", "::1"]).networks
            == ["10.0.0.0/8", "2001:db8:0:0:0:0:0:0/32", "127.0.0.1/32", "0:0:0:0:0:0:0:1/128"])
        #expect(throws: TrustedProxyError.badPrefixLength("10.0.0.0/33", maximum: 32)) { try TrustedProxies(networks: ["10.0.0.0/33"]) }
        #expect(throws: TrustedProxyError.badPrefixLength("2001:db8::/129", maximum: 128)) { try TrustedProxies(networks: ["2001:db8::/129"]) }
        #expect(throws: TrustedProxyError.badPrefixLength("10.0.0.0/", maximum: 32)) { try TrustedProxies(networks: ["10.0.0.0/"]) }
        #expect(throws: TrustedProxyError.hostBitsSet("10.1.0.0/8", network: "10.0.0.0/8")) { try TrustedProxies(networks: ["10.1.0.0/8"]) }
        #expect(throws: TrustedProxyError.notAnAddress("proxy.example")) { try TrustedProxies(networks: ["proxy.example"]) }
        #expect(throws: TrustedProxyError.notAnAddress("")) { try TrustedProxies(networks: [""]) }
        let network = try IPNetwork(parsing: "192.168.0.0/22")
        #expect(network.contains(try Self.address("192.168.3.255")))
        #expect(!network.contains(try Self.address("192.168.4.0")))
        #expect(!network.contains(try Self.address("::ffff:c0a8:0400")))
        #expect(try IPNetwork(parsing: "0.0.0.0/0").contains(try Self.address("203.0.113.7")))
        #expect(try !IPNetwork(parsing: "0.0.0.0/0").contains(try Self.address("2001:db8::1")))
    }
}
