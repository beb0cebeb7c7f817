import ClipTestSupport
import Foundation
import Testing

/// Every `clipkit` line in the README's `sh` blocks is run, in order, from a scratch folder that
/// sees the repository's `Examples/`, with the built `clipkit` first on `PATH` (with the `mkdir`
/// lines that prepare its folders). A line must exit 0, or 1 where it ends with `# exit 1`: the
/// README cannot promise what the tool does not do.
@Suite struct ReadmeTourTests {
    struct Line: Sendable, CustomStringConvertible {
        let command: String
        let expectedStatus: Int32
        var description: String { command }
    }

    /// The `clipkit` and `mkdir` lines of the `sh` blocks of the README at `path` (from the repository's root).
    static func tourLines(in path: String = "README.md") throws -> [Line] {
        let readme = try String(contentsOf: TestEnvironment.file(path), encoding: .utf8)
        var lines: [Line] = []
        var inShellBlock = false
        for line in readme.components(separatedBy: "\n") {
            if line.hasPrefix("```") {
                inShellBlock = !inShellBlock && line == "```sh"
                continue
            }
            guard inShellBlock, line.hasPrefix("clipkit ") || line.hasPrefix("mkdir ") else { continue }
            let negative = line.trimmingCharacters(in: .whitespaces).hasSuffix("# exit 1")
            lines.append(Line(command: line, expectedStatus: negative ? 1 : 0))
        }
        return lines
    }

    @Test func theTourRunsAsWritten() async throws {
        let lines = try Self.tourLines()
        #expect(lines.count >= 15, "the README's tour lost its commands")
        let folder = try TemporaryDirectory(prefix: "clipkit-readme")
        try FileManager.default.createSymbolicLink(at: folder.file("Examples"), withDestinationURL: TestEnvironment.file("Examples"))
        let binFolder = try TestEnvironment.clipkitExecutable().deletingLastPathComponent().path
        let path = binFolder + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        for line in lines {
            let result = try await ChildProcess.run(
                URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", line.command],
                environment: ["PATH": path], currentDirectory: folder.url, timeout: 60
            )
            #expect(result.status == line.expectedStatus,
                    "README line exited \(result.status): \(line.command)\n\(result.standardError)\(result.standardOutput.prefix(400))")
        }
    }
}
