import Foundation

/// Rendered share pages by request, bounded in size, each valid until its profile goes stale.
///
/// Keys are the request's raw path (one cache per host the site routes separately), so a repeated request is one
/// dictionary lookup under a lock. When full, expired pages go first, then the oldest tenth.
package final class SharePageCache: @unchecked Sendable {
    private struct Entry {
        package let response: PreparedResponse
        package let expiresAt: Date?
        let sequence: UInt64
    }

    private let lock = NSLock()
    private var entries: [Substring: Entry] = [:]
    private var sequence: UInt64 = 0
    private let capacity: Int

    package init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// The number of cached pages.
    package var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return entries.count
    }

    /// The cached page for `key`, when it has not expired at `now`.
    package func response(for key: Substring, now: () -> Date) -> PreparedResponse? {
        lock.lock()
        let entry = entries[key]
        lock.unlock()
        guard let entry else { return nil }
        if let expiresAt = entry.expiresAt, expiresAt <= now() { return nil }
        return entry.response
    }

    /// Stores a page.
    package func store(_ response: PreparedResponse, for key: Substring, expiresAt: Date?, now: Date) {
        lock.lock()
        defer { lock.unlock() }
        if entries[key] == nil, entries.count >= capacity { evict(now: now) }
        sequence &+= 1
        entries[key] = Entry(response: response, expiresAt: expiresAt, sequence: sequence)
    }

    private func evict(now: Date) {
        entries = entries.filter { entry in entry.value.expiresAt.map { $0 > now } ?? true }
        guard entries.count >= capacity else { return }
        let excess = entries.count - capacity + max(1, capacity / 10)
        for (key, _) in entries.sorted(by: { $0.value.sequence < $1.value.sequence }).prefix(excess) {
            entries[key] = nil
        }
    }
}
