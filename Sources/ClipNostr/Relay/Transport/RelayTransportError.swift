/// Why a connection to a relay failed.
public enum RelayTransportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The connection could not be opened (DNS, TCP, TLS or the WebSocket handshake failed).
    case connectionFailed(String)
    /// The relay sent a frame larger than the transport's limit; the connection was closed.
    case frameTooLarge(limit: Int)
    /// The relay broke the WebSocket protocol (for example a binary or malformed frame).
    case protocolViolation(String)
    /// The connection closed before it was open, or while sending.
    case notConnected
    /// The connection dropped without a WebSocket close.
    case disconnected(String)
    /// The task waiting for the connection was cancelled.
    case cancelled

    /// What went wrong, for a person.
    public var description: String {
        switch self {
        case .connectionFailed(let reason): return "could not connect: \(reason)"
        case .frameTooLarge(let limit): return "the relay sent a frame larger than \(limit) bytes; the connection was closed"
        case .protocolViolation(let reason): return "the relay broke the WebSocket protocol: \(reason)"
        case .notConnected: return "the connection is not open"
        case .disconnected(let reason): return "the connection dropped: \(reason)"
        case .cancelled: return "the connection was cancelled"
        }
    }
}
