@_spi(ClipKitTooling) import ClipNotifications
import ClipTestSupport
import Foundation
import Testing

@Suite struct BadgeCounterTests {
    @Test func incrementsResetsAndNumbersEveryChange() throws {
        let folder = try TemporaryDirectory()
        let counter = try BadgeCounter(containerDirectory: folder.url)
        #expect(try counter.snapshot() == BadgeSnapshot(value: 0, sequence: 0))
        #expect(try counter.increment() == BadgeUpdate(previousValue: 0, value: 1, sequence: 1))
        #expect(try counter.increment(by: 4) == BadgeUpdate(previousValue: 1, value: 5, sequence: 2))
        #expect(try counter.value() == 5)
        #expect(try counter.reset() == BadgeUpdate(previousValue: 5, value: 0, sequence: 3))
        #expect(try counter.reset() == BadgeUpdate(previousValue: 0, value: 0, sequence: 4))
        #expect(try counter.apply(.increment(by: 2)).value == 2)
        // A second counter on the same file (another process, in effect) sees the same state.
        let other = try BadgeCounter(containerDirectory: folder.url)
        #expect(try other.snapshot() == BadgeSnapshot(value: 2, sequence: 5))
        let size = try FileManager.default.attributesOfItem(atPath: counter.file.path)[.size] as? Int
        #expect(size == BadgeRecord.fileSize)
    }

    @Test func refusesIncrementsBelowOne() throws {
        let folder = try TemporaryDirectory()
        let counter = try BadgeCounter(containerDirectory: folder.url)
        #expect(throws: BadgeCounterError.invalidIncrement(0)) { try counter.increment(by: 0) }
        #expect(throws: BadgeCounterError.invalidIncrement(-3)) { try counter.increment(by: -3) }
        #expect(try counter.value() == 0)
    }

    @Test func saturatesAtTheMaximum() throws {
        let folder = try TemporaryDirectory()
        let counter = try BadgeCounter(containerDirectory: folder.url)
        try counter.increment(by: BadgeCounter.maximumValue - 1)
        #expect(try counter.increment(by: 5).value == BadgeCounter.maximumValue)
        #expect(try counter.increment(by: Int.max).value == BadgeCounter.maximumValue)
    }

    @Test func missingContainerIsATypedError() {
        #expect {
            try BadgeCounter(containerDirectory: URL(fileURLWithPath: "/nonexistent/app-group"))
        } throws: { error in
            guard case .containerUnavailable(let path, _)? = error as? BadgeCounterError else { return false }
            return path == "/nonexistent/app-group" && (error as? BadgeCounterError)?.description.contains("App Group entitlement") == true
        }
    }

    @Test func garbageFileRecoversToZeroWithADiagnostic() throws {
        let folder = try TemporaryDirectory()
        let log = DiagnosticLog()
        let file = folder.file(BadgeCounter.defaultFileName)
        try Data("this is not a badge record, it is a sentence of 64 bytes or so.".utf8).write(to: file)
        let counter = try BadgeCounter(containerDirectory: folder.url, diagnostics: log.hook)
        #expect(try counter.value() == 0)
        #expect(log.entries == [.unreadableRecordReset(path: file.path)])
        log.removeAll()
        #expect(try counter.increment().value == 1)
        #expect(log.entries == [.unreadableRecordReset(path: file.path)])
        log.removeAll()
        // The write replaced the whole record: nothing damaged is left.
        #expect(try counter.value() == 1)
        #expect(log.entries.isEmpty)
        #expect(BadgeRecord(decoding: try Data(contentsOf: file)).damagedSlots.isEmpty)
    }

    @Test func damagedSlotFallsBackToTheLastGoodValue() throws {
        let folder = try TemporaryDirectory()
        let log = DiagnosticLog()
        let counter = try BadgeCounter(containerDirectory: folder.url, diagnostics: log.hook)
        for _ in 0..<6 { try counter.increment() }  // slot 0 holds 6 (sequence 6), slot 1 holds 5
        var bytes = try Data(contentsOf: counter.file)
        bytes[20] ^= 0xFF  // damage the value in slot 0, as a torn write would
        try bytes.write(to: counter.file)
        #expect(try counter.value() == 5)
        #expect(log.entries == [.damagedSlotIgnored(path: counter.file.path, slot: 0, keptValue: 5)])
        log.removeAll()
        #expect(try counter.increment().value == 6)  // overwrites the damaged slot
        #expect(try counter.value() == 6)
        #expect(log.entries == [.damagedSlotIgnored(path: counter.file.path, slot: 0, keptValue: 5)])
        log.removeAll()
        _ = try counter.value()
        #expect(log.entries.isEmpty)
    }

    @Test func extraBytesAreReportedAndCutOff() throws {
        let folder = try TemporaryDirectory()
        let log = DiagnosticLog()
        let counter = try BadgeCounter(containerDirectory: folder.url, diagnostics: log.hook)
        try counter.increment(by: 3)
        let handle = try FileHandle(forWritingTo: counter.file)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(repeating: 0x41, count: 100))
        try handle.close()
        #expect(try counter.value() == 3)
        #expect(log.entries == [.unexpectedFileSize(path: counter.file.path, bytes: 164)])
        #expect(try counter.increment().value == 4)
        #expect(try FileManager.default.attributesOfItem(atPath: counter.file.path)[.size] as? Int == BadgeRecord.fileSize)
    }

    @Test func deletedFileIsReopened() throws {
        let folder = try TemporaryDirectory()
        let log = DiagnosticLog()
        let counter = try BadgeCounter(containerDirectory: folder.url, diagnostics: log.hook)
        try counter.increment(by: 7)
        try FileManager.default.removeItem(at: counter.file)
        #expect(try counter.increment().value == 1)
        #expect(log.entries == [.fileReplacedWhileOpen(path: counter.file.path)])
        #expect(try BadgeCounter(containerDirectory: folder.url).value() == 1)
    }

    @Test func powerLossDurabilityFlushesAndCounts() throws {
        let folder = try TemporaryDirectory()
        let counter = try BadgeCounter(containerDirectory: folder.url, durability: .survivesPowerLoss)
        for _ in 0..<20 { try counter.increment() }
        #expect(try counter.value() == 20)
    }

    /// Threads sharing one counter and threads with counters of their own (separate open files,
    /// so the file lock is what keeps them apart) lose nothing.
    @Test func threadsInOneProcessLoseNothing() throws {
        let folder = try TemporaryDirectory()
        let shared = try BadgeCounter(containerDirectory: folder.url)
        let failures = DiagnosticLog()
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            do {
                let counter = worker % 2 == 0 ? shared : try BadgeCounter(containerDirectory: folder.url)
                for _ in 0..<1_000 { try counter.increment() }
            } catch {
                failures.hook(.unreadableRecordReset(path: "\(error)"))
            }
        }
        #expect(failures.entries.isEmpty)
        #expect(try shared.snapshot() == BadgeSnapshot(value: 8_000, sequence: 8_000))
    }
}
