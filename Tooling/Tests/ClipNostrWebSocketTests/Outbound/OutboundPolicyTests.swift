import ClipNostr
import ClipNostrWebSocket
import ClipToolingTestSupport
import Foundation
import NIOCore
import Testing

/// The outbound address check: which addresses a server contacts when someone else chose the
/// destination. The verdicts come from IANA's IPv4 and IPv6 Special-Purpose Address Registries
/// (RFC 6890 and the RFCs each entry names): an address is refused unless the registry says it is
/// globally reachable, and IPv6 outside 2000::/3 is refused as not global unicast. The check runs
/// on the literal and on its resolved forms with the system resolver in numeric mode, so no test
/// here sends a packet or asks DNS.
@Suite("Outbound address policy")
struct OutboundPolicyTests {
    /// (literal as a host name, the address it means, the range the registry puts it in).
    static let refused: [(String, String)] = [
        ("127.0.0.1", "loopback"), ("127.0.0.3", "loopback"), ("127.1", "loopback"), ("0x7f.1", "loopback"),
        ("2130706433", "loopback"), ("0177.0.0.1", "loopback"), ("::1", "loopback"),
        ("::ffff:127.0.0.1", "loopback"), ("::ffff:7f00:2", "loopback"),
        ("64:ff9b::7f00:1", "loopback"), ("2002:7f00:1::1", "loopback"),
        ("10.0.0.1", "private network (RFC 1918)"), ("172.16.5.4", "private network (RFC 1918)"),
        ("172.31.255.255", "private network (RFC 1918)"), ("192.168.1.1", "private network (RFC 1918)"),
        ("::ffff:10.1.2.3", "private network (RFC 1918)"), ("0xa.1", "private network (RFC 1918)"),
        ("169.254.169.254", "link-local"), ("fe80::1", "link-local"),
        ("100.64.0.1", "shared address space, carrier-grade NAT (RFC 6598)"),
        ("100.127.255.254", "shared address space, carrier-grade NAT (RFC 6598)"),
        ("fd00::1", "unique local"), ("fc12:3456::1", "unique local"),
        ("224.0.0.1", "multicast"), ("239.255.255.250", "multicast"), ("ff02::1", "multicast"),
        ("0.0.0.0", "\"this network\""), ("0", "\"this network\""), ("::", "unspecified"),
        ("192.0.2.1", "documentation (TEST-NET-1)"), ("198.51.100.7", "documentation (TEST-NET-2)"),
        ("203.0.113.9", "documentation (TEST-NET-3)"), ("2001:db8::7", "documentation"), ("3fff::1", "documentation"),
        ("198.18.0.1", "benchmarking (RFC 2544)"), ("198.19.255.1", "benchmarking (RFC 2544)"),
        ("2001:2::1", "IETF protocol assignments (Teredo, benchmarking, ORCHID)"),
        ("2001:0:4136:e378:8000:63bf:3fff:fdd2", "IETF protocol assignments (Teredo, benchmarking, ORCHID)"),
        ("192.0.0.8", "IETF protocol assignments"), ("192.88.99.1", "deprecated 6to4 relay anycast"),
        ("240.0.0.1", "reserved, with the broadcast address"), ("255.255.255.255", "reserved, with the broadcast address"),
        ("100::1", "discard-only"), ("64:ff9b:1::a00:1", "local-use IPv4/IPv6 translation"),
        ("fec0::1", "site-local (deprecated)"), ("5f00::1", "segment routing (SRv6)"),
        ("::7f00:1", "outside global unicast"), ("4000::1", "outside global unicast"),
    ]

    /// Public unicast addresses, globally reachable by the same registries.
    static let accepted = [
        "1.1.1.1", "8.8.8.8", "93.184.216.34", "172.32.0.1", "100.128.0.1", "192.0.3.1", "198.20.0.1",
        "2606:4700:4700::1111", "2a00:1450:4001::200e", "64:ff9b::808:808", "2002:808:808::1", "::ffff:8.8.4.4",
    ]

    @Test("special-purpose addresses are refused, in every literal form the resolver reads", arguments: refused)
    func refusesSpecialPurpose(literal: String, rangeName: String) throws {
        let addresses = try OutboundPolicy.resolve(host: literal, port: 443, numericOnly: true).get()
        #expect(!addresses.isEmpty)
        #expect(throws: OutboundRefusal.self) { try OutboundPolicy.publicOnly.check(addresses, host: literal) }
        do {
            _ = try OutboundPolicy.publicOnly.check(addresses, host: literal)
        } catch {
            guard case .notPublic(let host, _, let range) = error else {
                Issue.record("\(literal): \(error)")
                return
            }
            #expect(host == literal)
            #expect(range?.name == rangeName, "\(literal): \(error.description)")
            #expect(error.description.contains(literal) && error.description.contains("public addresses only"))
        }
    }

