import ClipKit
import ClipLoopback
import ClipManifestReader
import ClipNostr
import ClipServer
import ClipSite
import ClipTestSupport
import ClipToolingTestSupport
import Foundation

/// A link-domain server whose share pages preview Nostr profiles from a real relay, through a
/// counting proxy (what the relay sees) and a shared relay fetcher (what the server keeps).
final class PreviewRelayFixture: @unchecked Sendable {
    let relay: LocalRelay
    let proxy: CountingRelayProxy
    let connections: SharedRelayConnections
    let server: RunningServer

    var profiles: ShareProfileCache? { server.site.profiles }

    /// Starts everything; `relayDelayMilliseconds` makes the relay slow (through the proxy), and
    /// `moreRelays` are asked too, after the counted one.
    init(
        policy: ShareProfileCache.Policy, fetcher: SharedRelayConfiguration = .init(),
        relayDelayMilliseconds: Int = 0, relay: LocalRelay? = nil, moreRelays: [String] = [],
        serverConfiguration: ClipServerConfiguration = ClipServerConfiguration()
    ) async throws {
        let relay = if let relay { relay } else { try await LocalRelay.start() }
        self.relay = relay
        proxy = try await CountingRelayProxy.start(upstreamPort: relay.port, delayMilliseconds: relayDelayMilliseconds)
        connections = SharedRelayConnections(configuration: fetcher)
        let relays = try ([proxy.url] + moreRelays).map { try RelayURL($0) }
        let provider = NostrShareProfileProvider(relays: relays, fetcher: ProfileFetcher(transportFactory: connections))
        let kinds = ParameterKindRegistry.standardWithNostr
        let manifest = try ManifestLoader(parameterKinds: kinds).load(contentsOf: TestEnvironment.file("Examples/roadflare/clipkit.json"))
        let site = try LinkDomainSite(
            manifest: manifest, associationFiles: ["roadflare.app": Data("{}".utf8)],
            profileProvider: provider, profilePolicy: policy, parameterKinds: kinds
        )
        server = try await RunningServer(site: site, configuration: serverConfiguration)
    }

    /// The driver share page of `npub`, requested from `sourceAddress`.
    func driverPage(_ npub: String, from sourceAddress: String? = nil) async throws -> CurlResponse {
        try await Curl.request(server.baseURL + "/share/d/" + npub, sourceAddress: sourceAddress)
    }

    /// Stops the server, the fetcher, the proxy and the relay.
    func stop() async {
        await server.stop()
        await connections.close()
        proxy.stop()
        relay.stop()
    }

    /// A valid npub that no relay knows: a fresh random key.
    static func unknownNpub() throws -> String {
        var generator = SystemRandomNumberGenerator()
        let hex = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
        return try NIP19.encodePublicKey(hex)
    }

    /// Publishes a driver's profile for the test key `key` and returns its npub.
    static func publishDriver(key: String, name: String, to relay: LocalRelay) async throws -> String {
        let driver = try await DriverFixtures.signProfile(key: key, content: ["name": key, "display_name": name, "car_make": "Toyota"])
        try await DriverFixtures.publish([driver], to: relay.url)
        return try NIP19.encodePublicKey(driver.pubkey)
    }

    /// The `max-age` of a response's `Cache-Control`, `nil` when it has none.
    static func maxAge(of response: CurlResponse) -> Int? {
        guard let value = response.headers["cache-control"], value.hasPrefix("public, max-age=") else { return nil }
        return Int(value.dropFirst("public, max-age=".count))
    }

    /// Waits until `condition` holds, for at most `seconds`; whether it held.
    static func eventually(within seconds: Double, _ condition: () async throws -> Bool) async rethrows -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try await condition() { return true }
            try? await Task.sleep(nanoseconds: 50_000_000)
        }
        return try await condition()
    }
}
