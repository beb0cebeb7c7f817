import ClipTestSupport
import Foundation

/// A real Nostr relay (`nostr-relay` from the Python virtual environment) on a loopback port,
/// with its own database in a temporary folder.
///
/// It runs under uvicorn in one process, so stopping that process stops the relay. Call
/// ``stop()`` at the end of a test: it waits for the process off the main actor, where the
/// preview model's tests run.
final class LocalRelay: @unchecked Sendable {
    let port: Int
    let folder: TemporaryDirectory
    private let process: ChildProcess

    var url: String { "ws://127.0.0.1:\(port)" }

    init() async throws {
        folder = try TemporaryDirectory(prefix: "clipkit-relay")
        port = try LoopbackPort.free()
        // Old fixture events are welcome: the recency check is left out on purpose.
        let config = """
        storage:
          sqlalchemy.url: sqlite+aiosqlite:///\(folder.file("relay.sqlite3").path)
          validators:
            - nostr_relay.validators.is_not_too_large
            - nostr_relay.validators.is_signed
        gunicorn:
          bind: 127.0.0.1:\(port)
          loglevel: warning
        authentication:
          enabled: false
        """
        try Data(config.utf8).write(to: folder.file("config.yaml"))
        process = try ChildProcess(
            try TestEnvironment.virtualEnvironmentTool("nostr-relay"),
            arguments: ["-c", folder.file("config.yaml").path, "serve", "--use-uvicorn"],
            currentDirectory: folder.url
        )
        try await waitUntilListening()
    }

    deinit {
        // Waiting for a process must not happen on the main actor; the last reference goes to a
        // detached task, which kills and reaps it when a test ended without `stop()`.
        let process = self.process
        Task.detached { process.stop() }
    }

    /// Stops the relay and waits until its process is gone.
    func stop() async {
        let process = self.process
        await Task.detached { process.stop() }.value
    }

    /// Publishes signed events through a real WebSocket client and checks the relay accepted them.
    func publish(_ events: [Data]) async throws {
        let input = events.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n")
        let result = try await ChildProcess.run(
            try TestEnvironment.python(),
            arguments: [TestEnvironment.file("Tests/Fixtures/python/publish_events.py").path, url],
            standardInput: Data(input.utf8), timeout: 30
        )
        guard result.status == 0 else {
            throw RelayProblem(description: "the relay refused an event: \(result.standardOutput) \(result.standardError)")
        }
    }

    private func waitUntilListening() async throws {
        if await LoopbackPort.waitUntilListening(port, timeout: 20) { return }
        throw RelayProblem(description: "nostr-relay did not listen on \(port): \(process.standardError.suffix(800))")
    }

    struct RelayProblem: Error, CustomStringConvertible {
        let description: String
    }
}
