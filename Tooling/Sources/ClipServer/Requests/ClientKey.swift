import ClipNostrWebSocket

/// The name a client goes by in the relay-work budget and the request log: its IPv4 address, or
/// the /64 network of its IPv6 address (one host usually holds a whole /64, so counting single
/// IPv6 addresses would let one client pose as billions).
///
/// The client is the TCP peer, or, when the peer is a trusted proxy, the client that proxy names
/// (see ``TrustedProxies``).
package enum ClientKey {
    /// The key for a client's address, `nil` when there is none (a Unix socket).
    package static func of(_ address: IPAddress?) -> String? {
        guard let address else { return nil }
        if address.isIPv4 { return address.text }
        let bytes = address.bytes
        let groups = stride(from: 0, to: 8, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
        return groups.joined(separator: ":") + "::/64"
    }
}
