import ClipNostr
import ClipTestSupport
import Foundation

/// A real relay — `nostr-relay` from the project's Python environment — on a loopback port, with
/// its own SQLite database in a temporary folder. Stopped by ``stop()`` or when the value goes away.
///
/// That relay rejects content over 4,096 characters and `created_at` more than an hour ahead, and
/// it keeps an older kind-0 event beside a newer one only when the older is published second.
final class NostrRelayServer: @unchecked Sendable {
    /// The relay's address, `ws://127.0.0.1:<port>`.
    let url: RelayURL
    private let process: ChildProcess
    private let folder: TemporaryDirectory

    private init(url: RelayURL, process: ChildProcess, folder: TemporaryDirectory) {
        self.url = url
        self.process = process
        self.folder = folder
    }

    deinit {
        process.stop()
    }

    /// Starts a relay and waits until it accepts connections.
    static func start() async throws -> NostrRelayServer {
        let folder = try TemporaryDirectory(prefix: "clipkit-nostr-relay")
        let port = try LoopbackPort.free()
        let configuration = """
            DEBUG: false
            relay_name: clipkit test relay
            storage:
              sqlalchemy.url: sqlite+aiosqlite:///\(folder.file("relay.sqlite3").path)
              validators:
                - nostr_relay.validators.is_not_too_large
                - nostr_relay.validators.is_signed
                - nostr_relay.validators.is_recent
            gunicorn:
              bind: 127.0.0.1:\(port)
              workers: 1
              loglevel: warning
            authentication:
              enabled: false
            logging:
              version: 1
              root:
                level: WARNING

            """
        try Data(configuration.utf8).write(to: folder.file("config.yaml"))
        let process = try ChildProcess(
            try TestEnvironment.virtualEnvironmentTool("nostr-relay"),
            arguments: ["-c", folder.file("config.yaml").path, "serve", "--use-uvicorn"],
            currentDirectory: folder.url
        )
        guard await LoopbackPort.waitUntilListening(port, timeout: 30) else {
            process.stop()
            throw RelayServerFailure(description: "nostr-relay did not listen on port \(port) within 30 s: \(process.standardError.suffix(600))")
        }
        return NostrRelayServer(url: try RelayURL("ws://127.0.0.1:\(port)"), process: process, folder: folder)
    }

    /// Starts `count` relays at once.
    static func start(count: Int) async throws -> [NostrRelayServer] {
        try await withThrowingTaskGroup(of: NostrRelayServer.self) { group in
            for _ in 0..<count { group.addTask { try await start() } }
            var servers: [NostrRelayServer] = []
            for try await server in group { servers.append(server) }
            return servers
        }
    }

    /// Stops the relay.
    func stop() {
        process.stop()
    }

    struct RelayServerFailure: Error, CustomStringConvertible {
        let description: String
    }
}
