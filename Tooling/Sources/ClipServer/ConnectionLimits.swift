#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Caps on the connections a ``ClipServer`` holds open, so that no number of idle or slow
/// sockets can take every file descriptor the process has.
///
/// Up to ``maximumConnections`` connections are served normally, at most
/// ``maximumConnectionsPerClient`` of them from one client (an IPv4 address, or an IPv6 /64, of
/// the TCP peer; a trusted proxy counts for no client). Past either cap, a connection takes a
/// place in the ``reserve``: its one request gets a fast `503 Service Unavailable`
/// (`Connection: close`, `Retry-After`), or the health answer when it asks for `/healthz`, and
/// the connection ends; its head must come within 5 seconds. One client holds at most a quarter
/// of the reserve (``reservePerClient``). A connection past the reserve too is closed as soon as
/// it is accepted.
///
/// The defaults (``init(descriptorLimit:)``) come from the process's descriptor limit
/// (`RLIMIT_NOFILE`), and keep descriptors back for relay connections, files and the server
/// itself (``descriptorsKept(forLimit:)``).
package struct ConnectionLimits: Sendable, Hashable {
    /// The most connections served normally at once.
    package var maximumConnections: Int
    /// The most connections one client holds open that are served normally; a trusted proxy has no cap.
    package var maximumConnectionsPerClient: Int
    /// The connections accepted past a cap, each to answer one request: `/healthz`, or a 503.
    package var reserve: Int

    /// Creates caps; each is at least 1, the reserve at least 0.
    package init(maximumConnections: Int, maximumConnectionsPerClient: Int, reserve: Int) {
        self.maximumConnections = max(1, maximumConnections)
        self.maximumConnectionsPerClient = max(1, maximumConnectionsPerClient)
        self.reserve = max(0, reserve)
    }

    /// The caps for a process that may hold `descriptorLimit` descriptors: the reserve is a
    /// thirty-second of them (8 to 256), ``descriptorsKept(forLimit:)`` stay out of reach of
    /// clients, the rest are connections, and one client may hold an eighth of those (16 to 512).
    ///
    /// At the usual soft limit of 1,024: 864 connections, 108 per client, a reserve of 32, and
    /// 128 descriptors kept.
    package init(descriptorLimit: Int) {
        let limit = max(1, descriptorLimit)
        let reserve = min(256, max(8, limit / 32))
        let connections = max(1, limit - Self.descriptorsKept(forLimit: limit) - reserve)
        self.init(
            maximumConnections: connections, maximumConnectionsPerClient: min(512, max(16, connections / 8)), reserve: reserve
        )
    }

    /// The caps ``init(descriptorLimit:)`` derives from this process's descriptor limit.
    package static func derived() -> ConnectionLimits {
        ConnectionLimits(descriptorLimit: processDescriptorLimit())
    }

    /// The descriptors kept out of reach of clients: for relay connections (shared and per
    /// lookup), files, the listening socket, standard streams and the event loops. An eighth of
    /// the limit, 64 to 4,096.
    package static func descriptorsKept(forLimit limit: Int) -> Int {
        min(4096, max(64, limit / 8))
    }

    /// The most reserve places one client holds at once: a quarter of the reserve, at least 1.
    package var reservePerClient: Int { max(1, reserve / 4) }

    /// The soft limit on open descriptors (`getrlimit(RLIMIT_NOFILE)`); 1,024 when it cannot be
    /// read, and 1,048,576 when it is unlimited or higher.
    package static func processDescriptorLimit() -> Int {
        var limit = rlimit()
        #if canImport(Glibc)
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
        let resource = RLIMIT_NOFILE
        #endif
        guard getrlimit(resource, &limit) == 0 else { return 1024 }
        let ceiling: UInt64 = 1 << 20
        return Int(min(UInt64(limit.rlim_cur), ceiling))
    }
}
