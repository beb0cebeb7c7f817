import ClipKit
import Foundation

/// One part of the full app's first-screen decision: which launch links and which claimed handoffs
/// open which of the app's own screens.
///
/// `Destination` is the app's own type — an enum of its screens, a navigation path. A rule answers
/// only for what it knows and returns `nil` for anything else (another route, another payload type,
/// a payload that does not decode or does not check out), so ``OnboardingResolver`` can ask the next.
///
/// ```swift
/// enum Screen: Sendable { case menu, order(CoffeeOrder) }
/// let rule = OnboardingRule<Screen>.payload(CoffeeOrder.self, routes: ["table"]) { .order($0) }
/// ```
///
/// Each flow module offers rules for its own payloads: `DriverOnboardingRule` in ClipNostrUI;
/// ``payload(_:routes:_:)`` serves an app's own payload type.
public struct OnboardingRule<Destination: Sendable>: Sendable {
    private let link: @Sendable (RouteMatch) -> Destination?
    private let handoff: @Sendable (HandoffEnvelope) -> Destination?

    /// Creates a rule from its two answers; either defaults to "not mine".
    ///
    /// - Parameters:
    ///   - link: The screen a launch link that matched a route opens, or `nil` when this rule does not handle it.
    ///   - handoff: The screen a claimed handoff opens, or `nil` when this rule does not handle it.
    public init(
        openedBy link: @escaping @Sendable (RouteMatch) -> Destination? = { _ in nil },
        claimed handoff: @escaping @Sendable (HandoffEnvelope) -> Destination? = { _ in nil }
    ) {
        self.link = link
        self.handoff = handoff
    }

    /// The screen a launch link opens when it matched `match`, or `nil` when this rule does not handle it.
    public func destination(openedBy match: RouteMatch) -> Destination? {
        link(match)
    }

    /// The screen a claimed handoff opens, or `nil` when this rule does not handle `envelope`.
    public func destination(claimed envelope: HandoffEnvelope) -> Destination? {
        handoff(envelope)
    }

    /// A rule for the app's own payload type: a claimed `Payload` opens `destination(payload)`, and
    /// so does a link to one of `routes` whose parameters decode as a `Payload` — the payload the
    /// clip hands off for such a link when its route names the type (`ClipSession.handOffRouteParameters()`).
    ///
    /// A handoff of another type, or one that does not decode as `Payload`, is left to the next rule.
    public static func payload<Payload: HandoffPayload>(
        _ type: Payload.Type, routes: Set<String> = [], _ destination: @escaping @Sendable (Payload) -> Destination?
    ) -> OnboardingRule {
        OnboardingRule(
            openedBy: { match in
                guard routes.contains(match.route), let payload = match.parameters(as: Payload.self) else { return nil }
                return destination(payload)
            },
            claimed: { envelope in
                guard envelope.typeName == Payload.handoffTypeName, let payload = try? envelope.decodePayload(as: Payload.self) else {
                    return nil
                }
                return destination(payload)
            }
        )
    }

    /// A rule for links to the route named `name`: they open `destination(match)`.
    public static func route(_ name: String, _ destination: @escaping @Sendable (RouteMatch) -> Destination?) -> OnboardingRule {
        OnboardingRule(openedBy: { match in match.route == name ? destination(match) : nil })
    }
}
