import Foundation

/// The app icon's badge count, shared by the app and its extensions across processes without
/// losing an update.
///
/// The count lives in one small file in the App Group container (``defaultFileName``). Every
/// change runs under an exclusive advisory lock (`flock`) on that file: read, compute, write,
/// unlock. The lock is the kernel's, so it serialises changes from every process — the app, and
/// any number of notification service extension processes — and the kernel releases it when a
/// process dies, even one killed while holding it. Inside one process a mutex serialises the
/// threads that share a counter.
///
/// The file format (`BadgeRecord`) has two checksummed slots written alternately, so a process
/// killed in the middle of a write leaves the old or the new value, never garbage. A damaged file
/// recovers to the last good value (or to 0 when nothing is readable) and reports a
/// ``BadgeCounterDiagnostic`` through the hook given at creation. ``BadgeDurability`` says whether
/// each write also waits for storage (power loss) or not (process death only; the default).
///
/// The count is never negative and saturates at `maximumValue`.
///
/// ```swift
/// let counter = try BadgeCounter(containerDirectory: appGroupURL) { diagnostic in log(diagnostic) }
/// let badge = try counter.increment().value
/// ```
///
/// On iOS the lock is held for microseconds; a process suspended while holding a file lock in an
/// App Group container is killed by the system, so never call the counter from code that can be
/// suspended in the middle of it (it has no such points).
public final class BadgeCounter: @unchecked Sendable {
    /// How changes from different processes are kept apart.
    @_spi(ClipKitTooling)
    public enum Coordination: Sendable, Hashable {
        /// An exclusive advisory lock around every read-modify-write (the only correct choice).
        case advisoryLock
        /// No lock between processes: each process reads, adds and writes on its own, as a shared
        /// `UserDefaults` serialised by an in-process queue does. Loses updates; exists only so the
        /// tests and the benchmark can show how many.
        case unlockedReadModifyWrite
    }

    /// The counter file's name inside the container.
    public static let defaultFileName = "ClipBadgeCount.record"
    /// The largest count; increments beyond it saturate.
    @_spi(ClipKitTooling) public static let maximumValue = Int(Int32.max)

    /// The counter file.
    public let file: URL
    /// Whether writes wait for storage.
    @_spi(ClipKitTooling) public let durability: BadgeDurability

    private let coordination: Coordination
    private let report: @Sendable (BadgeCounterDiagnostic) -> Void
    // Guards `openFile` and serialises this process's threads; the file lock serialises processes.
    private let mutex = NSLock()
    private var openFile: CounterFile?

    /// A counter in the App Group container `containerDirectory`.
    ///
    /// - Parameters:
    ///   - containerDirectory: The App Group container the app and its extensions share.
    ///   - fileName: The counter's file inside it.
    ///   - durability: Whether each write waits for storage; see ``BadgeDurability``.
    ///   - diagnostics: Called (on the calling thread, after the lock is released) for every
    ///     damage the counter found and recovered from.
    /// - Throws: ``BadgeCounterError/containerUnavailable(path:detail:)`` when the container does not
    ///   exist, or another ``BadgeCounterError`` when the file cannot be opened.
    public convenience init(
        containerDirectory: URL, fileName: String = BadgeCounter.defaultFileName,
        durability: BadgeDurability = .survivesProcessDeath,
        diagnostics: @escaping @Sendable (BadgeCounterDiagnostic) -> Void = { _ in }
    ) throws {
        try self.init(file: containerDirectory.appendingPathComponent(fileName), durability: durability, diagnostics: diagnostics)
    }

    /// A counter kept in `file`.
    public convenience init(
        file: URL, durability: BadgeDurability = .survivesProcessDeath,
        diagnostics: @escaping @Sendable (BadgeCounterDiagnostic) -> Void = { _ in }
    ) throws {
        try self.init(file: file, durability: durability, coordination: .advisoryLock, diagnostics: diagnostics)
    }

    /// A counter with a chosen ``Coordination``; only the benchmark and the tests pick another
    /// than ``Coordination/advisoryLock``.
    @_spi(ClipKitTooling)
    public init(
        file: URL, durability: BadgeDurability = .survivesProcessDeath, coordination: Coordination,
        diagnostics: @escaping @Sendable (BadgeCounterDiagnostic) -> Void = { _ in }
    ) throws(BadgeCounterError) {
        self.file = file
        self.durability = durability
        self.coordination = coordination
        self.report = diagnostics
        openFile = try CounterFile(path: file.path)
    }

    /// The current count.
    public func value() throws -> Int {
        try snapshot().value
    }

    /// The current count with the sequence number of the change that produced it.
    @_spi(ClipKitTooling) public func snapshot() throws(BadgeCounterError) -> BadgeSnapshot {
        var found: [BadgeCounterDiagnostic] = []
        defer { found.forEach(report) }
        return try withFile(exclusive: false, diagnostics: &found) { file, size, diagnostics throws(BadgeCounterError) in
            let record = try Self.read(file, diagnostics: &diagnostics)
            if size > BadgeRecord.fileSize { diagnostics.append(.unexpectedFileSize(path: file.path, bytes: size)) }
            let current = record.current
            return BadgeSnapshot(value: current?.value ?? 0, sequence: current?.sequence ?? 0)
        }
    }

