/// Where a running ``ClipServer`` accepts connections.
package struct ListeningAddress: Sendable, Hashable, CustomStringConvertible {
    /// The bound IP address, such as `127.0.0.1`.
    package let host: String
    /// The bound port (the real one when port 0 was asked for).
    package let port: Int

    /// Creates an address.
    package init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// The server's base URL, such as `http://127.0.0.1:8080`.
    package var url: String {
        host.contains(":") ? "http://[\(host)]:\(port)" : "http://\(host):\(port)"
    }

    /// The base URL.
    package var description: String { url }
}
