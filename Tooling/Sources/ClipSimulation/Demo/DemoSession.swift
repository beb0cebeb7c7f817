import ClipAASA
import ClipKit
import ClipLoopback
import ClipManifestReader
import ClipNostr
import ClipServer
import ClipSite
import Foundation

/// ClipKit's main job on the RoadFlare example, in one call: a local relay seeded with a sample
/// driver, the example link domain served on loopback with previews from that relay, and the
/// share link walked through every scenario of the test plan.
///
/// ```swift
/// let demo = try await DemoSession.start(DemoSession.Options()) { step in print(step) }
/// print(demo.sharePageURL)          // http://127.0.0.1:8080/share/d/npub1…
/// await demo.waitUntilStopped()     // SIGINT or SIGTERM
/// ```
@MainActor
package final class DemoSession {
    /// Where the demo listens and what it reads.
    package struct Options: Sendable {
        /// The link-domain server's port; 0 picks a free one.
        package var port: Int
        /// The relay's port; 0 picks a free one.
        package var relayPort: Int
        /// The package root, holding `Examples/roadflare`.
        package var root: URL
        /// Whether SIGINT and SIGTERM stop the server (when the demo waits for them).
        package var stopsOnSignals: Bool

        /// Creates options; the defaults serve on 8080 and run the relay on 7447.
        package init(
            port: Int = 8080, relayPort: Int = 7447,
            root: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true),
            stopsOnSignals: Bool = true
        ) {
            self.port = port
            self.relayPort = relayPort
            self.root = root
            self.stopsOnSignals = stopsOnSignals
        }
    }

    /// The running relay.
    package let relay: LocalRelay
    /// The sample driver's npub.
    package let npub: String
    /// The share link that was simulated, on the real domain.
    package let shareLink: String
    /// The local share page: `http://127.0.0.1:PORT/share/d/<npub>`.
    package let sharePageURL: String
    /// The local AASA file.
    package let associationFileURL: String
    /// The simulation's result.
    package let report: SimulationReport
    private let server: Task<Void, any Error>
    private let shutdown: ServerShutdown
    private let container: URL

    private init(
        relay: LocalRelay, npub: String, shareLink: String, serverAddress: String, report: SimulationReport,
        server: Task<Void, any Error>, shutdown: ServerShutdown, container: URL
    ) {
        self.relay = relay
        self.npub = npub
        self.shareLink = shareLink
        sharePageURL = "\(serverAddress)/share/d/\(npub)"
        associationFileURL = "\(serverAddress)\(AASADocument.wellKnownPath)"
        self.report = report
        self.server = server
        self.shutdown = shutdown
        self.container = container
    }

    /// The Python environment that has `nostr-relay`: `CLIPKIT_VENV`, else `.venv` in the current directory.
    private static var virtualEnvironment: URL {
        if let path = ProcessInfo.processInfo.environment["CLIPKIT_VENV"], !path.isEmpty {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true).appendingPathComponent(".venv")
    }

    /// Starts the relay, publishes the sample driver, serves the link domain and simulates the share link.
    ///
    /// - Parameters:
    ///   - options: The ports of the server and the relay, the package root, and whether signals stop the server.
    ///   - onStep: Called with every step of the simulation as it happens.
    /// - Throws: ``DemoError`` when a part cannot start; ``SimulationError`` never reaches here for
    ///   the embedded example (it is reported as ``DemoError/missingFile(path:reason:)``).
    package static func start(_ options: Options, onStep: @escaping @MainActor (SimulationStep) -> Void = { _ in }) async throws(DemoError) -> DemoSession {
        let example = options.root.appendingPathComponent("Examples/roadflare")
        let manifestURL = example.appendingPathComponent("clipkit.json")
        let driverURL = example.appendingPathComponent("demo/sample-driver.json")
        let manifest: ClipManifest
        do {
            manifest = try ManifestLoader(parameterKinds: .standardWithNostr).load(contentsOf: manifestURL)
        } catch {
            throw .missingFile(path: manifestURL.path, reason: "\(error)")
        }
        let event: NostrEvent
        let npub: String
        do {
            event = try NostrEvent(jsonData: Array(try Data(contentsOf: driverURL)))
            npub = try NIP19.encodePublicKey(event.pubkey)
        } catch {
            throw .missingFile(path: driverURL.path, reason: "not a readable signed event (\(error))")
        }

        let relayPort = options.relayPort == 0 ? ((try? LoopbackPort.free()) ?? 7447) : options.relayPort
        let relay: LocalRelay
        let relayURL: RelayURL
        do {
            relay = try await LocalRelay.start(port: relayPort, virtualEnvironment: virtualEnvironment)
        } catch {
            throw .relayFailed(error)
        }
        do {
            relayURL = try RelayURL(relay.url)
        } catch {
            relay.stop()
            throw .relayFailed(.didNotStart(port: relayPort, output: "\(error)"))
        }
        do {
            try await EventPublisher().publish(event, to: relayURL)
        } catch {
            relay.stop()
            throw error
        }

        let site: LinkDomainSite
        do {
            site = try LinkDomainSite(
                manifest: manifest, profileProvider: DefaultShareProfileProvider.make(for: manifest, relays: [relay.url]),
                parameterKinds: .standardWithNostr
            )
        } catch {
            relay.stop()
            throw .serverFailed(error.description)
        }
        let configuration = ClipServerConfiguration(host: "127.0.0.1", port: options.port, stopsOnSignals: options.stopsOnSignals, requestLogLevel: nil)
        let (addresses, continuation) = AsyncStream<String>.makeStream()
        let shutdown = ServerShutdown()
        let server = Task {
            defer { continuation.finish() }
            try await ClipServer(site: site, configuration: configuration, logger: ClipServer.standardErrorLogger(level: .warning)).run(shutdown: shutdown) { address in
                continuation.yield(address.url)
            }
        }
        var iterator = addresses.makeAsyncIterator()
        guard let address = await iterator.next() else {
            relay.stop()
            let reason: String
            switch await server.result {
            case .failure(let error): reason = "\(error)"
            case .success: reason = "it stopped at once"
            }
            throw .serverFailed("127.0.0.1:\(options.port): \(reason)")
        }

        let container = FileManager.default.temporaryDirectory.appendingPathComponent("clipkit-demo-\(UUID().uuidString)")
        let shareLink = "https://roadflare.app/share/d/\(npub)"
        let report: SimulationReport
        do {
            let simulator = try FlowSimulator(settings: SimulationSettings(manifest: manifest, relays: [relay.url], timeoutSeconds: 5))
            report = try await simulator.run(url: shareLink, scenarios: SimulationScenario.allCases, container: container, onStep: onStep)
        } catch {
            shutdown.request()
            _ = await server.result
            relay.stop()
            throw .simulationFailed(error.description)
        }
        return DemoSession(
            relay: relay, npub: npub, shareLink: shareLink, serverAddress: address, report: report,
            server: server, shutdown: shutdown, container: container
        )
    }

    /// Waits until the server stops (SIGINT or SIGTERM when ``Options/stopsOnSignals``), then stops the relay.
    package func waitUntilStopped() async {
        _ = await server.result
        finish()
    }

    /// Stops the server gracefully (requests in flight finish), then the relay.
    package func stop() async {
        shutdown.request()
        _ = await server.result
        finish()
    }

    private func finish() {
        relay.stop()
        try? FileManager.default.removeItem(at: container)
    }
}
