import Foundation

/// A child process started by a test, with its output captured and a bounded wait.
///
/// The process is killed when the value is stopped or deinitialized, so a failing test never
/// leaves a relay or a server running.
public final class ChildProcess: @unchecked Sendable {
    private let process = Process()
    private let outputFile: URL
    private let errorFile: URL
    private let lock = NSLock()

    /// Starts `executable` with `arguments`.
    ///
    /// - Parameters:
    ///   - environment: Variables added to (or replacing) the test process's environment.
    ///   - standardInput: Bytes written to the child's standard input, which is then closed. A child
    ///     that exits without reading them all is not an error here (its exit status tells).
    public init(
        _ executable: URL, arguments: [String] = [], environment: [String: String] = [:],
        currentDirectory: URL? = nil, standardInput: Data? = nil
    ) throws {
        BrokenPipes.ignore()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("clipkit-child-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        outputFile = folder.appendingPathComponent("stdout")
        errorFile = folder.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        process.executableURL = executable
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        process.environment = merged
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        let input = Pipe()
        process.standardInput = input
        try process.run()
        if let standardInput {
            // With SIGPIPE ignored, a child that stops reading makes this fail with EPIPE; the
            // rest of its input is of no use to it, so the write just ends.
            try? input.fileHandleForWriting.write(contentsOf: standardInput)
        }
        try? input.fileHandleForWriting.close()
    }

    deinit {
        stop()
    }

    /// The process identifier.
    public var processIdentifier: Int32 { process.processIdentifier }

    /// Whether the process is still running.
    public var isRunning: Bool { process.isRunning }

    /// Everything the process wrote to standard output so far.
    public var standardOutput: String {
        (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
    }

    /// Everything the process wrote to standard error so far.
    public var standardError: String {
        (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
    }

    /// Waits for the process to exit and returns its status, or `nil` when `timeout` passes first.
    @discardableResult
    public func waitForExit(timeout: TimeInterval) async -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            if Date() > deadline { return nil }
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
        return process.terminationStatus
    }

    /// Waits until standard output or standard error contains `text`; false when `timeout` passes first
    /// or the process exits without writing it.
    public func waitForOutput(containing text: String, timeout: TimeInterval) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if standardOutput.contains(text) || standardError.contains(text) { return true }
            if !process.isRunning { return standardOutput.contains(text) || standardError.contains(text) }
            try? await Task.sleep(nanoseconds: 20_000_000)
        }
        return false
    }

    /// Sends `signal` to the process.
    public func send(signal: Int32) {
        if process.isRunning { kill(process.processIdentifier, signal) }
    }

    /// Kills the process if it still runs and waits for it.
    public func stop() {
        lock.lock()
        defer { lock.unlock() }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}

/// The result of running a command to completion.
public struct CommandResult: Sendable {
    /// The exit status.
    public let status: Int32
    /// Standard output.
    public let standardOutput: String
    /// Standard error.
    public let standardError: String

    /// Standard output parsed as one JSON object.
    public func json() throws -> [String: Any] {
        let data = Data(standardOutput.utf8)
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw CommandOutputError(output: standardOutput)
        }
        return object
    }
}

/// Standard output was not one JSON object.
public struct CommandOutputError: Error, CustomStringConvertible {
    /// What the command printed.
    public let output: String

    /// Creates the error for what a command printed.
    public init(output: String) {
        self.output = output
    }

    /// A description that shows the output.
    public var description: String { "expected one JSON object on standard output, got: \(output.prefix(500))" }
}

extension ChildProcess {
    /// Runs a command to completion (killing it after `timeout` seconds) and returns its result.
    public static func run(
        _ executable: URL, arguments: [String], environment: [String: String] = [:],
        currentDirectory: URL? = nil, standardInput: Data? = nil, timeout: TimeInterval = 60
    ) async throws -> CommandResult {
        let child = try ChildProcess(
            executable, arguments: arguments, environment: environment,
            currentDirectory: currentDirectory, standardInput: standardInput
        )
        guard let status = await child.waitForExit(timeout: timeout) else {
            child.stop()
            throw CommandTimeout(command: ([executable.lastPathComponent] + arguments).joined(separator: " "), seconds: timeout)
        }
        return CommandResult(status: status, standardOutput: child.standardOutput, standardError: child.standardError)
    }

    /// Runs the built `clipkit` with `arguments` (and `environment` added to the test's own).
    public static func clipkit(
        _ arguments: [String], environment: [String: String] = [:], currentDirectory: URL? = nil,
        standardInput: Data? = nil, timeout: TimeInterval = 60
    ) async throws -> CommandResult {
        try await run(
            try TestEnvironment.clipkitExecutable(), arguments: arguments, environment: environment,
            currentDirectory: currentDirectory, standardInput: standardInput, timeout: timeout
        )
    }
}

/// A command did not finish in time.
public struct CommandTimeout: Error, CustomStringConvertible {
    /// The command line.
    public let command: String
    /// The time it was given.
    public let seconds: TimeInterval
    /// What timed out.
    public var description: String { "'\(command)' did not finish within \(seconds) s" }
}
