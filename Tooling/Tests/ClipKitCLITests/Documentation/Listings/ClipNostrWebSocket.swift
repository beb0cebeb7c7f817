import ClipNostr
import ClipNostrWebSocket

/// The newest verified profile of `npub` on `relays`, fetched over SwiftNIO as `clipkit profile` does.
func newestProfile(of npub: String, relays: [String]) async throws -> Profile? {
    let trust = try RelayTrust.fromEnvironment()                             // the system's store, SSL_CERT_FILE, SSL_CERT_DIR
    let fetcher = ProfileFetcher(transportFactory: WebSocketClientTransportFactory(trust: trust))
    let lookup = ProfileLookup(fetcher: fetcher, relays: try relays.map { try RelayURL($0) })
    let run = try lookup.start(npub)
    return await run.outcome().profile?.profile
}
