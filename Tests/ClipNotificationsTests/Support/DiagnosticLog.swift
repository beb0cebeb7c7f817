import ClipNotifications
import Foundation

/// Collects what a badge counter reports through its diagnostics hook.
final class DiagnosticLog: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [BadgeCounterDiagnostic] = []

    var hook: @Sendable (BadgeCounterDiagnostic) -> Void {
        { [self] diagnostic in
            lock.lock()
            collected.append(diagnostic)
            lock.unlock()
        }
    }

    var entries: [BadgeCounterDiagnostic] {
        lock.lock()
        defer { lock.unlock() }
        return collected
    }

    func removeAll() {
        lock.lock()
        collected.removeAll()
        lock.unlock()
    }
}
