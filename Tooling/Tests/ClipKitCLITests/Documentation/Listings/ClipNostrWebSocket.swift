@_spi(ClipKitTooling) import ClipNostr
import ClipNostrWebSocket

/// The newest verified profile of `npub` on `relays`, fetched over SwiftNIO as `clipkit profile` does.
func newestProfile(of npub: String, relays: [String]) async throws -> Profile? {
    let target = try ProfileTarget(resolving: npub, router: nil)
    let trust = try RelayTrust.fromEnvironment()                             // the system's store, SSL_CERT_FILE, SSL_CERT_DIR
    let pool = RelayPool(transportFactory: WebSocketClientTransportFactory(trust: trust))
    let fetch = try pool.fetchProfile(of: target.publicKey, from: relays.map { try RelayURL($0) })
    return await fetch.finalUpdate()?.profile?.profile
}
