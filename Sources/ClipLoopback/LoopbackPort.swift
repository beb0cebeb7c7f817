import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// TCP ports on the loopback interface: a free one for a server to take, and whether one listens.
public enum LoopbackPort {
    /// A port that was free a moment ago: bound to 127.0.0.1 with port 0, read back, then released.
    public static func free() throws(PortError) -> Int {
        #if canImport(Glibc)
        let socketType = Int32(SOCK_STREAM.rawValue)
        #else
        let socketType = SOCK_STREAM
        #endif
        let descriptor = socket(AF_INET, socketType, 0)
        guard descriptor >= 0 else { throw PortError() }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0 else { throw PortError() }
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else { throw PortError() }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// No free port could be found.
    public struct PortError: Error, CustomStringConvertible {
        /// Creates the error.
        public init() {}

        /// What went wrong and what to check.
        public var description: String {
            "no free TCP port on 127.0.0.1: the system refused to bind one; check the loopback interface and open-file limits"
        }
    }

    /// Waits until something accepts TCP connections on `port`; false when `timeout` passes first.
    public static func waitUntilListening(_ port: Int, timeout: TimeInterval) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if isListening(port) { return true }
            try? await Task.sleep(nanoseconds: 25_000_000)
        }
        return false
    }

    /// Whether something accepts TCP connections on 127.0.0.1:`port` right now.
    public static func isListening(_ port: Int) -> Bool {
        #if canImport(Glibc)
        let socketType = Int32(SOCK_STREAM.rawValue)
        #else
        let socketType = SOCK_STREAM
        #endif
        let descriptor = socket(AF_INET, socketType, 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        return result == 0
    }
}
