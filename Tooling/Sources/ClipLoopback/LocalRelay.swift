import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A real relay — `nostr-relay` from a Python environment — on a loopback port, with its own SQLite
/// database in a temporary folder. Stopped by ``stop()`` or when the value goes away.
///
/// The relay checks what it stores the way public relays do: signatures, size (content over 4,096
/// characters is refused) and time (`created_at` more than an hour ahead is refused). It keeps an
/// older kind-0 event beside a newer one only when the older is published second.
package final class LocalRelay: @unchecked Sendable {
    /// The relay's address, `ws://127.0.0.1:<port>` (or `ws://[::1]:<port>`).
    package let url: String
    /// The port it listens on.
    package let port: Int
    /// The loopback address it listens on.
    package let address: LoopbackAddress
    private let process: Process
    private let folder: URL

    private init(port: Int, address: LoopbackAddress, process: Process, folder: URL) {
        self.port = port
        self.address = address
        url = "ws://\(address.urlHost):\(port)"
        self.process = process
        self.folder = folder
    }

    /// Starts a relay on `port` and waits until it accepts connections.
    ///
    /// - Parameters:
    ///   - port: The loopback port to listen on (``LoopbackPort/free()`` finds one).
    ///   - address: The loopback address to listen on: `127.0.0.1` (the default) or `::1`.
    ///   - virtualEnvironment: The Python environment that has `nostr-relay` installed.
    ///   - timeout: How long to wait for the relay to listen.
    /// - Throws: ``LocalRelayError``, with the relay's output when it did not come up.
    package static func start(
        port: Int, address: LoopbackAddress = .ipv4, virtualEnvironment: URL, timeout: Duration = .seconds(30)
    ) async throws(LocalRelayError) -> LocalRelay {
        let tool = virtualEnvironment.appendingPathComponent("bin/nostr-relay")
        guard FileManager.default.isExecutableFile(atPath: tool.path) else { throw .toolMissing(path: tool.path) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("clipkit-relay-\(UUID().uuidString)")
        let log = folder.appendingPathComponent("relay.log")
        let process = Process()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(configuration(port: port, address: address, database: folder.appendingPathComponent("relay.sqlite3")).utf8)
                .write(to: folder.appendingPathComponent("config.yaml"))
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            process.executableURL = tool
            process.arguments = ["-c", folder.appendingPathComponent("config.yaml").path, "serve", "--use-uvicorn"]
            process.currentDirectoryURL = folder
            let handle = try FileHandle(forWritingTo: log)
            process.standardOutput = handle
            process.standardError = handle
            try process.run()
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw .didNotStart(port: port, output: "\(error)")
        }
        let relay = LocalRelay(port: port, address: address, process: process, folder: folder)
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while ContinuousClock.now < deadline, process.isRunning {
            if LoopbackPort.isListening(port, on: address) { return relay }
            try? await Task.sleep(for: .milliseconds(25))
        }
        let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        relay.stop()
        throw .didNotStart(port: port, output: output)
    }

    /// Stops the relay (SIGKILL: its database is a throwaway) and removes its files.
    package func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: folder)
    }

    deinit { stop() }

    /// The relay's settings: one worker on `address`:`port`, a SQLite file, the storage checks a
    /// public relay makes, and only warnings logged. (With `--use-uvicorn`, nostr-relay takes the
    /// port from `bind` and passes `host` on to uvicorn.)
    private static func configuration(port: Int, address: LoopbackAddress, database: URL) -> String {
        """
        DEBUG: false
        relay_name: clipkit local relay
        storage:
          sqlalchemy.url: sqlite+aiosqlite:///\(database.path)
          validators:
            - nostr_relay.validators.is_not_too_large
            - nostr_relay.validators.is_signed
            - nostr_relay.validators.is_recent
        gunicorn:
          bind: "\(address.urlHost):\(port)"
          host: "\(address.text)"
          workers: 1
          loglevel: warning
        authentication:
          enabled: false
        logging:
          version: 1
          root:
            level: WARNING

        """
    }
}
