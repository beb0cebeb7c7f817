#if canImport(NIOPosix)
import Foundation
import NIOCore
import NIOPosix
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a server may connect when someone else chose the destination: the write relays of a
/// relay list anyone can publish, the domain of a NIP-05 name anyone can put in a link or a
/// profile.
///
/// ``publicOnly`` resolves the host first, refuses it when any of its addresses is not public
/// unicast (``PublicAddress``), and hands back the checked addresses, which the caller connects to
/// by address, so a name cannot resolve to a public address for the check and to an internal one
/// for the connection (DNS rebinding). It also refuses plain-text connections: `ws://` and
/// `http://` are for relays and servers the operator names. ``unrestricted`` checks nothing, for
/// tests and private deployments whose relays and names live on a private network.
package struct OutboundPolicy: Sendable, Hashable, CustomStringConvertible {
    /// Whether loopback, private and other non-public addresses (and plain-text schemes) may be
    /// contacted.
    package var allowsPrivateAddresses: Bool

    /// Public unicast addresses only, over TLS only: for every request made on a visitor's behalf.
    package static let publicOnly = OutboundPolicy(allowsPrivateAddresses: false)
    /// No check: for tests and private deployments (`clipkit serve --allow-private-outbound`).
    package static let unrestricted = OutboundPolicy(allowsPrivateAddresses: true)

    /// The most addresses of one name that are checked and tried.
    package static let maximumAddresses = 16

    /// Creates a policy.
    package init(allowsPrivateAddresses: Bool) {
        self.allowsPrivateAddresses = allowsPrivateAddresses
    }

    /// `public-only` or `unrestricted`.
    package var description: String { allowsPrivateAddresses ? "unrestricted" : "public-only" }

    /// The addresses to connect to for `host` and `port`, every one of them checked.
    ///
    /// The name is resolved once, on NIO's thread pool (the system resolver blocks); literal
    /// addresses in any form the system resolver reads (`127.1`, `0x7f.1`, `2130706433`,
    /// `::ffff:127.0.0.1`) are read the same way and judged by the address they mean.
    ///
    /// - Throws: ``OutboundRefusal`` when the name does not resolve, or when any address it
    ///   resolves to is not public unicast.
    package func checkedAddresses(host: String, port: Int) async throws(OutboundRefusal) -> [SocketAddress] {
        let resolved: Result<[SocketAddress], OutboundRefusal>
        do {
            resolved = try await NIOThreadPool.singleton.runIfActive { Self.resolve(host: host, port: port, numericOnly: false) }
        } catch {
            throw .unresolvable(host: host, reason: "the resolver could not be started")
        }
        return try check(resolved.get(), host: host)
    }

    /// Checks addresses already resolved for `host`; the first refused one throws.
    package func check(_ addresses: [SocketAddress], host: String) throws(OutboundRefusal) -> [SocketAddress] {
        guard !allowsPrivateAddresses else { return addresses }
        for address in addresses {
            guard let ip = IPAddress(address) else { throw .notPublic(host: host, address: "\(address)", range: nil) }
            if let range = PublicAddress.refusedRange(of: ip) {
                throw .notPublic(host: host, address: ip.text, range: range)
            }
        }
        return addresses
    }

    /// Resolves `host` with the system resolver (`getaddrinfo`), at most ``maximumAddresses``
    /// addresses, without repeats. With `numericOnly`, only literal addresses are read and no name
    /// is looked up (for fuzzing and tests that must not touch DNS).
    package static func resolve(host: String, port: Int, numericOnly: Bool) -> Result<[SocketAddress], OutboundRefusal> {
        guard !host.isEmpty, host.utf8.count <= 253 + 2, !host.utf8.contains(0) else {
            return .failure(.unresolvable(host: host, reason: "it is not a host name"))
        }
        guard (1...65_535).contains(port) else {
            return .failure(.unresolvable(host: host, reason: "port \(port) is not a TCP port"))
        }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        hints.ai_flags = numericOnly ? AI_NUMERICHOST : 0
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, nil, &hints, &list)
        guard status == 0, let first = list else {
            let reason = String(cString: gai_strerror(status))
            return .failure(.unresolvable(host: host, reason: reason))
        }
        defer { freeaddrinfo(first) }
        var addresses: [SocketAddress] = []
        var seen: Set<IPAddress> = []
        var next: UnsafeMutablePointer<addrinfo>? = first
        while let entry = next, addresses.count < maximumAddresses {
            next = entry.pointee.ai_next
            guard let socketAddress = entry.pointee.ai_addr else { continue }
            let address: SocketAddress
            switch Int32(socketAddress.pointee.sa_family) {
            case AF_INET:
                var value = socketAddress.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee }
                value.sin_port = in_port_t(UInt16(port).bigEndian)
                address = SocketAddress(value, host: host)
            case AF_INET6:
                var value = socketAddress.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee }
                value.sin6_port = in_port_t(UInt16(port).bigEndian)
                address = SocketAddress(value, host: host)
            default:
                continue
            }
            guard let ip = IPAddress(address), seen.insert(ip).inserted else { continue }
            addresses.append(address)
        }
        guard !addresses.isEmpty else { return .failure(.unresolvable(host: host, reason: "it has no IPv4 or IPv6 address")) }
        return .success(addresses)
    }
}

/// Why a connection chosen by someone else was not made.
package enum OutboundRefusal: Error, LocalizedError, Sendable, Hashable, CustomStringConvertible {
    /// The host resolves to an address that is not public unicast; `range` names the
    /// special-purpose range (`nil` for an address of another family).
    case notPublic(host: String, address: String, range: PublicAddress.Range?)
    /// The host did not resolve.
    case unresolvable(host: String, reason: String)
    /// A plain-text scheme (`ws://`, `http://`) for a destination someone else chose.
    case plainText(url: String)

    /// What was refused and why, for a person.
    package var description: String {
        switch self {
        case .notPublic(let host, let address, let range):
            let what = range.map { "a \($0.name) address (\($0.network))" } ?? "not an internet address"
            let named = host == address ? address : "\(host) (\(address))"
            return "refused to connect to \(named): \(what); requests made for others reach public addresses only"
        case .unresolvable(let host, let reason):
            return "\(host) does not resolve: \(reason)"
        case .plainText(let url):
            return "refused \(url): a plain-text connection to a destination someone else named; only wss:// and https:// are used there"
        }
    }

    /// The description, for `localizedDescription`.
    package var errorDescription: String? { description }
}
#endif
