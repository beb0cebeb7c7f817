import NIOCore

/// The name a client goes by in the relay-work budget: its IPv4 address, or the /64 network of
/// its IPv6 address (one host usually holds a whole /64, so counting single IPv6 addresses would
/// let one client pose as billions).
///
/// It is the TCP peer's address: behind a reverse proxy every request comes from the proxy, so
/// the per-client bucket then acts as a second overall one (see `LookupBudget`).
enum ClientKey {
    /// The key for a connection's remote address, `nil` when it has none (a Unix socket).
    static func of(_ address: SocketAddress?) -> String? {
        guard let address else { return nil }
        switch address {
        case .v4:
            return address.ipAddress
        case .v6(let v6):
            var raw = v6.address.sin6_addr
            let bytes = withUnsafeBytes(of: &raw) { Array($0) }
            // An IPv4-mapped address (::ffff:a.b.c.d) is that IPv4 client.
            if bytes.count == 16, bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
                return bytes[12..<16].map(String.init).joined(separator: ".")
            }
            let groups = stride(from: 0, to: min(8, bytes.count), by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
            return groups.joined(separator: ":") + "::/64"
        case .unixDomainSocket:
            return nil
        }
    }
}
