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

    /// Waits until a whole line of standard output or standard error — one the process has
    /// ended with a newline — contains `text`; false when `timeout` passes first or the process
    /// exits without writing such a line.
    ///
    /// A line still being written does not count: a test that then reads the output never
    /// sees half of it.
    public func waitForOutput(containing text: String, timeout: TimeInterval) async -> Bool {
        await waitForLine(timeout: timeout) { $0.contains(text) } != nil
    }

    /// Waits until a whole line of standard output or standard error contains `text` and returns
    /// the first such line; `nil` when `timeout` passes first or the process exits without one.
    public func waitForLine(containing text: String, timeout: TimeInterval) async -> String? {
        await waitForLine(timeout: timeout) { $0.contains(text) }
    }

    /// Waits for the JSON object the process announces on one whole line of standard output
    /// (a server's address, a helper's ports): the first complete line that parses as a JSON
    /// object and has the member `key`.
    ///
    /// Every test that reads what a child process announces goes through here, so none parses
    /// a line the process is still writing.
    ///
    /// - Throws: ``ChildProcessAnnouncementError`` when no such line comes within `timeout`
    ///   seconds, or the process exits first; it carries the process's output.
    public func waitForAnnouncement(withMember key: String, timeout: TimeInterval) async throws -> [String: Any] {
        var announcement: [String: Any]?
        _ = await waitForLine(timeout: timeout, in: [.output]) { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  object[key] != nil else { return false }
            announcement = object
            return true
        }
        guard let announcement else {
            throw ChildProcessAnnouncementError(
                member: key, exited: !isRunning, standardOutput: standardOutput, standardError: standardError
            )
        }
        return announcement
    }

    /// The output streams of a process.
    private enum Stream {
        case output
        case error
    }

    /// Waits until a whole line of one of `streams` satisfies `matches` and returns it; `nil`
    /// when `timeout` passes first or the process exits without writing one.
    private func waitForLine(
        timeout: TimeInterval, in streams: [Stream] = [.output, .error], matching matches: (String) -> Bool
    ) async -> String? {
        func search() -> String? {
            for stream in streams {
                let text = stream == .output ? standardOutput : standardError
                // Only what ends with a newline is a whole line; the rest is still being written.
                guard let end = text.lastIndex(of: "\n") else { continue }
                for line in text[..<end].split(separator: "\n", omittingEmptySubsequences: true) where matches(String(line)) {
                    return String(line)
                }
            }
            return nil
        }
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let line = search() { return line }
            // What an exited process wrote is all there is: look once more, then give up.
            if !process.isRunning { return search() }
            try? await Task.sleep(nanoseconds: 20_000_000)
        }
        // A busy test process may wake this task only after the deadline; what the child wrote
        // by then counts, so look once more before giving up.
        return search()
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

/// A child process did not announce what a test waited for.
public struct ChildProcessAnnouncementError: Error, CustomStringConvertible {
    /// The member the announcement was to have.
    public let member: String
    /// Whether the process had exited.
    public let exited: Bool
    /// What the process wrote to standard output.
    public let standardOutput: String
    /// What the process wrote to standard error.
    public let standardError: String

    /// What was missing, with the end of what the process wrote.
    public var description: String {
        "the process \(exited ? "exited" : "kept running") without announcing a JSON line with '\(member)'; "
            + "standard output: \(standardOutput.suffix(500)); standard error: \(standardError.suffix(500))"
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
