import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// TCP ports on the loopback interface: a free one for a server to take, and whether one listens.
package enum LoopbackPort {
    /// A port that was free a moment ago: bound to 127.0.0.1 with port 0, read back, then released.
    package static func free() throws(PortError) -> Int {
        guard let descriptor = LoopbackSocket.bound(toPort: 0) else { throw PortError() }
        defer { close(descriptor) }
        guard let port = LoopbackSocket.localPort(of: descriptor) else { throw PortError() }
        return port
    }

    /// No free port could be found.
    package struct PortError: Error, CustomStringConvertible {
        /// Creates the error.
        package init() {}

        /// What went wrong and what to check.
        package var description: String {
            "no free TCP port on 127.0.0.1: the system refused to bind one; check the loopback interface and open-file limits"
        }
    }

    /// Waits until something accepts TCP connections on `address`:`port`; false when `timeout`
    /// passes first.
    ///
    /// The port is checked once more after the deadline: a task resumed late (a busy machine, a
    /// cooperative pool whose threads other work holds) would otherwise give up on a server that
    /// was listening all along.
    package static func waitUntilListening(_ port: Int, on address: LoopbackAddress = .ipv4, timeout: TimeInterval) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if isListening(port, on: address) { return true }
            if Date() >= deadline { return false }
            try? await Task.sleep(nanoseconds: 25_000_000)
        }
    }

    /// Whether something accepts TCP connections on `address`:`port` right now.
    package static func isListening(_ port: Int, on address: LoopbackAddress = .ipv4) -> Bool {
        guard let descriptor = LoopbackSocket.connected(toPort: port, on: address) else { return false }
        close(descriptor)
        return true
    }
}
