import ClipKit
@_spi(ClipKitTooling) import ClipNostr
import ClipTestSupport
import ClipToolingTestSupport
import Foundation
import Testing

/// ClipNostr's NIP-05 verifier against a real HTTP server (nginx on loopback, plain http, which
/// the verifier allows for loopback only because these tests configure it to).
@Suite(.timeLimit(.minutes(2)))
struct NIP05VerifierHTTPTests {
    static let maria = String(repeating: "a1", count: 32)
    static let bob = String(repeating: "b2", count: 32)
    static let relayHints = ["wss://relay.roadflare.app", "http://not-a-relay.example", "ws://127.0.0.1:7447", "wss://relay.roadflare.app"]

    func server() async throws -> NIP05TestServer {
        try await NIP05TestServer(names: ["maria": Self.maria, "bob": Self.bob], relays: [Self.maria: Self.relayHints])
    }

    func verifier(timeout: Duration = .seconds(5), maximumBodyBytes: Int = 64 * 1024) -> NIP05Verifier {
        NIP05Verifier(configuration: .init(maximumBodyBytes: maximumBodyBytes, timeout: timeout, allowsPlainHTTPOnLoopback: true))
    }

    func url(_ server: NIP05TestServer, _ name: String) -> URL {
        URL(string: "http://\(server.domain)/.well-known/nostr.json?name=\(name)")!
    }

    @Test func aNameListedWithTheProfilesKeyIsVerifiedWithItsRelayHints() async throws {
        let server = try await server()
        defer { server.stop() }
        let result = await verifier().verify("Maria@\(server.domain)", publicKey: Self.maria)
        let identity = try #require(result.identity, "got \(result)")
        #expect(identity.publicKey == Self.maria)
        #expect(identity.address.description == "maria@\(server.domain)")
        // The refused http:// URL is skipped and the repeat dropped.
        #expect(identity.relayHints.map(\.string) == ["wss://relay.roadflare.app", "ws://127.0.0.1:7447"])
        #expect(result.code == "verified")
    }

    @Test func aNameListedWithAnotherKeyIsAMismatch() async throws {
        let server = try await server()
        defer { server.stop() }
        let address = try NIP05Address("bob@\(server.domain)")
        let result = await verifier().verify(address.identifier, publicKey: Self.maria)
        #expect(result == .mismatch(.differentKey(address, listed: Self.bob)))
        #expect(result.code == "different-key")
        #expect(!result.isVerified)
    }

    @Test func aNameTheDomainDoesNotListIsAMismatch() async throws {
        let server = try await server()
        defer { server.stop() }
        let address = try NIP05Address("carol@\(server.domain)")
        #expect(await verifier().verify(address.identifier, publicKey: Self.maria) == .mismatch(.nameNotListed(address)))
        await #expect(throws: NIP05Error.nameNotListed(address, url: url(server, "carol"))) {
            try await verifier().resolve(address)
        }
    }

    @Test func aRedirectIsRefusedAndNamesWhereItPointed() async throws {
        let server = try await server()
        defer { server.stop() }
        let result = await verifier().verify("moved@\(server.domain)", publicKey: Self.maria)
        #expect(result == .failed(.redirect(url: url(server, "moved"), status: 301, location: "https://elsewhere.example/.well-known/nostr.json")))
        #expect(result.description.contains("elsewhere.example"))
    }

    @Test func anotherStatusIsRefused() async throws {
        let server = try await server()
        defer { server.stop() }
        #expect(await verifier().verify("gone@\(server.domain)", publicKey: Self.maria) == .failed(.httpStatus(url: url(server, "gone"), status: 404)))
    }

    @Test func aBodyOverTheCapIsRefused() async throws {
        let server = try await server()
        defer { server.stop() }
        let result = await verifier().verify("big@\(server.domain)", publicKey: Self.maria)
        #expect(result == .failed(.tooLarge(url: url(server, "big"), limit: 64 * 1024)))
        // The same document under a cap it fits is read (and does not list the name).
        let roomy = verifier(maximumBodyBytes: NIP05TestServer.bigDocumentBytes + 1)
        #expect(await roomy.verify("big@\(server.domain)", publicKey: Self.maria).code == "name-not-listed")
    }

    @Test func aLargeDomainsWholeDocumentVerifiesUnderTheDefaultBounds() async throws {
        let server = try await server()
        defer { server.stop() }
        let verifier = NIP05Verifier(configuration: .init(allowsPlainHTTPOnLoopback: true))
        let result = await verifier.verify("large@\(server.domain)", publicKey: NIP05TestServer.largeDocumentKey)
        #expect(result.isVerified, "\(result)")
        // Under the old 64 KiB cap the same document could never verify.
        let old = await self.verifier().verify("large@\(server.domain)", publicKey: NIP05TestServer.largeDocumentKey)
        #expect(old.code == "too-large")
    }

    @Test func aServerThatNeverAnswersTimesOutOnTime() async throws {
        let server = try await server()
        defer { server.stop() }
        let started = ContinuousClock.now
        let result = await verifier(timeout: .milliseconds(800)).verify("hung@\(server.domain)", publicKey: Self.maria)
        let elapsed = ContinuousClock.now - started
        #expect(result == .failed(.timedOut(url: url(server, "hung"), seconds: 0.8)))
        #expect(elapsed >= .milliseconds(800) && elapsed < .seconds(3), "took \(elapsed)")
    }

    @Test func plainHTTPIsNotUsedUnlessAllowed() async throws {
        let server = try await server()
        defer { server.stop() }
        // Without the loopback allowance the verifier speaks https to nginx's plain-http port, and fails.
        let result = await NIP05Verifier(configuration: .init(timeout: .seconds(5))).verify("maria@\(server.domain)", publicKey: Self.maria)
        guard case .failed(let error) = result, error.code == "transport" || error.code == "timed-out" else {
            Issue.record("expected a failed https request, got \(result)")
            return
        }
        if case .transport(let url, _) = error { #expect(url.scheme == "https") }
    }

    @Test func aProfileTargetResolvesAnAddressToItsKeyAndHints() async throws {
        let server = try await server()
        defer { server.stop() }
        let target = try await ProfileTarget.resolve("nostr:maria@\(server.domain)", router: nil, verifier: verifier())
        #expect(target.publicKey == Self.maria)
        #expect(target.relayHints == ["wss://relay.roadflare.app", "ws://127.0.0.1:7447"])
        await #expect(throws: ProfileTargetNameLookupError.lookup(.redirect(
            url: url(server, "moved"), status: 301, location: "https://elsewhere.example/.well-known/nostr.json"
        ))) {
            try await ProfileTarget.resolve("moved@\(server.domain)", router: nil, verifier: verifier())
        }
    }
}
