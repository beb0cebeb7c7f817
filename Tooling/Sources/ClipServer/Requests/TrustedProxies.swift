import ClipNostrWebSocket
import NIOCore

/// The reverse proxies, load balancers or CDN edges in front of ``ClipServer`` whose word about
/// the client is taken, and the header they write it in.
///
/// Behind a proxy every request comes from the proxy. When the TCP peer is in one of
/// ``networks``, the client is the rightmost address in the header that is not itself a trusted
/// proxy: each proxy appends the address it received the request from, so everything to the
/// right of that address was written by a trusted hop, and everything to its left came from the
/// client and may be forged. A request from any other peer is that peer, whatever its headers
/// say. The client so found names the per-client relay-work bucket (an IPv4 address, or an IPv6
/// /64) and the `client=` field of the request log.
///
/// Only one header is read: a proxy passes on the headers it does not write itself, so reading
/// another would let a client write its own address there.
package struct TrustedProxies: Sendable, Hashable {
    /// The header a trusted proxy writes the client's address in.
    package enum Header: String, Sendable, Hashable, CaseIterable {
        /// `X-Forwarded-For: client, proxy1, proxy2` (what nginx's `$proxy_add_x_forwarded_for`
        /// and Caddy's `reverse_proxy` write).
        case xForwardedFor = "x-forwarded-for"
        /// `Forwarded: for=client, for=proxy1` (RFC 7239).
        case forwarded

        /// The header's name, lower-cased.
        package var name: String { rawValue }
    }

    /// The proxies trusted, as networks in CIDR notation (`10.0.0.0/8`, `2001:db8::/32`, or one
    /// address).
    package var networks: [String] { trusted.map(\.description) }
    /// The header read from a trusted proxy.
    package let header: Header
    private let trusted: [IPNetwork]

    /// No proxy is trusted: the client is always the TCP peer.
    package static let none = TrustedProxies(trusted: [], header: .xForwardedFor)

    private init(trusted: [IPNetwork], header: Header) {
        self.trusted = trusted
        self.header = header
    }

    /// Trusts the proxies in `networks`.
    ///
    /// - Parameters:
    ///   - networks: Networks in CIDR notation, or single addresses.
    ///   - header: The header those proxies write the client's address in.
    /// - Throws: ``TrustedProxyError`` naming the first network that is not one.
    package init(networks: [String], header: Header = .xForwardedFor) throws(TrustedProxyError) {
        var trusted: [IPNetwork] = []
        for network in networks { trusted.append(try IPNetwork(parsing: network)) }
        self.init(trusted: trusted, header: header)
    }

    /// Whether any proxy is trusted.
    package var isEmpty: Bool { trusted.isEmpty }

    /// Whether `address` is a trusted proxy.
    package func trusts(_ address: IPAddress) -> Bool {
        trusted.contains { $0.contains(address) }
    }

    /// The client a request counts as: the peer, or, when the peer is a trusted proxy, the
    /// rightmost address in `headerValues` (the field lines of ``header``, in order) that is not a
    /// trusted proxy.
    ///
    /// An entry that is no address (`unknown`, an obfuscated name, anything malformed) stops the
    /// walk: the request counts as the trusted hop that reported it, which never lets a client
    /// choose its own bucket. When every entry is a trusted proxy, the leftmost counts.
    package func client(peer: IPAddress?, headerValues: [Substring]) -> IPAddress? {
        guard let peer, !trusted.isEmpty, trusts(peer), !headerValues.isEmpty else { return peer }
        var reporter = peer
        for node in Self.nodes(in: headerValues, header: header).reversed() {
            guard let address = Self.address(ofNode: node) else { return reporter }
            guard trusts(address) else { return address }
            reporter = address
        }
        return reporter
    }

    /// The hops the header lists, left to right, each as the text that names it (`for=` of a
    /// `Forwarded` element; an `X-Forwarded-For` entry), unquoted; an empty text for a
    /// `Forwarded` element without `for=`.
    package static func nodes(in values: [Substring], header: Header) -> [Substring] {
        var nodes: [Substring] = []
        for value in values {
            switch header {
            case .xForwardedFor:
                for entry in value.split(separator: ",", omittingEmptySubsequences: false) {
                    nodes.append(trimmed(entry))
                }
            case .forwarded:
                for element in split(value, at: ",") {
                    var node: Substring = ""
                    for pair in split(element, at: ";") {
                        let pair = trimmed(pair)
                        guard let equals = pair.firstIndex(of: "="),
                              pair[..<equals].lowercased() == "for" else { continue }
                        node = unquoted(pair[pair.index(after: equals)...])
                    }
                    nodes.append(node)
                }
            }
        }
        return nodes
    }

    /// The address a node names: `192.0.2.7`, `192.0.2.7:4711`, `2001:db8::7`, `[2001:db8::7]`
    /// or `[2001:db8::7]:4711`; `nil` for `unknown`, an obfuscated name or anything else.
    package static func address(ofNode node: Substring) -> IPAddress? {
        if node.first == "[" {
            guard let close = node.firstIndex(of: "]") else { return nil }
            let rest = node[node.index(after: close)...]
            guard rest.isEmpty || (rest.first == ":" && rest.dropFirst().allSatisfy(\.isNumber)) else { return nil }
            let inside = node[node.index(after: node.startIndex)..<close]
            guard let address = IPAddress(text: inside), !address.isIPv4 || inside.contains(":") else { return nil }
            return address
        }
        if let address = IPAddress(text: node) { return address }
        // An IPv4 address with a port: exactly one colon.
        guard let colon = node.firstIndex(of: ":"), node[node.index(after: colon)...].allSatisfy(\.isNumber),
              !node[node.index(after: colon)...].isEmpty,
              let address = IPAddress(text: node[..<colon]), address.isIPv4
        else { return nil }
        return address
    }

    /// `text` split at `separator` where it is not inside a quoted string.
    private static func split(_ text: Substring, at separator: Character) -> [Substring] {
        var parts: [Substring] = []
        var start = text.startIndex
        var quoted = false
        var escaped = false
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if escaped {
                escaped = false
            } else if quoted, character == "\\" {
                escaped = true
            } else if character == "\"" {
                quoted.toggle()
            } else if !quoted, character == separator {
                parts.append(text[start..<index])
                start = text.index(after: index)
            }
            index = text.index(after: index)
        }
        parts.append(text[start...])
        return parts
    }

    /// A token as is, or the content of a quoted string with its escapes undone.
    private static func unquoted(_ value: Substring) -> Substring {
        let value = trimmed(value)
        guard value.count >= 2, value.first == "\"", value.last == "\"" else { return value }
        var result = ""
        var escaped = false
        for character in value.dropFirst().dropLast() {
            if !escaped, character == "\\" {
                escaped = true
                continue
            }
            escaped = false
            result.append(character)
        }
        return Substring(result)
    }

    private static func trimmed(_ text: Substring) -> Substring {
        var text = text
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}