    @Test("public unicast addresses pass, and keep the port asked for", arguments: accepted)
    func acceptsPublic(literal: String) throws {
        let addresses = try OutboundPolicy.resolve(host: literal, port: 7447, numericOnly: true).get()
        let checked = try OutboundPolicy.publicOnly.check(addresses, host: literal)
        #expect(checked == addresses)
        #expect(checked.allSatisfy { $0.port == 7447 })
    }

    @Test("the unrestricted policy passes every address")
    func unrestrictedPassesEverything() throws {
        for (literal, _) in Self.refused.prefix(8) {
            let addresses = try OutboundPolicy.resolve(host: literal, port: 80, numericOnly: true).get()
            #expect(try OutboundPolicy.unrestricted.check(addresses, host: literal) == addresses)
        }
    }

    @Test("a name that resolves to loopback is refused after resolving")
    func namesAreJudgedByTheirAddresses() async throws {
        // localhost resolves from the hosts file, without DNS.
        await #expect(throws: OutboundRefusal.self) { try await OutboundPolicy.publicOnly.checkedAddresses(host: "localhost", port: 443) }
    }

    @Test("what is not a host name is refused with a reason, not a crash")
    func malformedHosts() {
        for host in ["", "a\u{0}b", String(repeating: "a", count: 300), "[::1]", "1.2.3.4.5", "::g"] {
            guard case .failure(let refusal) = OutboundPolicy.resolve(host: host, port: 443, numericOnly: true) else {
                Issue.record("\(host.debugDescription) resolved")
                continue
            }
            #expect(!refusal.description.isEmpty)
        }
        #expect(throws: OutboundRefusal.self) { try OutboundPolicy.resolve(host: "1.1.1.1", port: 0, numericOnly: true).get() }
    }
}

/// The relay transport and the NIP-05 fetch under the public-only policy: listeners on 127.0.0.2
/// stand in for internal services, and must see no connection.
@Suite("Outbound connections under the policy", .timeLimit(.minutes(1)))
struct OutboundConnectionTests {
    @Test("a write relay on a loopback address is never connected to; unrestricted, it is")
    func relayTransportRefusesLoopback() async throws {
        let listener = try ConnectionCountingListener(address: "127.0.0.2")
        defer { listener.stop() }
        for url in ["wss://\(listener.hostAndPort)/", "ws://\(listener.hostAndPort)/internal/admin?action=flush"] {
            let transport = WebSocketClientTransportFactory(outbound: .publicOnly).makeTransport(to: try RelayURL(url), maximumFrameBytes: 4096)
            do {
                try await transport.connect()
                Issue.record("\(url) connected")
            } catch {
                #expect("\(error)".contains("127.0.0.2"), "\(error)")
            }
            await transport.close()
        }
        #expect(listener.connectionCount == 0)

        let allowed = WebSocketClientTransportFactory(outbound: .unrestricted)
            .makeTransport(to: try RelayURL("ws://\(listener.hostAndPort)/internal/admin?action=flush"), maximumFrameBytes: 4096)
        try? await allowed.connect()
        await allowed.close()
        #expect(listener.connectionCount == 1, "the switch lets the same relay be reached, so this test can fail")
        let request = String(decoding: listener.receivedBytes.first ?? Data(), as: UTF8.self)
        #expect(request.hasPrefix("GET /internal/admin?action=flush HTTP/1.1"))
    }

    @Test("a NIP-05 domain on a loopback address is never fetched; unrestricted, it is")
    func nip05FetchRefusesLoopback() async throws {
        let listener = try ConnectionCountingListener(address: "127.0.0.2")
        defer { listener.stop() }
        let verifier = NIP05Verifier(fetcher: OutboundNIP05Fetcher(policy: .publicOnly))
        let refused = await verifier.verify("bob@\(listener.hostAndPort)", publicKey: String(repeating: "a", count: 64))
        guard case .failed(let error) = refused else {
            Issue.record("\(refused)")
            return
        }
        #expect(error.description.contains("127.0.0.2") && error.description.contains("loopback"), "\(error.description)")
        #expect(listener.connectionCount == 0)

        let open = NIP05Verifier(configuration: .init(timeout: .seconds(2)), fetcher: OutboundNIP05Fetcher(policy: .unrestricted))
        _ = await open.verify("bob@\(listener.hostAndPort)", publicKey: String(repeating: "a", count: 64))
        #expect(listener.connectionCount == 1, "the switch lets the same domain be reached, so this test can fail")
    }

    @Test("plain http is refused for a NIP-05 domain under the public-only policy")
    func plainHTTPIsRefused() async throws {
        let fetcher = OutboundNIP05Fetcher(policy: .publicOnly)
        await #expect(throws: OutboundRefusal.plainText(url: "http://1.1.1.1/.well-known/nostr.json")) {
            _ = try await fetcher.fetchDocument(at: try #require(URL(string: "http://1.1.1.1/.well-known/nostr.json")), maximumBytes: 1024)
        }
    }
}
