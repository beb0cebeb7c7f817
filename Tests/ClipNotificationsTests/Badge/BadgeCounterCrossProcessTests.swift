@_spi(ClipKitTooling) import ClipNotifications
import ClipTestSupport
import Foundation
import Testing

/// Real processes (`clipkit notify badge increment`) against one counter file.
@Suite(.serialized) struct BadgeCounterCrossProcessTests {
    static let processes = 8
    static let incrementsEach = 5_000

    /// Starts the incrementers behind a start signal, runs the resetter while they work, and
    /// returns everything they reported.
    func run(naive: Bool, resetting: Bool = true, in folder: TemporaryDirectory) async throws -> (acknowledgements: [[Acknowledgement]], resets: [BadgeUpdate], final: BadgeSnapshot) {
        let signal = folder.file("go")
        let container = folder.url.appendingPathComponent("container")
        try FileManager.default.createDirectory(at: container, withIntermediateDirectories: true)
        let workers = try (0..<Self.processes).map { _ in
            try IncrementingProcess.start(container: container, count: Self.incrementsEach, naive: naive, startSignal: signal)
        }
        for worker in workers {
            let ready = await worker.child.waitForOutput(containing: "ready", timeout: 60)
            try #require(ready, "incrementer did not start: \(worker.child.standardError)")
        }
        let counter = try BadgeCounter(containerDirectory: container)
        let resetter = Resetter(counter: counter, threshold: resetting ? 1_500 : Int.max)
        resetter.start()
        _ = FileManager.default.createFile(atPath: signal.path, contents: nil)
        for worker in workers {
            let status = await worker.child.waitForExit(timeout: 120)
            #expect(status == 0, "incrementer failed: \(worker.child.standardError)")
        }
        let resets = try await resetter.stop()
        return (workers.map(\.acknowledgements), resets, try counter.snapshot())
    }

