import ClipKit

/// Decides the full app's first screen from the link that launched it and the clip's handoff,
/// the way RoadFlare's `AppState.initialize()` seeds its pending driver deep link.
///
/// Rules, in order:
/// 1. A launch link that any rule handles wins: it is the person's latest action. The first rule
///    that handles it decides the screen.
/// 2. Otherwise the first rule that accepts the claimed handoff pre-fills its flow. A rule checks
///    the payload itself (a driver's npub must verify, for one); the store checked only its shape.
/// 3. Otherwise, including a handoff the system evicted, an expired one, or one no rule knows,
///    the app shows its standard onboarding: the handoff is best-effort, never required.
///
/// ``launch(openedBy:claimingFrom:)`` always claims, even when a link wins, so a leftover handoff
/// never surfaces on a later launch.
///
/// ```swift
/// let resolver = OnboardingResolver(rules: [DriverOnboardingRule()])   // import ClipNostrUI
/// let launch = resolver.launch(openedBy: match, claimingFrom: store)
/// ```
public struct OnboardingResolver: Sendable {
    /// The flows' rules, asked in order.
    public var rules: [any OnboardingRule]

    /// Creates a resolver that asks `rules` in order; with no rules, every launch shows the
    /// standard onboarding.
    public init(rules: [any OnboardingRule]) {
        self.rules = rules
    }

    /// The app's first screen, given the route that launched it (if any) and the claimed entry (if any).
    public func destination(openedBy match: RouteMatch?, claimed envelope: HandoffEnvelope?) -> OnboardingDestination {
        if let match, let destination = firstDestination(from: { $0.destination(openedBy: match) }) {
            return destination
        }
        if let envelope, let destination = firstDestination(from: { $0.destination(claimed: envelope) }) {
            return destination
        }
        return .standardOnboarding
    }

    /// Claims the waiting handoff from `store` (one-shot) and decides the first screen.
    public func launch(openedBy match: RouteMatch?, claimingFrom store: HandoffStore) -> OnboardingLaunch {
        let claimed = store.claimEnvelope()
        return OnboardingLaunch(claimed: claimed, destination: destination(openedBy: match, claimed: claimed))
    }

    private func firstDestination(from answer: (any OnboardingRule) -> OnboardingDestination?) -> OnboardingDestination? {
        for rule in rules {
            if let destination = answer(rule) { return destination }
        }
        return nil
    }
}
