import ClipNotifications
import Foundation

/// Opens the badge counter in the App Group container folder a command was given.
enum NotificationContainer {
    /// The container folder as a URL, or a bad-input failure when it is not a folder.
    static func directory(_ path: String) throws -> URL {
        try ContainerFolder.existing(path)
    }

    /// The badge counter in `path`, reporting diagnostics into `collector`.
    static func badgeCounter(in path: String, collector: DiagnosticCollector) throws -> BadgeCounter {
        let directory = try directory(path)
        do {
            return try BadgeCounter(containerDirectory: directory) { collector.append($0) }
        } catch {
            throw CommandFailure.badInput("\(error)")
        }
    }

    /// Runs `operation` on the badge counter in `path`; a failure is bad input, and the
    /// diagnostics the counter reported come back with the result.
    static func withBadgeCounter<Result>(
        in path: String, _ operation: (BadgeCounter) throws -> Result
    ) throws -> (result: Result, counter: BadgeCounter, diagnostics: [String]) {
        let collector = DiagnosticCollector()
        let counter = try badgeCounter(in: path, collector: collector)
        do {
            return (try operation(counter), counter, collector.descriptions)
        } catch {
            throw CommandFailure.badInput(String(describing: error))
        }
    }
}

/// Collects the badge counter's diagnostics for the command's output.
final class DiagnosticCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [BadgeCounterDiagnostic] = []

    /// Adds one diagnostic.
    func append(_ diagnostic: BadgeCounterDiagnostic) {
        lock.lock()
        defer { lock.unlock() }
        collected.append(diagnostic)
    }

    /// Everything collected, in words.
    var descriptions: [String] {
        lock.lock()
        defer { lock.unlock() }
        return collected.map(\.description)
    }
}