    /// 8 processes × 5,000 increments while a ninth resets at every 1,500 or more. Every change
    /// has its own sequence number, so the test replays them in order: each increment must
    /// produce the previous count + 1, each reset must clear exactly the count at that point, and
    /// the final count is what the increments after the last reset add up to.
    @Test func eightProcessesAndAResetterLoseNothing() async throws {
        let folder = try TemporaryDirectory()
        let (acknowledgements, resets, final) = try await run(naive: false, in: folder)
        for (index, acks) in acknowledgements.enumerated() {
            #expect(acks.count == Self.incrementsEach, "process \(index) acknowledged \(acks.count)")
        }
        let increments = acknowledgements.flatMap { $0 }
        var history: [UInt64: (isReset: Bool, value: Int)] = [:]
        for ack in increments { history[ack.sequence] = (false, ack.value) }
        for reset in resets { history[reset.sequence] = (true, reset.previousValue) }
        let total = Self.processes * Self.incrementsEach
        #expect(history.count == total + resets.count, "two changes got the same sequence number")
        #expect(final.sequence == UInt64(total + resets.count))
        var count = 0
        var mismatches = 0
        for sequence in 1...max(final.sequence, 1) {
            guard let change = history[sequence] else {
                Issue.record("no change has sequence \(sequence)")
                break
            }
            if change.isReset {
                if change.value != count { mismatches += 1 }
                count = 0
            } else {
                count += 1
                if change.value != count { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
        let lastReset = resets.map(\.sequence).max() ?? 0
        let incrementsAfterLastReset = increments.filter { $0.sequence > lastReset }.count
        #expect(final.value == incrementsAfterLastReset)
        #expect(final.value == total - resets.reduce(0) { $0 + $1.previousValue })
        #expect(resets.count >= 2)
        let firstIncrement = increments.map(\.sequence).min() ?? 0
        let lastIncrement = increments.map(\.sequence).max() ?? 0
        #expect(resets.contains { $0.sequence > firstIncrement && $0.sequence < lastIncrement }, "no reset happened while the increments ran")
        print("badge counter, locked: \(total) increments from \(Self.processes) processes, \(resets.count) resets, final \(final.value), lost 0")
    }

    /// The same run with each process reading, adding and writing without the lock (what a shared
    /// `UserDefaults` behind an in-process queue does). With the resetter running, the books no
    /// longer balance: increments are lost, and a write based on a count read before a reset
    /// brings cleared counts back. Without resets the loss is exact: 40,000 minus the final count.
    @Test func naiveReadModifyWriteLosesUpdates() async throws {
        let total = Self.processes * Self.incrementsEach
        let withResets = try await run(naive: true, in: try TemporaryDirectory())
        #expect(withResets.acknowledgements.map(\.count) == Array(repeating: Self.incrementsEach, count: Self.processes))
        let accountedFor = withResets.resets.reduce(0) { $0 + $1.previousValue } + withResets.final.value
        let sequences = withResets.acknowledgements.flatMap { $0 }.map(\.sequence)
        let overwritten = sequences.count - Set(sequences).count
        print("badge counter, naive with \(withResets.resets.count) resets: \(total) increments counted as \(accountedFor) (off by \(accountedFor - total)); \(overwritten) increments wrote a sequence number another had written")
        #expect(accountedFor != total)
        #expect(overwritten > 0)

        let withoutResets = try await run(naive: true, resetting: false, in: try TemporaryDirectory())
        #expect(withoutResets.resets.isEmpty)
        let lost = total - withoutResets.final.value
        print("badge counter, naive without resets: \(total) increments from \(Self.processes) processes, final \(withoutResets.final.value), lost \(lost)")
        #expect(lost > 0)
    }

    /// Incrementers killed with SIGKILL at seeded random moments, three rounds of four: after each
    /// round the file parses and the count is the acknowledged increments plus at most one in
    /// flight per killed process. Unlocked reads while they run always find a value.
    @Test func killedIncrementersLeaveTheAcknowledgedCount() async throws {
        let folder = try TemporaryDirectory()
        let log = DiagnosticLog()
        let counter = try BadgeCounter(containerDirectory: folder.url, diagnostics: log.hook)
        var random = SeededGenerator(seed: 0x5161_0009)
        var acknowledged = 0
        var killed = 0
        var unlockedReads = 0
        for round in 0..<3 {
            let workers = try (0..<4).map { _ in try IncrementingProcess.start(container: folder.url, count: 50_000_000) }
            // Each worker is killed a seeded random time after its first acknowledgement (so a
            // loaded machine's slow start-up does not leave nothing to check).
            let delays = workers.map { _ in Double.random(in: 0...0.4, using: &random) }
            var deadlines: [Int: Date] = [:]
            var alive = Set(workers.indices)
            var lastSeen = 0
            let giveUp = Date().addingTimeInterval(60)
            while !alive.isEmpty {
                for index in alive {
                    if deadlines[index] == nil, workers[index].child.standardOutput.contains("ack ") {
                        deadlines[index] = Date().addingTimeInterval(delays[index])
                    }
                    if let deadline = deadlines[index], Date() >= deadline {
                        workers[index].child.send(signal: SIGKILL)
                        alive.remove(index)
                    }
                }
                try #require(Date() < giveUp, "incrementers did not start: \(workers.map(\.child.standardError))")
                // Read the raw bytes without the lock, mid-write: one slot always holds a value.
                let record = BadgeRecord(decoding: try Data(contentsOf: counter.file))
                if let current = record.current {
                    #expect(current.value >= lastSeen, "count went backwards")
                    lastSeen = current.value
                    unlockedReads += 1
                } else {
                    #expect(lastSeen == 0 && round == 0, "no readable slot after \(lastSeen)")
                }
                try await Task.sleep(nanoseconds: 3_000_000)
            }
            for worker in workers {
                let status = await worker.child.waitForExit(timeout: 30)
                #expect(status != nil && status != 0, "the incrementer was meant to be killed")
                acknowledged += worker.acknowledgements.count
            }
            killed += workers.count
            let bytes = try Data(contentsOf: counter.file)
            let record = BadgeRecord(decoding: bytes)
            #expect(bytes.count == BadgeRecord.fileSize)
            #expect(record.damagedSlots.isEmpty)
            let value = try counter.value()
            #expect(record.current?.value == value)
            #expect(value >= acknowledged && value <= acknowledged + killed, "count \(value), acknowledged \(acknowledged), killed \(killed)")
            print("badge counter, round \(round): count \(value), acknowledged \(acknowledged), killed \(killed)")
        }
        #expect(acknowledged > 100)
        #expect(unlockedReads > 10)
        #expect(log.entries.isEmpty)
        // A process killed while holding the lock did not leave it held.
        let after = try IncrementingProcess.start(container: folder.url, count: 1_000)
        #expect(await after.child.waitForExit(timeout: 60) == 0)
        #expect(after.acknowledgements.count == 1_000)
        #expect(after.acknowledgements.last?.value == (try counter.value()))
    }
}
