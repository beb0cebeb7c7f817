import Foundation

/// Headless Chromium as the tests drive it: it loads a page over real HTTP, runs its scripts,
/// and hands back the DOM the page ends with, or a screenshot of it.
public struct HeadlessChromium: Sendable {
    /// The browser.
    public let executable: URL
    /// The folder Chromium keeps its profile in (`--user-data-dir`).
    public let profileFolder: URL

    /// Finds Chromium; its profile goes into `profileFolder`.
    public init(profileFolder: URL) throws {
        executable = try TestEnvironment.systemTool("chromium")
        self.profileFolder = profileFolder
    }

    /// The arguments every run shares.
    private var commonArguments: [String] {
        ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--user-data-dir=\(profileFolder.path)"]
    }

    /// The DOM of `url` as serialized HTML once the page has loaded.
    ///
    /// - Parameter virtualTimeBudget: Milliseconds of virtual time the page gets after loading, so
    ///   that promises and timers (Web Crypto, for instance) settle before the DOM is read; `nil`
    ///   reads the DOM right after the load event.
    public func dumpDOM(of url: String, virtualTimeBudget: Int? = nil, timeout: TimeInterval = 90) async throws -> String {
        var arguments = commonArguments
        if let virtualTimeBudget { arguments.append("--virtual-time-budget=\(virtualTimeBudget)") }
        let result = try await ChildProcess.run(executable, arguments: arguments + ["--dump-dom", url], timeout: timeout)
        guard result.status == 0 else { throw Failure(description: "chromium --dump-dom \(url) exited \(result.status): \(result.standardError.suffix(800))") }
        return result.standardOutput
    }

    /// Writes a PNG screenshot of `url`, `width` × `height` CSS pixels, to `file`.
    public func screenshot(of url: String, to file: URL, width: Int, height: Int, virtualTimeBudget: Int = 10_000, timeout: TimeInterval = 90) async throws {
        let arguments = commonArguments + [
            "--window-size=\(width),\(height)", "--virtual-time-budget=\(virtualTimeBudget)", "--screenshot=\(file.path)", url,
        ]
        let result = try await ChildProcess.run(executable, arguments: arguments, timeout: timeout)
        guard result.status == 0, FileManager.default.fileExists(atPath: file.path) else {
            throw Failure(description: "chromium --screenshot \(url) exited \(result.status): \(result.standardError.suffix(800))")
        }
    }

    /// Chromium did not do what was asked.
    public struct Failure: Error, CustomStringConvertible {
        /// What happened, with Chromium's last words.
        public let description: String
    }
}
