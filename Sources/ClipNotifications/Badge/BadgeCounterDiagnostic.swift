/// Something the badge counter noticed and recovered from, reported through its diagnostics hook.
///
/// None of these stops the counter; each says what was found and what value the counter continued
/// from, so that an app can log it.
public enum BadgeCounterDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// One slot was damaged (a write torn by a power loss, or foreign bytes); the other slot's
    /// value — the last good one — was used.
    case damagedSlotIgnored(path: String, slot: Int, keptValue: Int)
    /// No slot was valid, though the file was not empty; the count restarted from 0 and the file
    /// was rewritten.
    case unreadableRecordReset(path: String)
    /// The file was longer than a record; the extra bytes were ignored and cut off.
    case unexpectedFileSize(path: String, bytes: Int)
    /// The file was deleted or replaced while this process had it open; the counter reopened it.
    case fileReplacedWhileOpen(path: String)

    /// What happened, for people.
    public var description: String {
        switch self {
        case .damagedSlotIgnored(let path, let slot, let keptValue):
            return "\(path): slot \(slot) of the badge record was damaged; continued from the last good value \(keptValue)"
        case .unreadableRecordReset(let path):
            return "\(path): the badge record was unreadable; the count restarted from 0"
        case .unexpectedFileSize(let path, let bytes):
            return "\(path): the badge record was \(bytes) bytes instead of \(BadgeRecord.fileSize); the extra bytes were cut off"
        case .fileReplacedWhileOpen(let path):
            return "\(path): the badge record was deleted or replaced while open; reopened it (delete it only when no process uses it, or call reset())"
        }
    }
}
