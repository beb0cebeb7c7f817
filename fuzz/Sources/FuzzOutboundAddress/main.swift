// libFuzzer target: the outbound address check `clipkit serve` applies to destinations others name
// (ClipNostrWebSocket's OutboundPolicy). One input is a host as a URL would carry it: a name, or
// an address in any literal form the system resolver reads (`0x7f.1`, `2130706433`, `127.1`,
// `::ffff:127.0.0.1`, bracketed, with a zone). The resolver runs in numeric mode, so no input
// reaches DNS or the network.
//
// Invariants, checked against an oracle written here from IANA's special-purpose address
// registries, independently of the module's table:
// - no address in a refused range passes the public-only check, whatever literal form named it;
// - every address that does pass is one the oracle calls public, and the check refuses exactly
//   when the oracle finds a non-public address among those resolved;
// - the resolver's reading agrees with inet_aton (IPv4) or inet_pton (IPv6) where those read the
//   text, so the address checked is the address the text means.
import ClipNostrWebSocket
import FuzzDriver
import FuzzSupport
import NIOCore
#if canImport(Glibc)
import Glibc
#endif

/// IPv4 networks that are not public unicast: (first address, prefix length).
let refusedIPv4: [(UInt32, Int)] = [
    (0x0000_0000, 8), (0x0A00_0000, 8), (0x6440_0000, 10), (0x7F00_0000, 8), (0xA9FE_0000, 16), (0xAC10_0000, 12),
    (0xC000_0000, 24), (0xC000_0200, 24), (0xC058_6300, 24), (0xC0A8_0000, 16), (0xC612_0000, 15), (0xC633_6400, 24),
    (0xCB00_7100, 24), (0xE000_0000, 4), (0xF000_0000, 4),
]

/// Whether the oracle calls an IPv4 address (as a 32-bit number) public.
func oraclePublic(ipv4 value: UInt32) -> Bool {
    !refusedIPv4.contains { base, length in value >> (32 - length) == base >> (32 - length) }
}

/// Whether the oracle calls an IPv6 address (16 bytes) public.
func oraclePublic(ipv6 bytes: [UInt8]) -> Bool {
    func ipv4(_ slice: ArraySlice<UInt8>) -> UInt32 { slice.reduce(0) { $0 << 8 | UInt32($1) } }
    let high = bytes[0..<8].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    let low = bytes[8..<16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    // IPv4-mapped ::ffff:0:0/96 and NAT64 64:ff9b::/96 reach their last 32 bits; 6to4 2002::/16 bits 16–47.
    if high == 0, low >> 32 == 0xFFFF { return oraclePublic(ipv4: ipv4(bytes[12..<16])) }
    if high == 0x0064_FF9B_0000_0000, low >> 32 == 0 { return oraclePublic(ipv4: ipv4(bytes[12..<16])) }
    if high >> 48 == 0x2002 { return oraclePublic(ipv4: ipv4(bytes[2..<6])) }
    // Only 2000::/3 is global unicast; within it, 2001::/23, 2001:db8::/32 and 3fff::/20 are not.
    guard high >> 61 == 0b001 else { return false }
    if high >> 41 == 0x2001 << 7 { return false }
    if high >> 32 == 0x2001_0DB8 { return false }
    if high >> 44 == 0x3FFF0 { return false }
    return true
}

/// The oracle's verdict on a socket address.
func oraclePublic(_ address: SocketAddress) -> Bool {
    switch address {
    case .v4(let v4):
        return oraclePublic(ipv4: UInt32(bigEndian: v4.address.sin_addr.s_addr))
    case .v6(let v6):
        var raw = v6.address.sin6_addr
        return oraclePublic(ipv6: withUnsafeBytes(of: &raw) { Array($0) })
    default:
        return false
    }
}

runFuzzer { data, size in
    var host = FuzzInput(data, size).text
    guard host.utf8.count <= 300 else { return 0 }
    // A URL carries an IPv6 address in brackets; the transport takes them off before resolving.
    if host.hasPrefix("["), host.hasSuffix("]"), host.count >= 2 { host = String(host.dropFirst().dropLast()) }
    guard case .success(let addresses) = OutboundPolicy.resolve(host: host, port: 443, numericOnly: true) else { return 0 }
    require(!addresses.isEmpty && addresses.count <= OutboundPolicy.maximumAddresses, "\(addresses.count) addresses for \(host)")

    // The resolver's reading agrees with the C library's parsers.
    if !host.utf8.contains(0) {
        var v4 = in_addr()
        if !host.contains(":"), inet_aton(host, &v4) == 1, addresses.count == 1, case .v4(let resolved) = addresses[0] {
            require(resolved.address.sin_addr.s_addr == v4.s_addr, "\(host) resolved to \(addresses[0]), inet_aton reads it otherwise")
        }
    }

    let allPublic = addresses.allSatisfy(oraclePublic)
    do {
        let passed = try OutboundPolicy.publicOnly.check(addresses, host: host)
        require(allPublic, "\(host) → \(addresses) passed the check, but the oracle refuses one")
        require(passed.allSatisfy(oraclePublic), "\(host): a passed address is not public")
    } catch {
        require(!allPublic, "\(host) → \(addresses) refused (\(error)) though the oracle calls every one public")
    }
    return 0
}
