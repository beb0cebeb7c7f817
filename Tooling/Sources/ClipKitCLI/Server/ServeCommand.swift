import ArgumentParser
import ClipAASA
@_spi(ClipKitTooling) import ClipKit
import ClipNostr
import ClipNostrWebSocket
import ClipServer
import ClipSite
import Foundation
import Logging
import NIOCore

/// `clipkit serve`: run the link-domain server.
package struct ServeCommand: AsyncParsableCommand {
    /// The command's name and summary.
    package static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the link domain: the AASA file, share pages with Smart App Banner and previews, and /healthz.",
        discussion: """
            Prints the listening address once it accepts connections (with --json, one JSON object: listening, host, \
            port); request logs go to standard error. SIGINT or SIGTERM stops it gracefully.

            Outbound requests made for visitors (docs/link-domain.md lists them): profile lookups on the --relay or \
            manifest relays; the author's write relays from their published relay list (--write-relays, 0 turns them \
            off); NIP-05 documents (--nip05 off turns them off). Write relays and NIP-05 domains are chosen by whoever \
            publishes the events or writes the link, so they are resolved first and contacted only at public unicast \
            addresses, by the address checked, over TLS (--allow-private-outbound lifts this for private deployments).
            """
    )

    /// The address to bind.
    @Option(name: .long, help: "The address to listen on.")
    package var host: String = "127.0.0.1"

    /// The port; 0 picks a free one.
    @Option(name: .long, parsing: .unconditional, help: "The TCP port, 0 to 65535 (0 picks a free one).")
    package var port: Int = 8080

    /// How much to log.
    @Option(name: .long, help: "Log level: trace, debug, info, notice, warning, error or critical. Requests are logged at info.")
    package var logLevel: String = "info"

    /// Relays that replace the manifest's for previews.
    @Option(name: .customLong("relay"), help: "A relay for previews instead of the manifest's (wss://, or ws:// on loopback); repeat for more.")
    package var relays: [String] = []

    /// The most of an author's write relays a preview lookup asks.
    @Option(name: .customLong("write-relays"), help: ArgumentHelp(
        "Relay work: the most of an author's write relays (their kind 10002 relay list) a preview lookup asks when the given relays have no profile or only a stale one, each on a connection of its own closed after the lookup, within the lookup's deadline; 0 asks only the given relays (default 3).",
        valueName: "N"
    ))
    package var writeRelays: Int = 3

    /// Whether share pages look NIP-05 names up.
    @Option(name: .customLong("nip05"), help: ArgumentHelp(
        "Outbound requests: on looks NIP-05 names up (https://DOMAIN/.well-known/nostr.json for a name in a share URL, and each previewed profile's nip05 field) at public addresses only, no redirects, 64 KiB, 5 s; off makes no NIP-05 request, shows no address, and a share URL that names a person by NIP-05 address gets the page without a preview.",
        valueName: "on|off"
    ))
    package var nip05: Switch = .on

    /// Whether requests made for visitors may reach private addresses.
    @Flag(name: .customLong("allow-private-outbound"), help: ArgumentHelp(
        "Outbound requests: let the write relays of relay lists and NIP-05 domains be loopback, private or other non-public addresses, and ws:// relays. Off by default: what anyone can publish would otherwise make the server connect into its own network. For tests and private deployments only; the --relay relays and the manifest's are the operator's and are never checked."
    ))
    package var allowPrivateOutbound = false

    /// The most relay subscriptions in flight per relay, which is also the most profile lookups at once.
    @Option(name: .long, help: "Relay work: the most profile lookups in flight, each two subscriptions (profile and relay list) on each relay's shared connection.")
    package var relaySubscriptions: Int = 16

    /// The most lookups one client holds at once; `nil`: a quarter of ``relaySubscriptions``.
    @Option(name: .long, help: ArgumentHelp(
        "Relay work per client: the most of the --relay-subscriptions lookups one client holds at once (default: a quarter of them, rounded up). A request that finds no lookup free for it waits, within --lookup-wait, and the next free one goes to the waiting client holding the fewest.",
        valueName: "N"
    ))
    package var clientLookupsInFlight: Int?

    /// Seconds a share page waits for its preview lookup, which is also each lookup's deadline.
    @Option(name: .long, help: ArgumentHelp(
        "Relay work: seconds a share page waits for its preview (time waiting for a free lookup included), and each lookup's deadline: its NIP-05 checks and relay fetch end by then, so a lookup is held no longer (default 2).",
        valueName: "seconds"
    ))
    package var lookupWait: Double = 2

    /// How many new lookups one client may start at once.
    @Option(name: .long, help: "Relay work per client (IPv4 address or IPv6 /64): lookups it may start at once (token bucket size).")
    package var clientLookupBurst: Int = 10

    /// How many new lookups one client may start per minute, sustained.
    @Option(name: .long, help: "Relay work per client: lookups per minute, sustained (token bucket refill).")
    package var clientLookupsPerMinute: Double = 12

    /// How many new lookups all clients together may start at once.
    @Option(name: .long, help: "Relay work overall: lookups that may start at once (token bucket size).")
    package var lookupBurst: Int = 50

    /// How many new lookups all clients together may start per second, sustained.
    @Option(name: .long, help: "Relay work overall: lookups per second, sustained (token bucket refill).")
    package var lookupsPerSecond: Double = 10

    /// The most preview profiles (and negative answers) kept.
    @Option(name: .long, help: "The most preview profiles and negative answers kept in memory.")
    package var profileCache: Int = 10_000

    /// The most rendered share pages kept.
    @Option(name: .long, help: "The most rendered share pages kept in memory.")
    package var pageCache: Int = 10_000

    /// Seconds an npub with no profile on any relay stays cached as unknown.
    @Option(name: .long, help: "Seconds an npub that has no profile stays cached as unknown (negative cache).")
    package var absentTTL: Int = 60

    /// Seconds a failed lookup stays cached before it is retried.
    @Option(name: .long, help: "Seconds a failed lookup (no relay answered) stays cached before it is retried.")
    package var failureTTL: Int = 30

    /// Proxies whose word about the client is taken.
    @Option(
        name: .customLong("trusted-proxy"), parsing: .upToNextOption,
        help: ArgumentHelp(
            "Reverse proxies, load balancers or CDN edges in front of the server, as networks (10.0.0.0/8, 2001:db8::/32) or addresses. A request from one of them counts as the client it names in --forwarded-header (the rightmost address that is not a trusted proxy); from anyone else, as the TCP peer.",
            valueName: "cidr"
        )
    )
    package var trustedProxies: [String] = []

    /// The header trusted proxies write the client in.
    @Option(name: .long, help: "The header trusted proxies write the client's address in: x-forwarded-for or forwarded (RFC 7239). Only this one is read.")
    package var forwardedHeader: String = TrustedProxies.Header.xForwardedFor.name

    /// The connection caps this process gets by default, from its descriptor limit.
    static let derivedLimits = ConnectionLimits.derived()

    /// The most connections served normally at once.
    @Option(name: .long, help: ArgumentHelp(
        "Connections: the most served at once; past it, a connection in the reserve gets /healthz or a fast 503 (Connection: close, Retry-After) and ends. Default \(ServeCommand.derivedLimits.maximumConnections): the descriptor limit (ulimit -n, now \(ConnectionLimits.processDescriptorLimit())) less the reserve and an eighth kept for relay connections and files (64 to 4096).",
        valueName: "N"
    ))
    package var maxConnections: Int?

    /// The most connections one client holds that are served normally.
    @Option(name: .long, help: ArgumentHelp(
        "Connections per client (the TCP peer's IPv4 address or IPv6 /64; a --trusted-proxy has no cap): the most served at once; past it, as past --max-connections. Default \(ServeCommand.derivedLimits.maximumConnectionsPerClient): an eighth of --max-connections (16 to 512).",
        valueName: "N"
    ))
    package var maxConnectionsPerClient: Int?

    /// Connections accepted past a cap, each to answer one request.
    @Option(name: .long, help: ArgumentHelp(
        "Connections accepted past a cap, each answering one request (/healthz normally, anything else 503) before it ends; one client holds at most a quarter of them, and a connection past them too is closed at once. Default \(ServeCommand.derivedLimits.reserve): a thirty-second of the descriptor limit (8 to 256).",
        valueName: "N"
    ))
    package var connectionReserve: Int?

    /// Seconds a request head may take.
    @Option(name: .long, help: ArgumentHelp(
        "Seconds a request head may take, from the connection's start or the first byte of a later request; then the connection ends.",
        valueName: "S"
    ))
    package var headerTimeout: Int = 30

    /// Seconds a request body may take after its head.
    @Option(name: .long, help: ArgumentHelp(
        "Seconds the rest of a request (a body, which this server discards) may take after its head; then the connection ends.",
        valueName: "S"
    ))
    package var bodyTimeout: Int = 30

    /// Seconds a connection with nothing in progress stays open.
    @Option(name: .long, help: ArgumentHelp(
        "Seconds a connection stays open with no request in progress, or with a response its client does not take.",
        valueName: "S"
    ))
    package var idleTimeout: Int = 60

    @OptionGroup var siteOptions: SiteOptions
    @OptionGroup var output: OutputOptions

    /// Creates the command.
    package init() {}

    /// Runs the server until it is stopped by a signal.
    package func run() async throws {
        guard (0...65_535).contains(port) else {
            throw CommandFailure.badInput("--port \(port) is not a TCP port: give 0 to 65535 (0 picks a free one)")
        }
        guard let level = Logger.Level(rawValue: logLevel) else {
            throw CommandFailure.badInput("--log-level '\(logLevel)' is not one of trace, debug, info, notice, warning, error, critical")
        }
        for (name, value) in [
            ("--relay-subscriptions", relaySubscriptions), ("--profile-cache", profileCache), ("--page-cache", pageCache),
        ] where value < 1 {
            throw CommandFailure.badInput("\(name) \(value) must be at least 1")
        }
        if let clientLookupsInFlight, clientLookupsInFlight < 1 {
            throw CommandFailure.badInput("--client-lookups-in-flight \(clientLookupsInFlight) must be at least 1")
        }
        guard lookupWait.isFinite, lookupWait > 0, lookupWait <= 60 else {
            throw CommandFailure.badInput("--lookup-wait \(lookupWait): give seconds above 0 and at most 60")
        }
        for (name, value) in [
            ("--max-connections", maxConnections), ("--max-connections-per-client", maxConnectionsPerClient),
            ("--header-timeout", headerTimeout), ("--body-timeout", bodyTimeout), ("--idle-timeout", idleTimeout),
        ] {
            if let value, value < 1 { throw CommandFailure.badInput("\(name) \(value) must be at least 1") }
        }
        if let connectionReserve, connectionReserve < 0 {
            throw CommandFailure.badInput("--connection-reserve \(connectionReserve) must be zero or more")
        }
        guard (0...16).contains(writeRelays) else {
            throw CommandFailure.badInput("--write-relays \(writeRelays): give a number from 0 to 16")
        }
        for (name, value) in [
            ("--client-lookup-burst", Double(clientLookupBurst)), ("--client-lookups-per-minute", clientLookupsPerMinute),
            ("--lookup-burst", Double(lookupBurst)), ("--lookups-per-second", lookupsPerSecond),
            ("--absent-ttl", Double(absentTTL)), ("--failure-ttl", Double(failureTTL)),
        ] where !(value >= 0 && value.isFinite) {
            throw CommandFailure.badInput("\(name) \(value) must be zero or more")
        }
        for relay in relays {
            do {
                _ = try RelayURL(relay)
            } catch {
                throw CommandFailure.badInput("--relay \(relay): \(error)")
            }
        }
        guard let header = TrustedProxies.Header(rawValue: forwardedHeader.lowercased()) else {
            throw CommandFailure.badInput("--forwarded-header '\(forwardedHeader)' is not one of x-forwarded-for, forwarded")
        }
        let proxies: TrustedProxies
        do {
            proxies = try TrustedProxies(networks: trustedProxies, header: header)
        } catch {
            throw CommandFailure.badInput("--trusted-proxy \(error.description)")
        }
        // A lookup holds two subscriptions on each given relay: the profile's and the relay list's.
        let connections = SharedRelayConnections(configuration: SharedRelayConfiguration(maximumSubscriptionsPerRelay: 2 * relaySubscriptions))
        let site = try siteOptions.loadSite(
            relays: relays.isEmpty ? nil : relays, transportFactory: connections, profilePolicy: profilePolicy,
            maximumWriteRelays: writeRelays, verifiesNIP05: nip05 == .on,
            outbound: allowPrivateOutbound ? .unrestricted : .publicOnly
        )
        let configuration = ClipServerConfiguration(
            host: host, port: port, requestLogLevel: .info, pageCacheCapacity: pageCache, idleTimeout: idleTimeout,
            trustedProxies: proxies, headerTimeout: headerTimeout, bodyTimeout: bodyTimeout, connectionLimits: connectionLimits
        )
        let logger = ClipServer.standardErrorLogger(level: level)
        let server = ClipServer(site: site, configuration: configuration, logger: logger)
        let json = output.json
        do {
            try await server.run { address in
                Output.emit(ServeReport(listening: address.url, host: address.host, port: address.port), json: json) { "clipkit serve: listening on \(address.url)" }
            }
        } catch let error as IOError {
            let advice = error.errnoCode == EADDRINUSE
                ? "; stop what listens there or pick another --port (0 picks a free one)"
                : "; check --host and --port"
            throw CommandFailure.badInput("cannot serve on \(host):\(port): \(FileErrorReason.posix(error.errnoCode))\(advice)")
        } catch is SocketAddressError {
            throw CommandFailure.badInput("cannot serve on \(host):\(port): '\(host)' is not an address or a host name this machine resolves; give one such as 127.0.0.1")
        } catch {
            await connections.close()
            throw CommandFailure.badInput("cannot serve on \(host):\(port): \(error)")
        }
        await connections.close()
        for (relay, counts) in await connections.statistics().sorted(by: { $0.key < $1.key }) {
            logger.info("relay", metadata: [
                "relay": .string(relay), "connections": .stringConvertible(counts.connectionsOpened),
                "subscriptions": .stringConvertible(counts.subscriptionsOpened),
                "peak_open": .stringConvertible(counts.peakSubscriptionsOpen),
                "refused": .stringConvertible(counts.subscriptionsRefused),
            ])
        }
    }

    /// A setting that is on or off.
    package enum Switch: String, ExpressibleByArgument, CaseIterable, Sendable {
        /// On.
        case on
        /// Off.
        case off
    }

    /// The connection caps from the options, each left out taken from ``derivedLimits``.
    var connectionLimits: ConnectionLimits {
        let derived = Self.derivedLimits
        return ConnectionLimits(
            maximumConnections: maxConnections ?? derived.maximumConnections,
            maximumConnectionsPerClient: maxConnectionsPerClient ?? derived.maximumConnectionsPerClient,
            reserve: connectionReserve ?? derived.reserve
        )
    }

    /// The preview cache's policy from the options: ``ShareProfileCache/Policy/serving`` adjusted.
    var profilePolicy: ShareProfileCache.Policy {
        var policy = ShareProfileCache.Policy.serving
        policy.capacity = profileCache
        policy.maximumConcurrentLookups = relaySubscriptions
        policy.maximumLookupsPerClient = clientLookupsInFlight
        policy.lookupTimeout = lookupWait
        policy.absenceTimeToLive = TimeInterval(absentTTL)
        policy.failureTimeToLive = TimeInterval(failureTTL)
        policy.budget = LookupBudget(
            perClient: .init(burst: clientLookupBurst, perSecond: clientLookupsPerMinute / 60),
            overall: .init(burst: lookupBurst, perSecond: lookupsPerSecond)
        )
        return policy
    }
}
