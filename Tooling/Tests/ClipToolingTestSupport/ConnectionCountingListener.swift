import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP listener on a loopback address (127.0.0.2, 127.0.0.3, …) that stands in for an internal
/// service — a database admin port, a metadata endpoint — and counts every connection made to it.
///
/// It accepts, keeps the first bytes a client sends (so a test can see what would have reached
/// the service), and closes. A test asserts the count: 0 when the code under test must not reach
/// the network it runs in, more when a switch allows it. Only addresses in 127.0.0.0/8 are
/// accepted, so no test sends traffic anywhere else.
package final class ConnectionCountingListener: @unchecked Sendable {
    /// The address listened on, such as `127.0.0.2`.
    package let address: String
    /// The port the system picked.
    package let port: Int
    private let descriptor: Int32
    private let lock = NSLock()
    private var accepted = 0
    private var received: [Data] = []
    private var stopped = false
    private let done = DispatchSemaphore(value: 0)

    /// Why a listener could not start.
    package struct StartFailure: Error, CustomStringConvertible {
        /// What went wrong.
        package let description: String
    }

    /// Starts listening on `address` (in 127.0.0.0/8) on a free port.
    package init(address: String) throws {
        var socketAddress = sockaddr_in()
        socketAddress.sin_family = sa_family_t(AF_INET)
        guard inet_pton(AF_INET, address, &socketAddress.sin_addr) == 1, address.hasPrefix("127.") else {
            throw StartFailure(description: "\(address) is not a loopback IPv4 address")
        }
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw StartFailure(description: "no socket: errno \(errno)") }
        let bound = withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard bound == 0, listen(descriptor, 64) == 0, named == 0 else {
            close(descriptor)
            throw StartFailure(description: "cannot listen on \(address): errno \(errno)")
        }
        self.address = address
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: actual.sin_port))
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    deinit {
        stop()
    }

    /// How many connections were accepted so far.
    package var connectionCount: Int { lock.withLock { accepted } }

    /// The first bytes each connection sent, in order.
    package var receivedBytes: [Data] { lock.withLock { received } }

    /// `address:port`.
    package var hostAndPort: String { "\(address):\(port)" }

    /// Stops listening; waits for the accepting thread to end.
    package func stop() {
        let first: Bool = lock.withLock {
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        shutdown(descriptor, Int32(SHUT_RDWR))
        done.wait()
        close(descriptor)
    }

    private func acceptLoop() {
        defer { done.signal() }
        while !lock.withLock({ stopped }) {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            let client = accept(descriptor, nil, nil)
            guard client >= 0 else { continue }
            lock.withLock { accepted += 1 }
            // Keep what arrives within a short moment (a TLS hello, an HTTP request line), then close.
            var reader = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
            var bytes = [UInt8](repeating: 0, count: 4096)
            var data = Data()
            if poll(&reader, 1, 200) > 0 {
                let count = read(client, &bytes, bytes.count)
                if count > 0 { data = Data(bytes[0..<count]) }
            }
            lock.withLock { received.append(data) }
            close(client)
        }
    }
}
