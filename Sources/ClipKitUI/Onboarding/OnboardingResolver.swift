@_spi(ClipKitTooling) import ClipKit
import Foundation

/// Decides the full app's first screen — a value of the app's own `Destination` type — from the
/// link that launched it and the clip's handoff.
///
/// Rules, in order:
/// 1. A launch link that any rule handles wins: it is the person's latest action. The first rule
///    that handles it decides the screen.
/// 2. Otherwise the first rule that accepts the claimed handoff decides. A rule checks the payload
///    itself (a driver's npub must verify, for one); the store checked only its shape.
/// 3. Otherwise, including a handoff the system evicted, an expired one, or one no rule knows,
///    the app shows its ``standard`` screen: the handoff is best-effort, never required. A claimed
///    handoff that opened no screen comes back in ``OnboardingLaunch/unhandledHandoff`` with the
///    reason, so it is never lost silently.
///
/// ``launch(openedBy:claimingFrom:)`` always claims, even when a link wins, so a leftover handoff
/// never surfaces on a later launch.
///
/// ```swift
/// enum Screen: Sendable { case home, order(CoffeeOrder) }
/// let resolver = OnboardingResolver(rules: [.payload(CoffeeOrder.self) { .order($0) }], otherwise: Screen.home)
/// let launch = resolver.launch(openedBy: launchURL, configuration: ClipConfiguration.self)
/// ```
public struct OnboardingResolver<Destination: Sendable>: Sendable {
    /// The rules, asked in order.
    public var rules: [OnboardingRule<Destination>]
    /// The screen when no rule answers: the app's usual first screen.
    public var standard: Destination

    /// Creates a resolver that asks `rules` in order and otherwise opens `standard`.
    public init(rules: [OnboardingRule<Destination>], otherwise standard: Destination) {
        self.rules = rules
        self.standard = standard
    }

    /// The app's first screen, given the route that launched it (if any) and the claimed entry (if any).
    public func destination(openedBy match: RouteMatch?, claimed envelope: HandoffEnvelope?) -> Destination {
        decide(openedBy: match, claimed: envelope).destination
    }

    /// Whether a link to `match` opens a screen of its own, not the standard one.
    @_spi(ClipKitTooling)
    public func handles(_ match: RouteMatch) -> Bool {
        rules.contains { $0.destination(openedBy: match) != nil }
    }

    /// Claims the waiting handoff from `store` (one-shot) and decides the first screen.
    public func launch(openedBy match: RouteMatch?, claimingFrom store: HandoffStore) -> OnboardingLaunch<Destination> {
        let claimed = store.claimEnvelope()
        let decision = decide(openedBy: match, claimed: claimed)
        return OnboardingLaunch(
            claimed: claimed, destination: decision.destination, origin: decision.origin, unhandledHandoff: decision.unhandled
        )
    }

    /// The whole launch decision in one call: routes `url` (the universal link that opened the app,
    /// if any) with the runtime's router, claims the handoff once and decides the first screen.
    ///
    /// A link that does not route counts as no link.
    public func launch(openedBy url: URL?, runtime: ClipRuntime) -> OnboardingLaunch<Destination> {
        let match = url.flatMap { try? runtime.router.route($0).get() }
        return launch(openedBy: match, claimingFrom: runtime.handoffs)
    }

    /// The launch when the runtime could not be built: nothing claimed, the standard screen, and why.
    public func launch(failedToSetUp problem: ClipSetupError) -> OnboardingLaunch<Destination> {
        OnboardingLaunch(claimed: nil, destination: standard, origin: nil, setupProblem: problem)
    }

    private func decide(
        openedBy match: RouteMatch?, claimed envelope: HandoffEnvelope?
    ) -> (destination: Destination, origin: PrefillOrigin?, unhandled: UnhandledHandoff?) {
        if let match {
            for rule in rules {
                if let destination = rule.destination(openedBy: match) {
                    let unhandled = envelope.map {
                        UnhandledHandoff(envelope: $0, reason: "the link that opened the app (route '\(match.route)') decided the first screen")
                    }
                    return (destination, .invocationURL, unhandled)
                }
            }
        }
        guard let envelope else { return (standard, nil, nil) }
        var refusals: [String] = []
        for rule in rules {
            switch rule.answer(claimed: envelope) {
            case .opens(let destination): return (destination, .clipHandoff, nil)
            case .notMine: continue
            case .refused(let reason): refusals.append(reason)
            }
        }
        let reason = refusals.isEmpty ? "no rule takes '\(envelope.typeName)' payloads" : refusals.joined(separator: "; ")
        return (standard, nil, UnhandledHandoff(envelope: envelope, reason: reason))
    }
}