/// A `--trusted-proxy` network that is not one.
package enum TrustedProxyError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text is not an IPv4 or IPv6 address (before any `/`).
    case notAnAddress(String)
    /// The prefix length is not a number from 0 to the address's bits.
    case badPrefixLength(String, maximum: Int)
    /// Bits are set after the prefix: `network` is what the prefix keeps.
    case hostBitsSet(String, network: String)

    /// What is wrong and what to give instead.
    package var description: String {
        switch self {
        case .notAnAddress(let text):
            return "'\(text)' is not a network: give an IPv4 or IPv6 address, optionally with a prefix length (10.0.0.0/8, 2001:db8::/32, 127.0.0.1)"
        case .badPrefixLength(let text, let maximum):
            return "'\(text)' has no valid prefix length: give a number from 0 to \(maximum) after the '/'"
        case .hostBitsSet(let text, let network):
            return "'\(text)' has bits set after its prefix: write the network as \(network)"
        }
    }
}

extension IPNetwork {
    /// Parses `text`, a network in CIDR notation or a single address.
    ///
    /// - Throws: ``TrustedProxyError`` naming what is wrong: not an address, a prefix length out
    ///   of range, or bits set after the prefix (`10.1.0.0/8`, which is most likely a typo).
    package init(parsing text: String) throws(TrustedProxyError) {
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
        guard let network = IPNetwork(address: address, prefixLength: prefixLength) else {
            let masked = IPAddress(normalizing: Self.masked(address.bytes, prefixLength: prefixLength))
            throw .hostBitsSet(text, network: "\(masked.text)/\(prefixLength)")
        }
        self = network
    }
}
