import ClipLoopback
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP connection to the loopback server that a test holds open, writes to a piece at a time
/// and reads from when it chooses: for connections that stay silent, requests whose body never
/// comes, and clients at other loopback addresses (`127.0.0.2`, `127.0.0.3`).
///
/// Reads block a thread of their own, never the concurrency pool the in-process server also needs.
final class RawConnection: @unchecked Sendable {
    private let descriptor: Int32
    private let lock = NSLock()
    private var isOpen = true

    /// Connects to `127.0.0.1:port`, from `source` when given.
    init(port: Int, from source: String? = nil) throws {
        guard let descriptor = LoopbackSocket.connected(toPort: port, from: source) else { throw RawHTTPError.connect }
        self.descriptor = descriptor
        var interval = timeval(tv_sec: 0, tv_usec: 100_000)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close() }

    /// Sends `text`; false when the server no longer takes bytes, or the connection was closed
    /// here (the descriptor is never used after that: the system may have handed its number on).
    @discardableResult
    func write(_ text: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard isOpen else { return false }
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let written = bytes[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written <= 0 { return false }
            sent += written
        }
        return true
    }

    /// Sends each piece after its delay, timed on a thread of its own (not on the concurrency
    /// pool, whose threads other tests may hold for a while); false when the server stopped
    /// taking bytes.
    func write(_ pieces: [(after: Duration, text: String)]) async -> Bool {
        await withCheckedContinuation { continuation in
            Thread {
                for piece in pieces {
                    Thread.sleep(forTimeInterval: Double(piece.after.components.seconds) + Double(piece.after.components.attoseconds) / 1e18)
                    if !self.write(piece.text) {
                        continuation.resume(returning: false)
                        return
                    }
                }
                continuation.resume(returning: true)
            }.start()
        }
    }

    /// Reads until one whole response has come, the server closes, or `timeout` passes.
    func response(timeout: Duration = .seconds(5)) async -> RawHTTPResponse {
        await read(timeout: timeout, untilClose: false).response
    }

    /// Reads until the server closes the connection or `timeout` passes; `closedAt` is when the
    /// close came (`nil` when it did not).
    func waitForClose(timeout: Duration) async -> (response: RawHTTPResponse, closedAt: ContinuousClock.Instant?) {
        await read(timeout: timeout, untilClose: true)
    }

    /// Closes the connection (once).
    func close() {
        lock.lock()
        defer { lock.unlock() }
        guard isOpen else { return }
        isOpen = false
        LoopbackSocket.closeDescriptor(descriptor)
    }

    private func read(timeout: Duration, untilClose: Bool) async -> (response: RawHTTPResponse, closedAt: ContinuousClock.Instant?) {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: self.blockingRead(timeout: timeout, untilClose: untilClose)) }.start()
        }
    }

    private func blockingRead(timeout: Duration, untilClose: Bool) -> (response: RawHTTPResponse, closedAt: ContinuousClock.Instant?) {
        let clock = ContinuousClock()
        let started = clock.now
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var closedAt: ContinuousClock.Instant?
        while clock.now - started < timeout {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count == 0 || (count < 0 && errno == ECONNRESET) {
                closedAt = clock.now
                break
            }
            if count < 0 {
                if errno == EAGAIN || errno == EWOULDBLOCK { continue }
                break
            }
            received.append(contentsOf: buffer[0..<count])
            if !untilClose, RawHTTP.isComplete(received) { break }
        }
        var response = RawHTTP.parse(received)
        response.closedByServer = closedAt != nil
        return (response, closedAt)
    }
}
