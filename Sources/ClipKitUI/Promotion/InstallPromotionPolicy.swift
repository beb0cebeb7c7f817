import Foundation

/// Decides when an App Clip may show the App Store overlay that promotes its full app.
///
/// Apple's rule for clips is that the overlay comes after the person's task, never as a gate,
/// and never as a repeated nag. The policy turns that into checks on ``InstallPromotionFacts``:
///
/// | request | overlay on screen | task done or dwell reached | shown automatically this invocation | dismissed within the quiet period | decision |
/// |---|---|---|---|---|---|
/// | any | yes | – | – | – | hold: already presented |
/// | ``InstallPromotionRequest/personAsked`` | no | – | – | – | present |
/// | ``InstallPromotionRequest/automatic`` | no | no | – | – | hold: task not done |
/// | ``InstallPromotionRequest/automatic`` | no | yes | `maximumAutomaticPresentations` reached | – | hold: already shown |
/// | ``InstallPromotionRequest/automatic`` | no | yes | below the maximum | yes | hold: recently dismissed |
/// | ``InstallPromotionRequest/automatic`` | no | yes | below the maximum | no | present |
///
/// A person who taps "Get RoadFlare" always gets the overlay: that tap is their own request,
/// not a prompt. Web content inside a clip cannot prove that a person tapped, so its requests
/// are automatic.
public struct InstallPromotionPolicy: Sendable, Equatable {
    /// How long content must have been on screen before an automatic request may show the
    /// overlay without a completed task.
    public var minimumDwell: TimeInterval
    /// How long automatic requests stay quiet after the person dismissed the overlay.
    public var quietPeriodAfterDismissal: TimeInterval
    /// How many times automatic requests may show the overlay in one invocation.
    public var maximumAutomaticPresentations: Int

    /// Creates a policy.
    ///
    /// - Parameters:
    ///   - minimumDwell: Seconds of content on screen that count as a finished look; 20 by default.
    ///   - quietPeriodAfterDismissal: Seconds after a dismissal during which automatic requests
    ///     are held; one day by default.
    ///   - maximumAutomaticPresentations: Automatic presentations per invocation; one by default.
    public init(
        minimumDwell: TimeInterval = 20, quietPeriodAfterDismissal: TimeInterval = 86_400,
        maximumAutomaticPresentations: Int = 1
    ) {
        self.minimumDwell = max(0, minimumDwell)
        self.quietPeriodAfterDismissal = max(0, quietPeriodAfterDismissal)
        self.maximumAutomaticPresentations = max(0, maximumAutomaticPresentations)
    }

    /// The policy with its default settings.
    public static let standard = InstallPromotionPolicy()

    /// Decides whether `request` shows the overlay at `now`, given what happened so far.
    public func decide(_ request: InstallPromotionRequest, given facts: InstallPromotionFacts, now: Date) -> InstallPromotionDecision {
        if facts.overlayIsPresented { return .hold(.alreadyPresented) }
        if request == .personAsked { return .present }

        if facts.taskCompletedAt == nil {
            guard let shownAt = facts.contentShownAt else { return .hold(.taskNotDone(remaining: nil)) }
            let dwelled = now.timeIntervalSince(shownAt)
            if dwelled < minimumDwell { return .hold(.taskNotDone(remaining: minimumDwell - dwelled)) }
        }
        if facts.automaticPresentations >= maximumAutomaticPresentations {
            return .hold(.alreadyShownThisInvocation)
        }
        if let dismissedAt = facts.lastDismissedAt {
            // A dismissal stamped in the future (the clock was set back) counts as now, so it
            // never silences the overlay for longer than the quiet period.
            let quietUntil = min(dismissedAt, now).addingTimeInterval(quietPeriodAfterDismissal)
            if now < quietUntil { return .hold(.recentlyDismissed(until: quietUntil)) }
        }
        return .present
    }
}
