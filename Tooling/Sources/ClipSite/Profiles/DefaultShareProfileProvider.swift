import ClipKit
@_spi(ClipKitTooling) import ClipNostr
import ClipNostrWebSocket

/// The profile provider that `clipkit serve` and `clipkit site build` use for a manifest.
///
/// This is the one place that decides where preview profiles come from: for a manifest with
/// `nostr.relays` and a route with an `npub` parameter, a ``NostrShareProfileProvider`` on those
/// relays (or on `relays`, when given); `LinkDomainSite` caches its answers.
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
    ///   - nip05Verifier: Checks each profile's `nip05` field before the page shows it (https only,
    ///     no redirects, a body cap and a timeout); `nil` shows none.
    package static func make(
        for manifest: ClipManifest, relays: [String]? = nil,
        transportFactory: any RelayTransportFactory = RelayTransports.tooling,
        maximumWriteRelays: Int = ProfileFetchConfiguration().maximumWriteRelays,
        nip05Verifier: NIP05Verifier? = NIP05Verifier()
    ) -> (any ShareProfileProvider)? {
        guard manifest.routes.contains(where: { $0.params["npub"] != nil }) else { return nil }
        let usable = (relays ?? manifest.nostr?.relays ?? []).compactMap { try? RelayURL($0) }
        guard !usable.isEmpty else { return nil }
        var pool = RelayPool(
            configuration: ProfileFetchConfiguration(maximumWriteRelays: maximumWriteRelays), transportFactory: transportFactory
        )
        pool.writeRelayTransportFactory = RelayTransports.tooling
        return NostrShareProfileProvider(relays: usable, pool: pool, nip05Verifier: nip05Verifier)
    }
}
