/// Which loopback address a socket or server uses: `127.0.0.1` or `::1`.
package enum LoopbackAddress: Sendable, Equatable, CaseIterable {
    /// `127.0.0.1`.
    case ipv4
    /// `::1`.
    case ipv6

    /// The address as text, without brackets: `127.0.0.1` or `::1`.
    package var text: String {
        switch self {
        case .ipv4: return "127.0.0.1"
        case .ipv6: return "::1"
        }
    }

    /// The address as a URL writes it: `127.0.0.1` or `[::1]`.
    package var urlHost: String {
        switch self {
        case .ipv4: return text
        case .ipv6: return "[\(text)]"
        }
    }

    /// Whether this machine has the address: a socket can be bound to it.
    package var isAvailable: Bool {
        guard let descriptor = LoopbackSocket.bound(toPort: 0, on: self) else { return false }
        LoopbackSocket.closeDescriptor(descriptor)
        return true
    }
}
