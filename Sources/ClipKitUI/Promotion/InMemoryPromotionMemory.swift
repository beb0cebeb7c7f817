import Foundation

/// Keeps the last dismissal in memory only: for SwiftUI previews, tests and single-process tools.
@_spi(ClipKitTooling)
public final class InMemoryPromotionMemory: InstallPromotionMemory, @unchecked Sendable {
    private let lock = NSLock()
    private var dismissedAt: Date?

    /// Creates a memory, optionally with a dismissal already recorded.
    public init(lastDismissal: Date? = nil) {
        dismissedAt = lastDismissal
    }

    /// When the overlay was last dismissed, if ever.
    public func lastDismissal() -> Date? {
        lock.withLock { dismissedAt }
    }

    /// Records a dismissal at `date`.
    public func recordDismissal(at date: Date) {
        lock.withLock { dismissedAt = date }
    }
}
