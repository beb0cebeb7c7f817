import Foundation

extension NSLock {
    /// Runs `body` with the lock held (Foundation's `withLock` needs newer Apple systems than the
    /// package supports).
    func protecting<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
