import Foundation

/// A real relay — `nostr-relay` from the project's Python environment — on a free loopback port,
/// with its own SQLite database in a temporary folder. Stopped by ``stop()`` or when the value goes away.
///
/// That relay rejects content over 4,096 characters and `created_at` more than an hour ahead, and
/// keeps an older kind-0 event beside a newer one only when the older is published second.
public final class NostrRelayProcess: @unchecked Sendable {
    /// The relay's address, `ws://127.0.0.1:<port>`.
    public let url: String
    /// The port it listens on.
    public let port: Int
    private let process: ChildProcess
    private let folder: TemporaryDirectory

    private init(port: Int, process: ChildProcess, folder: TemporaryDirectory) {
        self.port = port
        url = "ws://127.0.0.1:\(port)"
        self.process = process
        self.folder = folder
    }

    deinit {
        process.stop()
    }

    /// Starts a relay and waits until it accepts connections.
    public static func start() async throws -> NostrRelayProcess {
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
            throw RelayStartFailure(description: "nostr-relay did not listen on port \(port) within 30 s: \(process.standardError.suffix(600))")
        }
        return NostrRelayProcess(port: port, process: process, folder: folder)
    }

    /// Starts `count` relays at once.
    public static func start(count: Int) async throws -> [NostrRelayProcess] {
        try await withThrowingTaskGroup(of: NostrRelayProcess.self) { group in
            for _ in 0..<count { group.addTask { try await start() } }
            var relays: [NostrRelayProcess] = []
            for try await relay in group { relays.append(relay) }
            return relays
        }
    }

    /// Stops the relay.
    public func stop() {
        process.stop()
    }

    /// The relay did not start.
    public struct RelayStartFailure: Error, CustomStringConvertible {
        /// What happened.
        public let description: String
    }
}
