import NIOCore

/// An IPv4 or IPv6 address as its bytes, 4 or 16 of them. An IPv4-mapped IPv6 address
/// (`::ffff:a.b.c.d`) is that IPv4 address: a dual-stack socket reports IPv4 peers that way.
struct IPAddress: Hashable, Sendable {
    /// The address in network order: 4 bytes for IPv4, 16 for IPv6.
    let bytes: [UInt8]

    /// Whether it is an IPv4 address.
    var isIPv4: Bool { bytes.count == 4 }

    fileprivate init(normalizing bytes: [UInt8]) {
        if bytes.count == 16, bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
            self.bytes = Array(bytes[12..<16])
        } else {
            self.bytes = bytes
        }
    }

    /// The address of a socket; `nil` for a Unix domain socket.
    init?(_ address: SocketAddress?) {
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
    init?(text: some StringProtocol) {
        // The longest IPv6 text (with an embedded IPv4 address) has 45 characters.
        guard !text.isEmpty, text.utf8.count <= 45,
              text.utf8.allSatisfy({ $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") || ($0 < 0x80 && Character(Unicode.Scalar($0)).isHexDigit) }),
              let address = try? SocketAddress(ipAddress: String(text), port: 0)
        else { return nil }
        self.init(address)
    }

    /// The address as text: dotted IPv4, or IPv6 in groups of hexadecimal digits.
    var text: String {
        if isIPv4 { return bytes.map(String.init).joined(separator: ".") }
        return stride(from: 0, to: 16, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
            .joined(separator: ":")
    }
}

/// A network in CIDR notation, such as `10.0.0.0/8` or `2001:db8::/32`; an address alone is a
/// network of that one address.
struct IPNetwork: Hashable, Sendable, CustomStringConvertible {
    /// The network's first address.
    let address: IPAddress
    /// How many leading bits an address shares with ``address`` to be in the network.
    let prefixLength: Int

    /// Parses `text`.
    ///
    /// - Throws: ``TrustedProxyError`` naming what is wrong: not an address, a prefix length out
    ///   of range, or bits set after the prefix (`10.1.0.0/8`, which is most likely a typo).
    init(parsing text: String) throws(TrustedProxyError) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let address = IPAddress(text: parts[0]) else { throw .notAnAddress(text) }
        let bits = address.bytes.count * 8
        var prefixLength = bits
        if parts.count == 2 {
            guard let length = Int(parts[1]), parts[1].allSatisfy(\.isASCII), (0...bits).contains(length) else {
                throw .badPrefixLength(text, maximum: bits)
            }
            prefixLength = length
        }
        let network = Self.masked(address.bytes, prefixLength: prefixLength)
        guard network == address.bytes else {
            throw .hostBitsSet(text, network: "\(IPAddress(normalizing: network).text)/\(prefixLength)")
        }
        self.address = address
        self.prefixLength = prefixLength
    }

    /// Whether `candidate` is in the network (never, for an address of the other family).
    func contains(_ candidate: IPAddress) -> Bool {
        candidate.bytes.count == address.bytes.count && Self.masked(candidate.bytes, prefixLength: prefixLength) == address.bytes
    }

    /// The network in CIDR notation.
    var description: String { "\(address.text)/\(prefixLength)" }

    private static func masked(_ bytes: [UInt8], prefixLength: Int) -> [UInt8] {
        bytes.enumerated().map { index, byte in
            let kept = min(8, max(0, prefixLength - index * 8))
            return kept == 0 ? 0 : byte & UInt8(truncatingIfNeeded: 0xFF << (8 - kept))
        }
    }
}
