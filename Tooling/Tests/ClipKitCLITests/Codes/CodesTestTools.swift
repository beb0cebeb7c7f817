import ClipTestSupport
import Foundation

/// What the `codes` tests measure with programs of their own: Python's XML parser for the SVG files,
/// and the kernel's account of the most memory a `clipkit` run held.
enum CodesTestTools {
    /// A measuring program failed or answered something unexpected.
    struct Failure: Error, CustomStringConvertible {
        /// What happened.
        let description: String
    }

    /// A `clipkit` run and the largest resident set it reached, in KiB.
    struct MeasuredRun {
        /// The run.
        let result: CommandResult
        /// The peak resident set size, in KiB (`ru_maxrss` of the waited-for child).
        let peakKiB: Int
    }

    /// Runs `clipkit arguments` under the virtual environment's Python, which waits for it and reads
    /// `getrusage(RUSAGE_CHILDREN)`: its one child is `clipkit`, so the peak is clipkit's alone
    /// (the test process's own children, such as zbar or Chromium, do not count).
    static func clipkitMeasuringPeakMemory(_ arguments: [String], currentDirectory: URL) async throws -> MeasuredRun {
        let report = currentDirectory.appendingPathComponent("peak-rss-\(UUID().uuidString).txt")
        let script = """
        import resource, subprocess, sys
        status = subprocess.run(sys.argv[2:]).returncode
        with open(sys.argv[1], "w") as report:
            report.write(str(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))
        sys.exit(status if status >= 0 else 128 - status)
        """
        let result = try await ChildProcess.run(
            try TestEnvironment.python(), arguments: ["-c", script, report.path, try TestEnvironment.clipkitExecutable().path] + arguments,
            currentDirectory: currentDirectory, timeout: 120
        )
        let text = try String(contentsOf: report, encoding: .utf8)
        guard let peak = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw Failure(description: "the peak memory report says '\(text)'")
        }
        return MeasuredRun(result: result, peakKiB: peak)
    }

    /// The SVG files under `folder`, found by walking it.
    static func svgFiles(under folder: URL) -> [URL] {
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        return (walker?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "svg" }.sorted { $0.path < $1.path }
    }

    /// What Python's XML parser (`xml.etree.ElementTree`) finds wrong with each file, by path; a
    /// well-formed file is not listed.
    static func xmlProblems(in files: [URL]) async throws -> [String: String] {
        let script = """
        import json, sys, xml.etree.ElementTree as ET
        problems = {}
        for path in sys.argv[1:]:
            try:
                ET.parse(path)
            except ET.ParseError as error:
                problems[path] = str(error)
        print(json.dumps(problems))
        """
        let run = try await ChildProcess.run(try TestEnvironment.python(), arguments: ["-c", script] + files.map(\.path), timeout: 120)
        guard run.status == 0, let problems = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: String] else {
            throw Failure(description: "the XML check failed (\(run.status)): \(run.standardError.suffix(400))")
        }
        return problems
    }
}
