import ClipKit
@_spi(ClipKitTooling) import ClipNostr
import ClipNostrWebSocket

/// The profile provider that `clipkit serve` and `clipkit site build` use for a manifest.
///
/// This is the one place that decides where preview profiles come from: for a manifest with
/// `nostr.relays` and a route with an `npub` parameter, a ``NostrShareProfileProvider`` on those
/// relays (or on `relays`, when given); `LinkDomainSite` caches its answers.
///
/// It is also where the destinations others choose are fenced: the write relays a published relay
/// list names and the domains of NIP-05 names are reached under an `OutboundPolicy`,
/// `OutboundPolicy.publicOnly` unless the operator says otherwise. The relays given here are
/// the operator's own and may be anywhere.
package enum DefaultShareProfileProvider {
    /// The provider for `manifest`'s routes, or `nil` when no route has a profile to preview.
    ///
    /// - Parameters:
    ///   - manifest: The manifest whose routes and relays decide the provider.
    ///   - relays: Relays that replace the manifest's, such as a local relay in the demo.
    ///   - transportFactory: How the provider reaches relays: a ``SharedRelayConnections`` for a
    ///     server (one long-lived connection per relay); by default a new connection per lookup.
    ///   - maximumWriteRelays: The most of an author's write relays (named by their kind-10002
    ///     relay list) a lookup may ask besides the given relays; `0` asks only the given relays.
    ///     Write relays are reached on connections of their own, closed after each lookup, never
    ///     through `transportFactory`: any relay list may name them.
    ///   - verifiesNIP05: Whether NIP-05 names are looked up: a profile's `nip05` field, checked
    ///     before the page shows it, and names in links (https only, no redirects, a body cap and
    ///     a timeout). Without it no NIP-05 request is made and no address is shown.
    ///   - outbound: Where write relays and NIP-05 domains may be: public addresses over TLS only,
    ///     unless the deployment is private.
    package static func make(
        for manifest: ClipManifest, relays: [String]? = nil,
        transportFactory: any RelayTransportFactory = RelayTransports.tooling,
        maximumWriteRelays: Int = ProfileFetchConfiguration().maximumWriteRelays,
        verifiesNIP05: Bool = true, outbound: OutboundPolicy = .publicOnly
    ) -> (any ShareProfileProvider)? {
        guard manifest.routes.contains(where: { $0.params["npub"] != nil }) else { return nil }
        let usable = (relays ?? manifest.nostr?.relays ?? []).compactMap { try? RelayURL($0) }
        guard !usable.isEmpty else { return nil }
        let fetcher = fetcher(
            configuration: ProfileFetchConfiguration(maximumWriteRelays: maximumWriteRelays), transportFactory: transportFactory,
            outbound: outbound
        )
        return NostrShareProfileProvider(relays: usable, fetcher: fetcher, nip05Verifier: verifiesNIP05 ? nip05Verifier(outbound: outbound) : nil)
    }

    /// A relay fetcher whose given relays go through `transportFactory` and whose write relays, named
    /// by relay lists anyone can publish, are reached only where `outbound` allows.
    package static func fetcher(
        configuration: ProfileFetchConfiguration = ProfileFetchConfiguration(),
        transportFactory: any RelayTransportFactory = RelayTransports.tooling, outbound: OutboundPolicy = .publicOnly
    ) -> ProfileFetcher {
        var fetcher = ProfileFetcher(configuration: configuration, transportFactory: transportFactory)
        fetcher.writeRelayTransportFactory = WebSocketClientTransportFactory(outbound: outbound)
        return fetcher
    }

    /// A NIP-05 verifier whose requests reach only the domains `outbound` allows, connected by
    /// the address that was checked.
    package static func nip05Verifier(outbound: OutboundPolicy = .publicOnly) -> NIP05Verifier {
        NIP05Verifier(fetcher: OutboundNIP05Fetcher(policy: outbound))
    }
}
