import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// TCP sockets on 127.0.0.1, opened connected or bound: the descriptor work that the port probe,
/// the test servers and the raw HTTP client share. The caller closes what it gets.
public enum LoopbackSocket {
    /// A new socket connected to 127.0.0.1:`port`; `nil` when nothing accepts there.
    public static func connected(toPort port: Int) -> Int32? {
        guard let descriptor = openStream() else { return nil }
        let result = withLoopbackAddress(port: port) { connect(descriptor, $0, $1) }
        guard result == 0 else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    /// A new socket bound to 127.0.0.1:`port` (0 for a port the system picks); `nil` when the
    /// port cannot be bound.
    ///
    /// - Parameter reusesAddress: Sets `SO_REUSEADDR`, so a server can take a port that a closed
    ///   connection still holds in `TIME_WAIT`.
    public static func bound(toPort port: Int, reusesAddress: Bool = false) -> Int32? {
        guard let descriptor = openStream() else { return nil }
        if reusesAddress {
            var yes: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        }
        let result = withLoopbackAddress(port: port) { bind(descriptor, $0, $1) }
        guard result == 0 else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    /// The local port a bound socket holds; `nil` when the system cannot tell.
    public static func localPort(of descriptor: Int32) -> Int? {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let result = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard result == 0 else { return nil }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func openStream() -> Int32? {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        return descriptor >= 0 ? descriptor : nil
    }

    private static func withLoopbackAddress(
        port: Int, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32
    ) -> Int32 {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
    }
}
