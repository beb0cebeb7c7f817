import NIOCore

/// An IPv4 or IPv6 address as its bytes, 4 or 16 of them. An IPv4-mapped IPv6 address
/// (`::ffff:a.b.c.d`) is that IPv4 address: a dual-stack socket reports IPv4 peers that way.
package struct IPAddress: Hashable, Sendable {
    /// The address in network order: 4 bytes for IPv4, 16 for IPv6.
    package let bytes: [UInt8]

    /// Whether it is an IPv4 address.
    package var isIPv4: Bool { bytes.count == 4 }

    /// The address of `bytes` (4 or 16 of them); an IPv4-mapped IPv6 address becomes its IPv4 address.
    package init(normalizing bytes: [UInt8]) {
        if bytes.count == 16, bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
            self.bytes = Array(bytes[12..<16])
        } else {
            self.bytes = bytes
        }
    }

    /// The address of a socket; `nil` for a Unix domain socket.
    package init?(_ address: SocketAddress?) {
        switch address {
        case .v4(let v4):
            var raw = v4.address.sin_addr
            self.init(normalizing: withUnsafeBytes(of: &raw) { Array($0) })
        case .v6(let v6):
            var raw = v6.address.sin6_addr
            self.init(normalizing: withUnsafeBytes(of: &raw) { Array($0) })
        case .unixDomainSocket, .none:
            return nil
        }
    }

    /// An address written as text: `192.0.2.7` or `2001:db8::7`, without brackets, port or zone;
    /// `nil` for anything else.
    package init?(text: some StringProtocol) {
        // The longest IPv6 text (with an embedded IPv4 address) has 45 characters.
        guard !text.isEmpty, text.utf8.count <= 45,
              text.utf8.allSatisfy({ $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") || ($0 < 0x80 && Character(Unicode.Scalar($0)).isHexDigit) }),
              let address = try? SocketAddress(ipAddress: String(text), port: 0)
        else { return nil }
        self.init(address)
    }

    /// The address as text: dotted IPv4, or IPv6 in groups of hexadecimal digits.
    package var text: String {
        if isIPv4 { return bytes.map(String.init).joined(separator: ".") }
        return stride(from: 0, to: 16, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
            .joined(separator: ":")
    }
}

/// A network in CIDR notation, such as `10.0.0.0/8` or `2001:db8::/32`; an address alone is a
/// network of that one address.
package struct IPNetwork: Hashable, Sendable, CustomStringConvertible {
    /// The network's first address.
    package let address: IPAddress
    /// How many leading bits an address shares with ``address`` to be in the network.
    package let prefixLength: Int

    /// The network of `address`'s first `prefixLength` bits; `nil` when bits after the prefix are
    /// set or the length does not fit the family.
    package init?(address: IPAddress, prefixLength: Int) {
        guard (0...address.bytes.count * 8).contains(prefixLength),
              Self.masked(address.bytes, prefixLength: prefixLength) == address.bytes
        else { return nil }
        self.address = address
        self.prefixLength = prefixLength
    }

    /// Whether `candidate` is in the network (never, for an address of the other family).
    package func contains(_ candidate: IPAddress) -> Bool {
        candidate.bytes.count == address.bytes.count && Self.masked(candidate.bytes, prefixLength: prefixLength) == address.bytes
    }

    /// The network in CIDR notation.
    package var description: String { "\(address.text)/\(prefixLength)" }

    package static func masked(_ bytes: [UInt8], prefixLength: Int) -> [UInt8] {
        bytes.enumerated().map { index, byte in
            let kept = min(8, max(0, prefixLength - index * 8))
            return kept == 0 ? 0 : byte & UInt8(truncatingIfNeeded: 0xFF << (8 - kept))
        }
    }
}
