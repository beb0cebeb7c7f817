#if canImport(NIOPosix)
@_spi(ClipKitTooling) import ClipNostr
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a relay URL points, in the pieces a connection needs: the address to connect to, whether
/// to speak TLS, the name (if any) to send in SNI and check the certificate against, and the
/// request line and `Host` header of the WebSocket upgrade.
package struct RelayEndpoint: Sendable, Equatable {
    /// The host to connect to: a name, or an IP address without brackets.
    package let host: String
    /// The TCP port.
    package let port: Int
    /// Whether the connection uses TLS (`wss://`).
    package let isSecure: Bool
    /// Whether ``host`` is an IPv4 or IPv6 address rather than a name.
    package let isIPAddress: Bool
    /// The request target of the upgrade: path and query, `/` when the URL has no path.
    package let requestTarget: String
    /// The `Host` header: the host (IPv6 in brackets) and the port when the URL gives one.
    package let hostHeader: String

    /// The name sent in the TLS Server Name Indication: `nil` for an IP address, which RFC 6066
    /// does not allow there; the certificate is then checked against the address itself.
    package var serverName: String? { isIPAddress ? nil : host }

    /// Takes `relay` apart.
    package init(_ relay: RelayURL) throws(RelayTransportError) {
        guard let components = URLComponents(string: relay.string), let written = components.percentEncodedHost,
              !written.isEmpty
        else {
            throw .connectionFailed("the relay URL \(relay.string) has no host")
        }
        isSecure = components.scheme?.lowercased() == "wss"
        let bracketed = written.hasPrefix("[") && written.hasSuffix("]")
        let bare = bracketed ? String(written.dropFirst().dropLast()) : written
        let isIPv6 = Self.isIPv6Address(bare)
        if bracketed, !isIPv6 {
            throw .connectionFailed("the relay URL's host \(written) is not an IPv6 address")
        }
        host = bare
        isIPAddress = isIPv6 || Self.isIPv4Address(bare)
        port = components.port ?? (isSecure ? 443 : 80)
        let path = components.percentEncodedPath
        requestTarget = (path.isEmpty ? "/" : path) + (components.percentEncodedQuery.map { "?\($0)" } ?? "")
        let hostPart = isIPv6 ? "[\(bare)]" : bare
        hostHeader = components.port.map { "\(hostPart):\($0)" } ?? hostPart
    }

    /// Whether `text` is a dotted-quad IPv4 address.
    static func isIPv4Address(_ text: String) -> Bool {
        var address = in_addr()
        return text.withCString { inet_pton(AF_INET, $0, &address) } == 1
    }

    /// Whether `text` is an IPv6 address (without brackets or zone).
    static func isIPv6Address(_ text: String) -> Bool {
        var address = in6_addr()
        return text.withCString { inet_pton(AF_INET6, $0, &address) } == 1
    }
}
#endif
