/// Where a running ``ClipServer`` accepts connections.
public struct ListeningAddress: Sendable, Hashable, CustomStringConvertible {
    /// The bound IP address, such as `127.0.0.1`.
    public let host: String
    /// The bound port (the real one when port 0 was asked for).
    public let port: Int

    /// Creates an address.
    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// The server's base URL, such as `http://127.0.0.1:8080`.
    public var url: String {
        host.contains(":") ? "http://[\(host)]:\(port)" : "http://\(host):\(port)"
    }

    /// The base URL.
    public var description: String { url }
}
