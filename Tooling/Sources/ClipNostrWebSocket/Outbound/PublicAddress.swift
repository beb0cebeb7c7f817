/// Tells public unicast addresses from the special-purpose ranges a server must not reach on
/// someone else's behalf: loopback, private networks, link-local, carrier-grade NAT, unique-local,
/// multicast, unspecified, documentation and benchmarking ranges, and the rest of IANA's
/// special-purpose registries (RFC 6890 and its updates) that are not globally reachable.
///
/// An IPv4-mapped IPv6 address (`::ffff:127.0.0.1`) is judged as its IPv4 address (``IPAddress``
/// normalizes it), and so are the IPv4 addresses embedded in NAT64 (`64:ff9b::/96`) and 6to4
/// (`2002::/16`) addresses, which reach that IPv4 address. Every other IPv6 address outside the
/// global unicast block `2000::/3` is refused.
package enum PublicAddress {
    /// A special-purpose range: the network and what it is for.
    package struct Range: Sendable, Hashable, CustomStringConvertible {
        /// The network, such as `127.0.0.0/8`.
        package let network: IPNetwork
        /// What the range is, such as `loopback`.
        package let name: String

        /// The name and the network: `loopback (127.0.0.0/8)`.
        package var description: String { "\(name) (\(network))" }
    }

    /// The range that keeps `address` from being public unicast, or `nil` when it is public.
    package static func refusedRange(of address: IPAddress) -> Range? {
        if address.isIPv4 {
            return ipv4Ranges.first { $0.network.contains(address) }
        }
        if let embedded = embeddedIPv4(in: address) {
            return refusedRange(of: embedded)
        }
        if let range = ipv6Ranges.first(where: { $0.network.contains(address) }) { return range }
        return globalUnicast.network.contains(address) ? nil : globalUnicast
    }

    /// Whether `address` is public unicast.
    package static func isPublic(_ address: IPAddress) -> Bool {
        refusedRange(of: address) == nil
    }

    /// The IPv4 address a NAT64 or 6to4 address reaches, `nil` for other IPv6 addresses.
    static func embeddedIPv4(in address: IPAddress) -> IPAddress? {
        let bytes = address.bytes
        guard bytes.count == 16 else { return nil }
        if nat64.contains(address) { return IPAddress(normalizing: Array(bytes[12..<16])) }
        if sixToFour.contains(address) { return IPAddress(normalizing: Array(bytes[2..<6])) }
        return nil
    }

    /// The IPv4 ranges that are not globally reachable.
    static let ipv4Ranges: [Range] = [
        range("0.0.0.0", 8, "\"this network\""),
        range("10.0.0.0", 8, "private network (RFC 1918)"),
        range("100.64.0.0", 10, "shared address space, carrier-grade NAT (RFC 6598)"),
        range("127.0.0.0", 8, "loopback"),
        range("169.254.0.0", 16, "link-local"),
        range("172.16.0.0", 12, "private network (RFC 1918)"),
        range("192.0.0.0", 24, "IETF protocol assignments"),
        range("192.0.2.0", 24, "documentation (TEST-NET-1)"),
        range("192.88.99.0", 24, "deprecated 6to4 relay anycast"),
        range("192.168.0.0", 16, "private network (RFC 1918)"),
        range("198.18.0.0", 15, "benchmarking (RFC 2544)"),
        range("198.51.100.0", 24, "documentation (TEST-NET-2)"),
        range("203.0.113.0", 24, "documentation (TEST-NET-3)"),
        range("224.0.0.0", 4, "multicast"),
        range("240.0.0.0", 4, "reserved, with the broadcast address"),
    ]

    /// The IPv6 ranges that are not globally reachable, besides everything outside `2000::/3`.
    static let ipv6Ranges: [Range] = [
        range("::", 128, "unspecified"),
        range("::1", 128, "loopback"),
        range("64:ff9b:1::", 48, "local-use IPv4/IPv6 translation"),
        range("100::", 64, "discard-only"),
        range("2001::", 23, "IETF protocol assignments (Teredo, benchmarking, ORCHID)"),
        range("2001:db8::", 32, "documentation"),
        range("3fff::", 20, "documentation"),
        range("5f00::", 16, "segment routing (SRv6)"),
        range("fc00::", 7, "unique local"),
        range("fe80::", 10, "link-local"),
        range("fec0::", 10, "site-local (deprecated)"),
        range("ff00::", 8, "multicast"),
    ]

    /// The global unicast block; an IPv6 address outside it is reserved or special.
    static let globalUnicast = range("2000::", 3, "outside global unicast")
    /// The well-known NAT64 prefix (RFC 6052).
    static let nat64 = range("64:ff9b::", 96, "NAT64").network
    /// 6to4 (RFC 3056).
    static let sixToFour = range("2002::", 16, "6to4").network

    private static func range(_ address: String, _ prefixLength: Int, _ name: String) -> Range {
        guard let parsed = IPAddress(text: address), let network = IPNetwork(address: parsed, prefixLength: prefixLength) else {
            preconditionFailure("the range table has a malformed network: \(address)/\(prefixLength)")
        }
        return Range(network: network, name: name)
    }
}
