import ClipKit

/// One flow's part of the full app's first-screen decision: which launch links and which claimed
/// handoffs open that flow's screen.
///
/// ``OnboardingResolver`` asks its rules in order. A rule answers only for its own flow and
/// returns `nil` for anything else — another flow's route or payload type, or a payload that does
/// not decode or does not check out — so the resolver can ask the next rule. Each reference flow
/// ships its rule in its own module (`DriverOnboardingRule` in ClipNostrUI,
/// `StarterPackOnboardingRule` in ClipWebBridgeUI), so an app links only the flow it uses.
public protocol OnboardingRule: Sendable {
    /// The screen a launch link opens when it matched `match`, or `nil` when this rule does not
    /// handle the link.
    func destination(openedBy match: RouteMatch) -> OnboardingDestination?

    /// The screen a claimed handoff opens, or `nil` when this rule does not handle `envelope`.
    func destination(claimed envelope: HandoffEnvelope) -> OnboardingDestination?
}
