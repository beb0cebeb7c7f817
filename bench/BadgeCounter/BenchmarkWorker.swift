@_spi(ClipKitTooling) import ClipNotifications
import Foundation

/// One worker process: `--worker FILE COUNT MODE SIGNAL`.
enum BenchmarkWorker {
    /// The counting modes a worker can run.
    enum Mode: String, CaseIterable {
        /// ClipKit's counter: advisory lock, no flush.
        case locked
        /// ClipKit's counter with a storage flush after every write.
        case durable
        /// Read-modify-write without the lock.
        case naive
    }

    static func run(_ arguments: [String]) -> Int32 {
        guard arguments.count == 4, let count = Int(arguments[1]), let mode = Mode(rawValue: arguments[2]) else {
            FileHandle.standardError.write(Data("worker: expected FILE COUNT MODE SIGNAL\n".utf8))
            return 2
        }
        do {
            let counter = try BadgeCounter(
                file: URL(fileURLWithPath: arguments[0]),
                durability: mode == .durable ? .survivesPowerLoss : .survivesProcessDeath,
                coordination: mode == .naive ? .unlockedReadModifyWrite : .advisoryLock
            )
            FileHandle.standardOutput.write(Data("ready\n".utf8))
            while !FileManager.default.fileExists(atPath: arguments[3]) { usleep(100) }
            let started = Date().timeIntervalSince1970
            for _ in 0..<count { try counter.increment() }
            let finished = Date().timeIntervalSince1970
            FileHandle.standardOutput.write(Data("result \(started) \(finished)\n".utf8))
            return 0
        } catch {
            FileHandle.standardError.write(Data("worker: \(error)\n".utf8))
            return 1
        }
    }
}
