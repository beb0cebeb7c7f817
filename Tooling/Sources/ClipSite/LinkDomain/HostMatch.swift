/// Finds which of the site's domains a `Host` header names, without allocating: the one reading of
/// `Host` the server's fast path and ``LinkDomainSite`` share.
package enum HostMatch {
    /// The position in `domains` (lower-cased) of the domain `header` names, ignoring case, a port
    /// and a final dot; `nil` for any other host.
    package static func index(of header: String, among domains: [String]) -> Int? {
        var host = header.utf8[...]
        if let colon = host.lastIndex(of: UInt8(ascii: ":")), host.first != UInt8(ascii: "[") {
            host = host[..<colon]
        }
        if host.last == UInt8(ascii: ".") { host = host.dropLast() }
        for (index, domain) in domains.enumerated() where domain.utf8.count == host.count {
            if zip(domain.utf8, host).allSatisfy({ $0 == Self.lowercased($1) }) { return index }
        }
        return nil
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }
}
