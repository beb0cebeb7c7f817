import ClipNostrWebSocket
import Foundation
import NIOCore

/// Counts a server's open connections, overall and per client, and decides at each new
/// connection how it is served (see ``ConnectionLimits``).
///
/// The count changes only when a connection opens or closes, never per request, so the lock is
/// off the path of requests on an open connection.
package final class ConnectionGate: @unchecked Sendable {
    /// How a new connection is served.
    package enum Admission: Sendable, Equatable {
        /// Within every cap: served normally.
        case served
        /// Past a cap, in the reserve: its one request gets `/healthz` or a 503, then it ends.
        case reserve
        /// Past the reserve too: closed at once.
        case refused
    }

    /// A connection's place, given back with ``release(_:)`` when it closes.
    package struct Ticket: Sendable {
        /// How the connection is served.
        package let admission: Admission
        /// The client it counts for; `nil` for none (a trusted proxy, a Unix socket).
        fileprivate let client: String?
    }

    /// A client's connections: served normally, and in the reserve.
    private struct ClientCount {
        package var served = 0
        package var reserve = 0
    }

    private let limits: ConnectionLimits
    private let trustedProxies: TrustedProxies
    private let lock = NSLock()
    private var served = 0
    private var reserve = 0
    private var clients: [String: ClientCount] = [:]

    package init(limits: ConnectionLimits, trustedProxies: TrustedProxies) {
        self.limits = limits
        self.trustedProxies = trustedProxies
    }

    /// Takes a place for a connection from `peer` (its TCP peer, whatever a proxy header says).
    package func admit(peer: SocketAddress?) -> Ticket {
        let address = IPAddress(peer)
        // A trusted proxy carries many clients' connections: only the overall cap applies to it.
        let client = address.flatMap { trustedProxies.trusts($0) ? nil : ClientKey.of($0) }
        lock.lock()
        defer { lock.unlock() }
        let count = client.flatMap { clients[$0] } ?? ClientCount()
        if served < limits.maximumConnections, count.served < limits.maximumConnectionsPerClient {
            served += 1
            if let client { clients[client, default: ClientCount()].served += 1 }
            return Ticket(admission: .served, client: client)
        }
        if reserve < limits.reserve, client == nil || count.reserve < limits.reservePerClient {
            reserve += 1
            if let client { clients[client, default: ClientCount()].reserve += 1 }
            return Ticket(admission: .reserve, client: client)
        }
        return Ticket(admission: .refused, client: nil)
    }

    /// Gives back the place `ticket` took.
    package func release(_ ticket: Ticket) {
        lock.lock()
        defer { lock.unlock() }
        switch ticket.admission {
        case .served: served -= 1
        case .reserve: reserve -= 1
        case .refused: return
        }
        guard let client = ticket.client, var count = clients[client] else { return }
        if ticket.admission == .served { count.served -= 1 } else { count.reserve -= 1 }
        if count.served <= 0, count.reserve <= 0 {
            clients[client] = nil
        } else {
            clients[client] = count
        }
    }

    /// The connections open now: served normally, and in the reserve.
    package var openConnections: (served: Int, reserve: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (served, reserve)
    }
}
