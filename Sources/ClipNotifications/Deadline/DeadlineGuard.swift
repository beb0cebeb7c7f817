import Foundation

/// Wraps a notification service extension's work so that the content handler is called exactly
/// once: with the work's content when it finishes, with the original content when it throws, and
/// with the best attempt so far when time runs out — whichever happens first.
///
/// The system gives an extension about 30 seconds and then calls `serviceExtensionTimeWillExpire`;
/// a handler that is never called drops the notification's changes, and one called twice is a
/// bug. The guard makes both impossible: every path goes through one state change made under a
/// lock, and only the first one delivers. It is generic over the content type, so the same rules
/// run on iOS (with `UNNotificationContent` converted by the glue) and in tests on Linux, and the
/// optional time budget is measured by an injected ``DeadlineTimer``.
///
/// ```swift
/// let deadline = DeadlineGuard(original: content) { delivered, outcome in contentHandler(delivered) }
/// deadline.run(within: 25) { bestAttempt in
///     var content = content
///     content.sound = .named("dm.aiff")
///     bestAttempt.record(content)          // delivered if time runs out from here on
///     content.communication = try await loadSender()
///     return content
/// }
/// // serviceExtensionTimeWillExpire: deadline.expire()
/// ```
@_spi(ClipKitTooling)
public final class DeadlineGuard<Content: Sendable>: @unchecked Sendable {
    /// Receives the delivered content and the reason it was chosen; called exactly once.
    public typealias ContentHandler = @Sendable (Content, DeadlineOutcome) -> Void

    private let original: Content
    private let contentHandler: ContentHandler
    // `lock` guards everything below it.
    private let lock = NSLock()
    private var bestAttempt: Content
    private var deliveredOutcome: DeadlineOutcome?
    private var hasStarted = false
    private var tasks: [Task<Void, Never>] = []

    /// Creates a guard for a notification whose unchanged content is `original`.
    ///
    /// - Parameters:
    ///   - original: The content as it arrived: delivered when the work throws, or when time runs
    ///     out before the work recorded a better attempt.
    ///   - contentHandler: Called exactly once, from whichever thread finishes first.
    public init(original: Content, contentHandler: @escaping ContentHandler) {
        self.original = original
        self.bestAttempt = original
        self.contentHandler = contentHandler
    }

    /// How the content was delivered; `nil` while nothing was.
    public var outcome: DeadlineOutcome? {
        lock.protecting { deliveredOutcome }
    }

    /// Starts `work`, delivering its content when it returns; with a `budget` (in seconds), the
    /// best attempt is delivered when `timer` says that much time passed first, and the work is
    /// cancelled.
    ///
    /// Call it once; later calls do nothing.
    public func run(
        within budget: TimeInterval? = nil, timer: any DeadlineTimer = SystemDeadlineTimer(),
        _ work: @escaping @Sendable (BestAttempt) async throws -> Content
    ) {
        let isFirstRun = lock.protecting {
            defer { hasStarted = true }
            return !hasStarted && deliveredOutcome == nil
        }
        guard isFirstRun else { return }
        let recorder = BestAttempt(deadlineGuard: self)
        var started: [Task<Void, Never>] = [
            Task { [self] in
                do {
                    complete(with: try await work(recorder))
                } catch {
                    fail(error)
                }
            },
        ]
        if let budget {
            started.append(Task { [self] in
                do {
                    try await timer.sleep(seconds: budget)
                } catch {
                    return  // cancelled: something else delivered first
                }
                _ = finish(.budgetExhausted) { _, best in best }
            })
        }
        let alreadyDelivered = lock.protecting {
            if deliveredOutcome == nil { tasks.append(contentsOf: started) }
            return deliveredOutcome != nil
        }
        if alreadyDelivered { started.forEach { $0.cancel() } }
    }

    /// Makes `content` the one delivered if time runs out before the work finishes.
    public func recordBestAttempt(_ content: Content) {
        lock.protecting {
            if deliveredOutcome == nil { bestAttempt = content }
        }
    }

    /// Delivers `content` as the finished work; `false` when something was delivered already.
    @discardableResult
    public func complete(with content: Content) -> Bool {
        finish(.completed) { _, _ in content }
    }

    /// Delivers the original content because the work failed with `error`; `false` when something
    /// was delivered already.
    @discardableResult
    public func fail(_ error: any Error) -> Bool {
        finish(.failed(String(describing: error))) { original, _ in original }
    }

    /// Delivers the best attempt now, because the system's time is about to expire; call it from
    /// `serviceExtensionTimeWillExpire`. `false` when something was delivered already.
    @discardableResult
    public func expire() -> Bool {
        finish(.systemExpired) { _, best in best }
    }

    /// The single place that delivers: the first caller wins, everyone else gets `false`.
    private func finish(_ outcome: DeadlineOutcome, choosing choose: (_ original: Content, _ best: Content) -> Content) -> Bool {
        lock.lock()
        guard deliveredOutcome == nil else {
            lock.unlock()
            return false
        }
        deliveredOutcome = outcome
        let content = choose(original, bestAttempt)
        let pending = tasks
        tasks = []
        lock.unlock()
        // Outside the lock, so a handler that calls back into the guard cannot deadlock.
        contentHandler(content, outcome)
        pending.forEach { $0.cancel() }
        return true
    }

    /// Lets the work record its best attempt so far.
    public struct BestAttempt: Sendable {
        let deadlineGuard: DeadlineGuard<Content>

        /// Makes `content` the one delivered if time runs out before the work finishes.
        public func record(_ content: Content) {
            deadlineGuard.recordBestAttempt(content)
        }
    }
}
