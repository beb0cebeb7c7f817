import ClipKit
import ClipManifestReader
import ClipNostr
import ClipServer
import ClipSite
import ClipTestSupport
import Foundation
import Logging

/// A ``ClipServer`` started in this process on a loopback port the system picks, stopped by ``stop()``.
final class RunningServer: @unchecked Sendable {
    let port: Int
    let site: LinkDomainSite
    private let task: Task<Void, any Error>
    private let shutdown: ServerShutdown

    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Starts a server for `site` and waits until it listens.
    init(site: LinkDomainSite, configuration: ClipServerConfiguration = ClipServerConfiguration()) async throws {
        var configuration = configuration
        configuration.host = "127.0.0.1"
        // The system picks the port as the server binds it: a port found free beforehand could be
        // taken, before the server binds it, by a connection another test opens meanwhile.
        configuration.port = 0
        configuration.stopsOnSignals = false
        configuration.requestLogLevel = .debug
        self.site = site
        var logger = Logger(label: "clipkit.serve.test")
        logger.logLevel = .critical  // cancelling a test server logs the cancelled connections
        let server = ClipServer(site: site, configuration: configuration, logger: logger)
        let (addresses, continuation) = AsyncStream<ListeningAddress?>.makeStream()
        let shutdown = ServerShutdown()
        self.shutdown = shutdown
        task = Task {
            do {
                try await server.run(shutdown: shutdown) { address in continuation.yield(address) }
            } catch {
                continuation.yield(nil)
                throw error
            }
        }
        // The server itself reports the port it listens on; a bind failure ends the wait.
        var listening: ListeningAddress?
        for await address in addresses {
            listening = address
            break
        }
        guard let listening, listening.port > 0 else {
            task.cancel()
            throw StartFailure()
        }
        port = listening.port
    }

    deinit {
        task.cancel()
    }

    /// Stops the server gracefully, as SIGTERM does, and waits until it has shut down.
    ///
    /// Cancelling the serving task instead drops connections the server has accepted but not yet
    /// handed to a handler, which NIO's debug builds stop the process for. A connection a test left
    /// hanging cannot hold the stop for more than 10 seconds: then the task is cancelled.
    func stop() async {
        shutdown.request()
        let task = self.task
        let deadline = Task {
            try await Task.sleep(nanoseconds: 10_000_000_000)
            task.cancel()
        }
        _ = try? await task.value
        deadline.cancel()
    }

    struct StartFailure: Error {}
}

/// Sites the server tests serve.
enum ServerFixtures {
    /// A real npub (the test driver's, `Tests/Fixtures/nostr`).
    static let npub = "npub1seq7ln62frek853200w4jrge72uq750dezc4rvxwjknfjgfvs7vs2wkxuj"

    static func site(_ name: String, provider: (any ShareProfileProvider)? = nil, policy: ShareProfileCache.Policy = .init()) throws -> LinkDomainSite {
        let kinds = ParameterKindRegistry.standardWithNostr
        let manifest = try ManifestLoader(parameterKinds: kinds).load(contentsOf: TestEnvironment.file("Examples/\(name)/clipkit.json"))
        let files = Dictionary(uniqueKeysWithValues: manifest.domains.map { domain in
            (domain, Data(#"{"applinks":{"details":[]},"comment":"\#(domain)"}"#.utf8))
        })
        return try LinkDomainSite(manifest: manifest, associationFiles: files, profileProvider: provider, profilePolicy: policy, parameterKinds: kinds)
    }
}

/// A provider that answers every request with the same profile.
struct FixedProvider: ShareProfileProvider {
    let profile: ShareProfile?
    func profile(for request: ShareProfileRequest) async throws -> ShareProfile? { profile }
}
