import ClipKit
import ClipNostr
import ClipServer
import ClipSite

/// Serves the link domain, with verified Nostr profiles in share pages' previews, as `clipkit serve`
/// does, until `shutdown` is requested.
func serveLinkDomain(
    manifest: ClipManifest, port: Int, shutdown: ServerShutdown,
    onListening: @escaping @Sendable (ListeningAddress) async -> Void
) async throws {
    let connections = SharedRelayConnections(configuration: .init(maximumSubscriptionsPerRelay: 16))
    let provider = DefaultShareProfileProvider.make(for: manifest, transportFactory: connections)
    let site = try LinkDomainSite(
        manifest: manifest, profileProvider: provider, profilePolicy: .serving, parameterKinds: .standardWithNostr
    )
    let server = ClipServer(site: site, configuration: ClipServerConfiguration(port: port, stopsOnSignals: false))
    try await server.run(shutdown: shutdown, onListening: onListening)
    await connections.close()
}
