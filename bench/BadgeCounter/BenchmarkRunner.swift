@_spi(ClipKitTooling) import ClipNotifications
import Foundation

/// Runs every scenario and prints the table.
struct BenchmarkRunner {
    let options: BenchmarkOptions

    /// One measured run.
    struct Measurement {
        let seconds: Double
        let final: Int
        let total: Int
        var rate: Double { Double(total) / seconds }
        var lost: Int { total - final }
    }

    func run() -> Int32 {
        let host = ProcessInfo.processInfo
        print("badge counter benchmark: \(host.activeProcessorCount) cores, load average \(loadAverage()), \(options.runs) runs per row (median shown)")
        print("")
        print(row(["mode", "processes", "increments", "seconds", "increments/s", "final", "lost", "vs naive"]))
        print(row(Array(repeating: "---", count: 8)))
        var failed = false
        for processes in options.processCounts {
            var naiveRate: Double?
            for mode in [BenchmarkWorker.Mode.naive, .locked, .durable] {
                let total = mode == .durable ? options.durableIncrements : options.increments
                let perProcess = max(total / processes, 1)
                var measurements: [Measurement] = []
                for _ in 0..<options.runs {
                    do {
                        measurements.append(try measure(mode: mode, processes: processes, incrementsEach: perProcess))
                    } catch {
                        FileHandle.standardError.write(Data("badge-counter-benchmark: \(mode.rawValue) × \(processes): \(error)\n".utf8))
                        return 1
                    }
                }
                let median = measurements.sorted { $0.rate < $1.rate }[measurements.count / 2]
                if mode == .naive { naiveRate = median.rate }
                let ratio = naiveRate.map { String(format: "%.2f×", median.rate / $0) } ?? "—"
                let lost = measurements.map(\.lost)
                print(row([
                    label(mode), String(processes), String(median.total), String(format: "%.3f", median.seconds),
                    String(format: "%.0f", median.rate), String(median.final),
                    lost.count > 1 ? "\(median.lost) (runs: \(lost.map(String.init).joined(separator: ", ")))" : String(median.lost),
                    mode == .naive ? "1.00×" : ratio,
                ]))
                if mode != .naive && lost.contains(where: { $0 != 0 }) { failed = true }
            }
        }
        print("")
        print("target (DESIGN.md): 8 processes, zero lost, at least 50,000 increments/s with the locked counter")
        return failed ? 1 : 0
    }

    private func label(_ mode: BenchmarkWorker.Mode) -> String {
        switch mode {
        case .naive: return "naive read-modify-write (no lock)"
        case .locked: return "ClipKit BadgeCounter (flock)"
        case .durable: return "ClipKit BadgeCounter (flock + fdatasync)"
        }
    }

    private func row(_ cells: [String]) -> String {
        "| " + cells.joined(separator: " | ") + " |"
    }

    private func loadAverage() -> String {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "unknown" }
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }

    /// Starts the workers, releases them together and measures the span of their work.
    private func measure(mode: BenchmarkWorker.Mode, processes: Int, incrementsEach: Int) throws -> Measurement {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("badge-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(BadgeCounter.defaultFileName)
        let signal = folder.appendingPathComponent("go")
        guard let executable = Bundle.main.executableURL else { throw UsageError(message: "cannot find this program's path") }
        var workers: [(process: Process, output: URL)] = []
        defer { for worker in workers where worker.process.isRunning { worker.process.terminate() } }
        for index in 0..<processes {
            let output = folder.appendingPathComponent("worker-\(index).out")
            _ = FileManager.default.createFile(atPath: output.path, contents: nil)
            let process = Process()
            process.executableURL = executable
            process.arguments = ["--worker", file.path, String(incrementsEach), mode.rawValue, signal.path]
            process.standardOutput = try FileHandle(forWritingTo: output)
            try process.run()
            workers.append((process, output))
        }
        for worker in workers {
            try waitUntil(timeout: 60) { (try? String(contentsOf: worker.output, encoding: .utf8))?.contains("ready") == true }
        }
        _ = FileManager.default.createFile(atPath: signal.path, contents: nil)
        var spans: [(Double, Double)] = []
        for worker in workers {
            worker.process.waitUntilExit()
            guard worker.process.terminationStatus == 0 else { throw UsageError(message: "a worker failed") }
            let text = (try? String(contentsOf: worker.output, encoding: .utf8)) ?? ""
            guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("result ") }) else {
                throw UsageError(message: "a worker reported no result")
            }
            let parts = line.split(separator: " ").compactMap { Double($0) }
            guard parts.count == 2 else { throw UsageError(message: "unreadable worker result: \(line)") }
            spans.append((parts[0], parts[1]))
        }
        let seconds = (spans.map(\.1).max() ?? 0) - (spans.map(\.0).min() ?? 0)
        let final = try BadgeCounter(file: file).value()
        return Measurement(seconds: max(seconds, 1e-9), final: final, total: incrementsEach * processes)
    }

    private func waitUntil(timeout: TimeInterval, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            guard Date() < deadline else { throw UsageError(message: "a worker did not start within \(Int(timeout)) s") }
            usleep(1_000)
        }
    }
}
