/// What a badge count must survive, which decides whether each write is flushed to storage.
///
/// Both levels keep the file readable — the two-slot format (`BadgeRecord`) means a reader
/// always finds the old or the new value. They differ in what a power loss costs:
///
/// - ``survivesProcessDeath``: a write is complete once it is in the kernel's page cache, which
///   outlives the process, so a process killed at any instruction loses nothing it acknowledged.
///   After a power loss (or a kernel panic) the file may go back to an older value — at worst the
///   increments of the last few seconds, never garbage. For an icon badge this is the right trade:
///   hundreds of thousands of increments per second instead of a few hundred.
/// - ``survivesPowerLoss``: every write is flushed to storage (`fdatasync`; `F_FULLFSYNC` on Apple
///   platforms) before the lock is released. An acknowledged increment survives a power loss, at
///   the cost of one storage flush per write.
public enum BadgeDurability: String, Sendable, Hashable, CaseIterable {
    /// Acknowledged writes survive the process being killed; a power loss may lose recent writes.
    case survivesProcessDeath
    /// Acknowledged writes survive a power loss; each write waits for storage.
    case survivesPowerLoss
}
