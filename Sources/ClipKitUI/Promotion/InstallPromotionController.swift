@_spi(ClipKitTooling) import ClipKit
import Foundation

/// Keeps the facts of one invocation and shows or holds the App Store overlay as
/// ``InstallPromotionPolicy`` decides.
///
/// Create one per invocation. The preview models tell it what happened
/// (``recordContentShown()``, ``recordTaskCompleted()``) and ask for the overlay
/// (``request(_:)``); the SwiftUI overlay modifier shows the overlay while
/// ``isOverlayPresented`` is true and reports a dismissal with ``recordOverlayDismissed()``.
///
/// Naming: a method that tells a model something happened is `record` and the event, in the past
/// (`recordContentShown()`, `recordOverlayDismissed()`, `WebBridgeClipModel.recordContentLoaded()`);
/// a method that acts and answers is a verb (`request(_:)`, `load()`, `handle(message:)`).
@MainActor
public final class InstallPromotionController {
    /// The rules this controller applies.
    public let policy: InstallPromotionPolicy
    /// What happened so far in this invocation.
    public private(set) var facts: InstallPromotionFacts
    /// The last decision, for logs and `clipkit simulate`.
    public private(set) var lastDecision: InstallPromotionDecision?
    /// Whether the overlay should be on screen; changes reach ``changes``.
    public var isOverlayPresented: Bool { facts.overlayIsPresented }
    /// Every change of ``isOverlayPresented``.
    public let changes = StateBroadcast<Bool>()

    private let memory: any InstallPromotionMemory
    private let now: @Sendable () -> Date

    /// Creates a controller for one invocation.
    ///
    /// - Parameters:
    ///   - policy: The rules; ``InstallPromotionPolicy/standard`` by default.
    ///   - memory: Where dismissals are remembered across invocations.
    ///   - now: The wall clock; tests pass a fixed one.
    public init(
        policy: InstallPromotionPolicy = .standard, memory: any InstallPromotionMemory,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.policy = policy
        self.memory = memory
        self.now = now
        facts = InstallPromotionFacts(lastDismissedAt: memory.lastDismissal())
    }

    /// Records that the clip's content is on screen; the first call starts the dwell.
    public func recordContentShown() {
        if facts.contentShownAt == nil { facts.contentShownAt = now() }
    }

    /// Records that the person finished the clip's task (the handoff was offered).
    public func recordTaskCompleted() {
        if facts.taskCompletedAt == nil { facts.taskCompletedAt = now() }
    }

    /// Asks for the overlay; shows it when the policy says so and returns the decision.
    @discardableResult
    public func request(_ request: InstallPromotionRequest) -> InstallPromotionDecision {
        let decision = policy.decide(request, given: facts, now: now())
        lastDecision = decision
        if decision.presents {
            if request == .automatic { facts.automaticPresentations += 1 }
            setPresented(true)
        }
        return decision
    }

    /// Waits until the content has been on screen for the policy's minimum dwell, then makes
    /// an automatic request. Returns `nil` when cancelled first or when no content was shown.
    ///
    /// - Parameter timer: What the wait runs on; the system's timer unless a test passes one
    ///   built on its own clock.
    @discardableResult
    public func requestAfterMinimumDwell(timer: DwellTimer = .system) async -> InstallPromotionDecision? {
        guard let shownAt = facts.contentShownAt else { return nil }
        let remaining = policy.minimumDwell - now().timeIntervalSince(shownAt)
        if remaining > 0 {
            do {
                try await timer.sleep(seconds: remaining)
            } catch {
                return nil
            }
        }
        return request(.automatic)
    }

    /// Records that the person dismissed the overlay; automatic requests stay quiet for the
    /// policy's quiet period, in later invocations too.
    public func recordOverlayDismissed() {
        guard facts.overlayIsPresented else { return }
        let date = now()
        facts.lastDismissedAt = date
        memory.recordDismissal(at: date)
        setPresented(false)
    }

    private func setPresented(_ presented: Bool) {
        guard facts.overlayIsPresented != presented else { return }
        facts.overlayIsPresented = presented
        changes.send(presented)
    }
}
