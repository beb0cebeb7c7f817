import ClipLoopback
@_spi(ClipKitTooling) import ClipNostr
import ClipNostrWebSocket
import ClipTestSupport
import ClipToolingTestSupport
import Foundation
import Testing

/// The tooling transport against real TLS: nginx terminates TLS with certificates from a CA the
/// suite makes with `openssl`, in front of a real `nostr-relay` that holds a profile signed and
/// published by nostr-sdk. Host names, IPv4 and IPv6 literals, trusted, untrusted and misnamed
/// certificates — each ends in a profile or a typed reason.
@Suite("Relays over TLS", .tlsRelayFront)
struct TLSRelayTests {
    let front: TLSRelayFront
    let authority: RelayTrust

    init() throws {
        front = try #require(TLSRelayFronts.current, "the suite's trait starts nginx and the relay")
        authority = try RelayTrust.fromEnvironment(["SSL_CERT_FILE": front.authority.certificateFile.path])
    }

    /// Signs a fresh profile with nostr-sdk and publishes it straight to the relay behind nginx.
    func publishProfile(_ name: String) async throws -> RelayFixtures.Signed {
        let signed = try await RelayFixtures.sign([
            .init(key: "tls-\(name)-\(UUID().uuidString)", content: #"{"name":"\#(name)"}"#, createdAt: Int64(Date().timeIntervalSince1970) - 10),
        ])
        let published = try await RelayFixtures.publish([signed[0].event], to: [try front.relay.relayURL])
        try #require(published.first?.acceptedBy.count == 1, "the relay stored the profile: \(published)")
        return signed[0]
    }

    /// The final answer of a fetch of `author` from `url`, trusting `trust`.
    func fetch(_ author: String, from url: String, trust: RelayTrust) async throws -> ProfileFetchUpdate {
        let fetcher = ProfileFetcher(
            configuration: ProfileFetchConfiguration(timeout: .seconds(15), graceWindow: .seconds(15)),
            transportFactory: WebSocketClientTransportFactory(trust: trust)
        )
        return try #require(await fetcher.fetchProfile(of: author, from: [try RelayURL(url)]).finalUpdate())
    }

    /// The one relay's outcome.
    func outcome(of update: ProfileFetchUpdate) throws -> RelayOutcome {
        try #require(update.relays.first?.state.outcome)
    }

    /// A reason for a person: no library dump, no build path.
    func expectReadable(_ outcome: RelayOutcome) {
        let text = outcome.description
        #expect(!text.contains("/"), "\(text)")
        #expect(!text.contains("BoringSSL") && !text.contains("NIOSSL") && !text.contains(".cc"), "\(text)")
    }

    @Test("wss:// by host name, with the CA from SSL_CERT_FILE: the profile arrives and the name goes in SNI")
    func hostNameTrustedThroughCertFile() async throws {
        let profile = try await publishProfile("by-name")
        let update = try await fetch(profile.pubkey, from: front.url(host: "localhost", port: front.trustedPort) + "/by-name", trust: authority)
        #expect(update.profile?.event.id == profile.event.id)
        #expect(try outcome(of: update) == .endOfStoredEvents)
        #expect(try await front.serverName(sentFor: "/by-name") == "localhost")
    }

    @Test("the CA from SSL_CERT_DIR, a folder of PEM files among other files, is trusted too")
    func trustedThroughCertFolder() async throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.copyItem(at: front.authority.certificateFile, to: folder.file("test-ca.pem"))
        try Data("not a certificate\n".utf8).write(to: folder.file("README"))
        let trust = try RelayTrust.fromEnvironment(["SSL_CERT_DIR": folder.url.path])
        #expect(trust.addedCertificateCount == 1)
        let profile = try await publishProfile("by-folder")
        let update = try await fetch(profile.pubkey, from: front.url(host: "localhost", port: front.trustedPort), trust: trust)
        #expect(update.profile?.event.id == profile.event.id)
    }

    @Test("without the CA the certificate is untrusted: a typed reason, not a library dump")
    func untrustedCertificate() async throws {
        let profile = try await publishProfile("untrusted")
        let update = try await fetch(profile.pubkey, from: front.url(host: "localhost", port: front.trustedPort), trust: .system)
        #expect(update.profile == nil)
        let outcome = try outcome(of: update)
        #expect(outcome == .failed(.tls(.untrustedCertificate)))
        #expect(outcome.reasonCode == .tlsUntrustedCertificate)
        #expect(outcome.description.contains("SSL_CERT_FILE"), "the reason says how to trust a private CA")
        expectReadable(outcome)
    }

    @Test("a certificate for another name is a name mismatch")
    func wrongName() async throws {
        let profile = try await publishProfile("wrong-name")
        let update = try await fetch(profile.pubkey, from: front.url(host: "localhost", port: front.wrongNamePort), trust: authority)
        #expect(update.profile == nil)
        let outcome = try outcome(of: update)
        #expect(outcome == .failed(.tls(.nameMismatch(host: "localhost"))))
        #expect(outcome.reasonCode == .tlsNameMismatch)
        expectReadable(outcome)
    }

    @Test("wss://127.0.0.1: no SNI is sent, and the certificate is checked against the IP address")
    func ipv4Literal() async throws {
        let profile = try await publishProfile("ipv4")
        let update = try await fetch(profile.pubkey, from: front.url(host: "127.0.0.1", port: front.trustedPort) + "/ipv4", trust: authority)
        #expect(update.profile?.event.id == profile.event.id)
        #expect(try await front.serverName(sentFor: "/ipv4") == nil)

        // The other certificate names only relay.invalid: not this address.
        let misnamed = try await fetch(profile.pubkey, from: front.url(host: "127.0.0.1", port: front.wrongNamePort), trust: authority)
        #expect(try outcome(of: misnamed) == .failed(.tls(.nameMismatch(host: "127.0.0.1"))))
    }

    @Test("wss://[::1]: the bracketed IPv6 literal connects, without SNI", .enabled(if: LoopbackAddress.ipv6.isAvailable, "this machine has no IPv6 loopback (::1)"))
    func ipv6Literal() async throws {
        try #require(front.listensOnIPv6)
        let profile = try await publishProfile("ipv6")
        let update = try await fetch(profile.pubkey, from: front.url(host: "[::1]", port: front.trustedPort) + "/ipv6", trust: authority)
        #expect(update.profile?.event.id == profile.event.id)
        #expect(try outcome(of: update) == .endOfStoredEvents)
        #expect(try await front.serverName(sentFor: "/ipv6") == nil)
    }

    @Test("ws://[::1] straight to a relay that listens on the IPv6 loopback", .enabled(if: LoopbackAddress.ipv6.isAvailable, "this machine has no IPv6 loopback (::1)"))
    func plainIPv6() async throws {
        let relay = try await LocalRelay.start(on: .ipv6)
        defer { relay.stop() }
        #expect(relay.url.hasPrefix("ws://[::1]:"))
        let signed = try await RelayFixtures.sign([
            .init(key: "ipv6-plain-\(UUID().uuidString)", content: #"{"name":"plain"}"#, createdAt: Int64(Date().timeIntervalSince1970) - 10),
        ])
        let published = try await RelayFixtures.publish([signed[0].event], to: [try relay.relayURL])
        try #require(published.first?.acceptedBy.count == 1, "\(published)")
        let update = try await fetch(signed[0].pubkey, from: relay.url, trust: .system)
        #expect(update.profile?.event.id == signed[0].event.id)
    }
}
