import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// TCP sockets on the loopback interface (127.0.0.1 unless ``LoopbackAddress/ipv6`` is asked for),
/// opened connected or bound: the descriptor work that the port probe, the test servers and the raw
/// HTTP client share. The caller closes what it gets.
package enum LoopbackSocket {
    /// A new socket connected to `address`:`port`; `nil` when nothing accepts there.
    ///
    /// - Parameter source: The IPv4 loopback address to connect from, such as `127.0.0.2`, so
    ///   that one machine can act as several clients; `nil` lets the system choose.
    package static func connected(toPort port: Int, on address: LoopbackAddress = .ipv4, from source: String? = nil) -> Int32? {
        guard let descriptor = openStream(address) else { return nil }
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            guard address == .ipv4, inet_pton(AF_INET, source, &local.sin_addr) == 1 else {
                close(descriptor)
                return nil
            }
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else {
                close(descriptor)
                return nil
            }
        }
        let result = withLoopbackAddress(address, port: port) { connect(descriptor, $0, $1) }
        guard result == 0 else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    /// A new socket bound to `address`:`port` (0 for a port the system picks); `nil` when the
    /// port cannot be bound.
    ///
    /// - Parameter reusesAddress: Sets `SO_REUSEADDR`, so a server can take a port that a closed
    ///   connection still holds in `TIME_WAIT`.
    package static func bound(toPort port: Int, on address: LoopbackAddress = .ipv4, reusesAddress: Bool = false) -> Int32? {
        guard let descriptor = openStream(address) else { return nil }
        if reusesAddress {
            var yes: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        }
        let result = withLoopbackAddress(address, port: port) { bind(descriptor, $0, $1) }
        guard result == 0 else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    /// The local port a bound socket holds (IPv4 or IPv6); `nil` when the system cannot tell.
    package static func localPort(of descriptor: Int32) -> Int? {
        var address = sockaddr_in6()
        var length = socklen_t(MemoryLayout<sockaddr_in6>.size)
        let result = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard result == 0 else { return nil }
        // sin_port and sin6_port sit at the same offset, after the family.
        return Int(UInt16(bigEndian: address.sin6_port))
    }

    /// Closes a descriptor this type handed out.
    package static func closeDescriptor(_ descriptor: Int32) {
        close(descriptor)
    }

    private static func openStream(_ address: LoopbackAddress) -> Int32? {
        let family = address == .ipv4 ? AF_INET : AF_INET6
        #if canImport(Glibc)
        let descriptor = socket(family, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(family, SOCK_STREAM, 0)
        #endif
        return descriptor >= 0 ? descriptor : nil
    }

    private static func withLoopbackAddress(
        _ loopback: LoopbackAddress, port: Int, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32
    ) -> Int32 {
        switch loopback {
        case .ipv4:
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            return withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        case .ipv6:
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = in_port_t(UInt16(port).bigEndian)
            _ = inet_pton(AF_INET6, "::1", &address.sin6_addr)
            return withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
        }
    }
}
