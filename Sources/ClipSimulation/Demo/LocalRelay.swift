import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A real `nostr-relay` (PyPI) on a loopback port with its own SQLite file, started from the
/// project's Python environment (`CLIPKIT_VENV`, default `.venv` in the current directory).
public final class LocalRelay: @unchecked Sendable {
    /// `ws://127.0.0.1:PORT`.
    public let url: String
    /// The port.
    public let port: Int
    private let process: Process
    private let folder: URL

    private init(port: Int, process: Process, folder: URL) {
        self.port = port
        url = "ws://127.0.0.1:\(port)"
        self.process = process
        self.folder = folder
    }

    /// The Python environment: `CLIPKIT_VENV`, else `.venv` in the current directory.
    public static var virtualEnvironment: URL {
        if let path = ProcessInfo.processInfo.environment["CLIPKIT_VENV"], !path.isEmpty {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true).appendingPathComponent(".venv")
    }

    /// Starts the relay on `port` and waits until it accepts connections.
    public static func start(port: Int) async throws(DemoError) -> LocalRelay {
        let tool = virtualEnvironment.appendingPathComponent("bin/nostr-relay")
        guard FileManager.default.isExecutableFile(atPath: tool.path) else { throw .relayToolMissing(path: tool.path) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("clipkit-demo-relay-\(UUID().uuidString)")
        let configuration = """
            DEBUG: false
            relay_name: clipkit demo relay
            storage:
              sqlalchemy.url: sqlite+aiosqlite:///\(folder.appendingPathComponent("relay.sqlite3").path)
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
        let process = Process()
        let log = folder.appendingPathComponent("relay.log")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(configuration.utf8).write(to: folder.appendingPathComponent("config.yaml"))
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            process.executableURL = tool
            process.arguments = ["-c", folder.appendingPathComponent("config.yaml").path, "serve", "--use-uvicorn"]
            process.currentDirectoryURL = folder
            let handle = try FileHandle(forWritingTo: log)
            process.standardOutput = handle
            process.standardError = handle
            try process.run()
        } catch {
            throw .relayDidNotStart(port: port, output: "\(error)")
        }
        let relay = LocalRelay(port: port, process: process, folder: folder)
        for _ in 0..<300 {
            if await LoopbackProbe.isListening(port: port) { return relay }
            guard process.isRunning else { break }
            try? await Task.sleep(for: .milliseconds(100))
        }
        let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        relay.stop()
        throw .relayDidNotStart(port: port, output: output)
    }

    /// Stops the relay (SIGKILL: its database is a throwaway) and removes its files.
    public func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: folder)
    }

    deinit { stop() }
}