    /// Adds `count` (at least 1) to the count.
    ///
    /// - Returns: The update, whose ``BadgeUpdate/value`` is the badge to show.
    @discardableResult
    public func increment(by count: Int = 1) throws -> BadgeUpdate {
        try update(.increment(by: count))
    }

    /// Sets the count to zero.
    ///
    /// - Returns: The update, whose `BadgeUpdate.previousValue` is the count that was cleared.
    @discardableResult
    public func reset() throws -> BadgeUpdate {
        try update(.reset)
    }

    /// Applies a policy's ``BadgeChange``.
    @discardableResult
    public func apply(_ badgeChange: BadgeChange) throws -> BadgeUpdate {
        try update(badgeChange)
    }

    /// ``apply(_:)`` with its error typed, for the notification processor.
    func update(_ badgeChange: BadgeChange) throws(BadgeCounterError) -> BadgeUpdate {
        switch badgeChange {
        case .increment(let count):
            guard count >= 1 else { throw BadgeCounterError.invalidIncrement(count) }
            return try change { current in current > Self.maximumValue - count ? Self.maximumValue : current + count }
        case .reset:
            return try change { _ in 0 }
        }
    }

    /// One read-modify-write under the lock.
    private func change(_ transform: (Int) -> Int) throws(BadgeCounterError) -> BadgeUpdate {
        var found: [BadgeCounterDiagnostic] = []
        defer { found.forEach(report) }
        return try withFile(exclusive: true, diagnostics: &found) { file, size, diagnostics throws(BadgeCounterError) in
            let record = try Self.read(file, diagnostics: &diagnostics)
            let current = record.current ?? BadgeRecord.Entry(sequence: 0, value: 0)
            let next = BadgeRecord.Entry(sequence: current.sequence + 1, value: min(max(transform(current.value), 0), Self.maximumValue))
            if (record.current == nil && !record.damagedSlots.isEmpty) || size > BadgeRecord.fileSize {
                // Rewrite the whole record so that no damaged slot or stray byte survives.
                if size > BadgeRecord.fileSize {
                    diagnostics.append(.unexpectedFileSize(path: file.path, bytes: size))
                    try file.truncate(to: BadgeRecord.fileSize)
                }
                try file.write(BadgeRecord.encodeFile(holding: next), at: 0)
            } else {
                // The slot that does not hold the current value; a damaged slot is overwritten here.
                try file.write(BadgeRecord.encode(next), at: BadgeRecord.slotIndex(for: next) * BadgeRecord.slotSize)
            }
            if durability == .survivesPowerLoss { try file.synchronize() }
            return BadgeUpdate(previousValue: current.value, value: next.value, sequence: next.sequence)
        }
    }

    /// Runs `body` on the open file (and its size) with the in-process mutex and (unless unlocked)
    /// the file lock held, reopening the file first if it was deleted or replaced.
    private func withFile<Result>(
        exclusive: Bool, diagnostics: inout [BadgeCounterDiagnostic],
        _ body: (CounterFile, Int, inout [BadgeCounterDiagnostic]) throws(BadgeCounterError) -> Result
    ) throws(BadgeCounterError) -> Result {
        mutex.lock()
        defer { mutex.unlock() }
        let lockFile = coordination == .advisoryLock
        for _ in 0..<4 {
            let file: CounterFile
            if let openFile { file = openFile } else {
                file = try CounterFile(path: self.file.path)
                openFile = file
            }
            if lockFile { try file.lock(exclusive: exclusive) }
            // Checked with the lock held: a file that lost its name is no longer the counter.
            let status = try file.status()
            guard status.isLinked else {
                if lockFile { file.unlock() }
                openFile = nil
                diagnostics.append(.fileReplacedWhileOpen(path: file.path))
                continue
            }
            defer { if lockFile { file.unlock() } }
            return try body(file, status.size, &diagnostics)
        }
        throw .cannotOpen(path: file.path, detail: "the file keeps being deleted or replaced while it is opened")
    }

    /// Reads and decodes the record, noting damaged slots.
    private static func read(_ file: CounterFile, diagnostics: inout [BadgeCounterDiagnostic]) throws(BadgeCounterError) -> BadgeRecord {
        let bytes = try file.readRecord()
        let record = BadgeRecord(decoding: bytes)
        if let current = record.current {
            for slot in record.damagedSlots {
                diagnostics.append(.damagedSlotIgnored(path: file.path, slot: slot, keptValue: current.value))
            }
        } else if !record.damagedSlots.isEmpty {
            diagnostics.append(.unreadableRecordReset(path: file.path))
        }
        return record
    }
}
