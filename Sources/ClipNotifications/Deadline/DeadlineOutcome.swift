/// Which content a ``DeadlineGuard`` handed to the content handler, and why.
@_spi(ClipKitTooling)
public enum DeadlineOutcome: Sendable, Hashable, CustomStringConvertible {
    /// The work finished in time: its content was delivered.
    case completed
    /// The work threw: the original content was delivered. Holds the error's description.
    case failed(String)
    /// The guard's own time budget ran out first: the best attempt so far was delivered.
    case budgetExhausted
    /// The system said its time is about to expire (`serviceExtensionTimeWillExpire`): the best
    /// attempt so far was delivered.
    case systemExpired

    /// Whether the delivered content is the work's final content.
    public var isCompleted: Bool { self == .completed }

    /// The outcome in words.
    public var description: String {
        switch self {
        case .completed: return "completed"
        case .failed(let message): return "failed: \(message)"
        case .budgetExhausted: return "time budget exhausted"
        case .systemExpired: return "system time expired"
        }
    }
}
